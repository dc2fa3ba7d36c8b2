import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { selectIsAdmin, useClientConfig } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import type { DraftRun } from './usePlayerRunner.ts';

const OperatorDraftHost = lazy(() => import('./OperatorDraftHost.tsx'));

type Playable = PlayableCharacter['character'];

/** What the admin route under `base` answered for the draft of `slug` (OperatorDraftHost). */
export interface DraftFound {
  slug: string;
  base: string;
  draft: Playable | null;
  failed: boolean;
  run: DraftRun;
}

export interface OperatorDraft {
  /** The page plays the draft: an operator on an unpublished (not served) or priced character. */
  wanted: boolean;
  /** The draft and how it runs, once it came. */
  found: (DraftFound & { draft: Playable }) | null;
  failed: boolean;
  /** Asks for the draft (render it while `wanted` and nothing came yet). */
  host: ReactNode;
}

/**
 * An operator opening /full/chat/{slug} of an unpublished or priced character
 * plays its draft for free (「プレビュー」 on screen): no ticket gate (access
 * `draft`), no talk on the server, no log lines, recognition on the draft.
 * A talk that is never opened cannot be billed, so nothing needs marking.
 */
export function useOperatorDraft(
  slug: string,
  published: { data: PlayableCharacter | undefined; isError: boolean; settled: boolean },
): OperatorDraft {
  const isAdmin = useAppSelector(selectIsAdmin);
  const base = useClientConfig().data?.adminApiBase ?? '/api/admin';
  const [answer, setAnswer] = useState<DraftFound | null>(null);
  const wanted =
    isAdmin && published.settled && (published.isError || (published.data?.character.dialogue.price ?? 0) > 0);
  // An answer under another base is stale: the config's base came after the page, and the draft is asked again there.
  const current = answer?.slug === slug && answer.base === base ? answer : null;
  const host =
    wanted && !current ? (
      <Suspense fallback={null}>
        <OperatorDraftHost slug={slug} base={base} onFound={setAnswer} />
      </Suspense>
    ) : null;
  const draft = current?.draft ?? null;
  return { wanted, found: current && draft ? { ...current, draft } : null, failed: current?.failed ?? false, host };
}
