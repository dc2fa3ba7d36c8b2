import type { ViaCounts } from '@talkwith/proto/dialogue';
import { useAdminTexts } from '../i18n.ts';
import { VIA_COLORS, viaParts } from './blockFigures.ts';

/** How a block's entries came in: a thin stacked bar (for the eye) and the counts as text (for reading and for screen readers). */
export function ViaBar({ via, entries }: { via: ViaCounts; entries: number }) {
  const { t } = useAdminTexts('insight.via');
  const parts = viaParts(via);
  if (parts.length === 0) return <span className="muted">—</span>;
  return (
    <div className="ins-via">
      <div className="ins-via__bar" aria-hidden="true">
        {parts.map(({ via: key, count }) => (
          <span
            key={key}
            title={`${t(key)} ${count}`}
            style={{ width: `${(count / Math.max(entries, 1)) * 100}%`, background: VIA_COLORS[key] }}
          />
        ))}
      </div>
      <ul className="ins-via__counts">
        {parts.map(({ via: key, count }) => (
          <li key={key}>
            <i style={{ background: VIA_COLORS[key] }} aria-hidden="true" />
            {t(key)} <b>{count}</b>
          </li>
        ))}
      </ul>
    </div>
  );
}
