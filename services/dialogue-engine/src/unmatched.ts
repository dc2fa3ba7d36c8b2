import { UNMATCHED_TEXT_MAX, type Block, type UnmatchedReason } from '@talkwith/proto/dialogue';
import { emit, type Ctx } from './context.ts';

/**
 * The final utterance of this block went unanswered (the no-match ladder, or an
 * empty search/SPJ result): the host reports it so operators can see what users
 * say that the character cannot answer. A failed request is not reported: the
 * utterance was never judged.
 */
export function reportUnmatched(ctx: Ctx, b: Block, reason: UnmatchedReason, nearest: Nearest = {}): void {
  const text = ctx.rt.session.blockText.trim().slice(0, UNMATCHED_TEXT_MAX);
  if (text === '') return;
  emit(ctx, {
    type: 'unmatched',
    blockId: b.id,
    text,
    reason,
    ...(nearest.score !== undefined ? { bestScore: nearest.score } : {}),
    ...(nearest.blockId !== undefined ? { nearestBlockId: nearest.blockId } : {}),
  });
}

/**
 * How close a search or SPJ answer came, when it was too low to answer: its
 * best score and, for a search, that hit's block (insight shows the operator
 * which block the utterance nearly reached).
 */
export interface Nearest {
  score?: number;
  blockId?: string;
}
