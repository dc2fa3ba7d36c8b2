import { UNMATCHED_TEXT_MAX, type Block, type UnmatchedReason } from '@talkwith/proto/dialogue';
import { emit, type Ctx } from './context.ts';

/**
 * The final utterance of this block went unanswered (the no-match ladder, or an
 * empty search/SPJ result): the host reports it so operators can see what users
 * say that the character cannot answer. A failed request is not reported: the
 * utterance was never judged.
 */
export function reportUnmatched(ctx: Ctx, b: Block, reason: UnmatchedReason): void {
  const text = ctx.rt.session.blockText.trim().slice(0, UNMATCHED_TEXT_MAX);
  if (text !== '') emit(ctx, { type: 'unmatched', blockId: b.id, text, reason });
}
