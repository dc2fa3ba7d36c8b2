import type { Block } from '@talkwith/proto/dialogue';
import { existingBlocks, existingVideos, logProblem, pick, type Ctx } from './context.ts';

export type Replacement = { kind: 'none' } | { kind: 'block'; blockId: string } | { kind: 'video'; videoId: string };

/**
 * A block with play_again false that was already played is replaced: first by
 * an unplayed convert block, else by a replacement video (then the block goes
 * on as usual), else by an already played convert block. The block's own lists
 * win over the character's defaults.
 */
export function replacementFor(ctx: Ctx, b: Block): Replacement {
  if (b.play_again || !ctx.rt.played.includes(b.id)) return { kind: 'none' };
  const defaults = ctx.state.character.replacement;
  const blocks = existingBlocks(
    ctx,
    b.replacement_block_ids.length > 0 ? b.replacement_block_ids : defaults.block_ids,
  ).filter((id) => id !== b.id);
  const unplayed = blocks.find((id) => !ctx.rt.played.includes(id));
  if (unplayed) return { kind: 'block', blockId: unplayed };
  const videos = existingVideos(ctx, b.replacement_video_ids.length > 0 ? b.replacement_video_ids : defaults.video_ids);
  const videoId = pick(ctx, videos);
  if (videoId) return { kind: 'video', videoId };
  if (blocks[0]) return { kind: 'block', blockId: blocks[0] };
  logProblem(ctx, 'REPLACEMENT_MISSING', { blockId: b.id });
  return { kind: 'none' };
}
