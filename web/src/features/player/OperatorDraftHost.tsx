import { useEffect, useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { draftRecognition, useTryDraftBySlugMutation } from './draftApi.ts';
import type { DraftFound } from './useOperatorDraft.tsx';

/**
 * Asks for the draft an operator plays on /full/chat/{slug} (the admin route), and hands up what came back:
 * the draft with its recognition, or the failure. Loaded in its own chunk only for an operator (useOperatorDraft):
 * the draft's API is no part of a customer's talk page. Renders nothing.
 */
export default function OperatorDraftHost({
  slug,
  base,
  onFound,
}: {
  slug: string;
  /** The admin API's base (the client config's; it may come after the page). */
  base: string;
  onFound: (found: DraftFound) => void;
}) {
  const dispatch = useAppDispatch();
  const [tryDraft, asked] = useTryDraftBySlugMutation();
  useEffect(() => {
    void tryDraft({ base, slug });
  }, [tryDraft, base, slug]);
  const run = useMemo(() => ({ recognition: draftRecognition(dispatch, base) }), [dispatch, base]);
  const draft = asked.data?.character ?? null;
  const failed = asked.isError;
  useEffect(() => {
    if (draft || failed) onFound({ slug, base, draft, failed, run });
  }, [slug, base, draft, failed, run, onFound]);
  return null;
}
