import type { Block } from '@talkwith/proto/dialogue';
import { existingVideos, logProblem, pick, type Ctx } from './context.ts';

const RUN_TOTAL = '*';

function endBlockOrLog(ctx: Ctx, b: Block, end: string | null): string | undefined {
  if (end && ctx.state.index.blocks.has(end)) return end;
  logProblem(ctx, 'RANDOM_END_BLOCK_MISSING', { blockId: b.id });
  return undefined;
}

/**
 * Random blocks (random_count > 0) may be entered random_count times in a run;
 * every later entry goes to the end block. The random group's count limits all
 * random draws of a run the same way. Only entering one of the group's
 * end_blocks ends the run (and resets the counts): a used-up block is not
 * revived by being entered again.
 */
export function randomRedirect(ctx: Ctx, b: Block): string | undefined {
  const group = ctx.state.character.random;
  const counts = ctx.rt.randomCounts;
  if (group.end_blocks.includes(b.id)) {
    ctx.rt.randomCounts = {};
    ctx.rt.randomDrawn = [];
    return undefined;
  }
  if (b.random_count <= 0) return undefined;
  if ((counts[b.id] ?? 0) >= b.random_count) {
    return endBlockOrLog(ctx, b, b.random_end_block_id ?? group.final_block_id);
  }
  if (group.count > 0 && (counts[RUN_TOTAL] ?? 0) >= group.count) {
    return endBlockOrLog(ctx, b, group.final_block_id ?? b.random_end_block_id);
  }
  return undefined;
}

/** Draws the trigger of a random block from the group's videos, without repeats until all were drawn. */
export function randomTriggerVideo(ctx: Ctx, b: Block): string | null {
  const counts = ctx.rt.randomCounts;
  counts[b.id] = (counts[b.id] ?? 0) + 1;
  counts[RUN_TOTAL] = (counts[RUN_TOTAL] ?? 0) + 1;
  const pool = existingVideos(ctx, ctx.state.character.random.trigger_videos);
  if (pool.length === 0) return b.trigger_video_id;
  let available = pool.filter((id) => !ctx.rt.randomDrawn.includes(id));
  if (available.length === 0) {
    ctx.rt.randomDrawn = [];
    available = pool;
  }
  const choice = pick(ctx, available) ?? null;
  if (choice) ctx.rt.randomDrawn.push(choice);
  return choice;
}
