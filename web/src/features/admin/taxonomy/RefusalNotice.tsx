import { Notice } from '../../../app/ui.tsx';
import type { Refusal } from './formSupport.ts';

/** A server refusal, with what stands in the way listed (the groups of a category, the characters of a group). */
export function RefusalNotice({ refusal }: { refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <Notice kind="error">
      {refusal.message}
      {refusal.blockers.length > 0 && (
        <ul className="taxonomy-blockers">
          {refusal.blockers.map((b) => (
            <li key={b.id}>{b.name}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
