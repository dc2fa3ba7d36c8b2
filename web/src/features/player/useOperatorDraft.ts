import { useEffect, useMemo } from 'react';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { selectIsAdmin, useClientConfig } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { draftRecognition, useTryDraftBySlugMutation } from './draftApi.ts';
import type { DraftRun } from './usePlayerRunner.ts';

type Playable = PlayableCharacter['character'];

export interface OperatorDraft {
  /** The page plays the draft: an operator on an unpublished (not served) or priced character. */
  wanted: boolean;
  draft: Playable | null;
  failed: boolean;
  run: DraftRun;
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
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector(selectIsAdmin);
  const base = useClientConfig().data?.adminApiBase ?? '/api/admin';
  const [tryDraft, asked] = useTryDraftBySlugMutation();
  const wanted =
    isAdmin && published.settled && (published.isError || (published.data?.character.dialogue.price ?? 0) > 0);
  useEffect(() => {
    if (wanted) void tryDraft({ base, slug });
  }, [wanted, tryDraft, base, slug]);
  const run = useMemo<DraftRun>(() => ({ recognition: draftRecognition(dispatch, base) }), [dispatch, base]);
  return { wanted, draft: asked.data?.character ?? null, failed: asked.isError, run };
}
