import type { Block, EngineCommand, LogCategory, MatchKind, Video } from '@talkwith/proto/dialogue';
import { Messages, type MessageCode } from './messages.ts';
import { nextRandom } from './prng.ts';
import type { EngineState, MatchEvidence, Runtime } from './state.ts';

/** One step in progress: a private copy of the runtime, the commands so far and the input time. */
export interface Ctx {
  readonly state: EngineState;
  readonly rt: Runtime;
  readonly commands: EngineCommand[];
  readonly now: number;
  /** guards recursive block redirects (replacement, random end, kikiwasure). */
  depth: number;
  /** blocks entered in this step. */
  entries: number;
}

/** How the utterance leading to the next block was understood and with what (trackStep's match); null: not understood. */
export function setLeadingMatch(ctx: Ctx, match: MatchKind | null, evidence: MatchEvidence | null = null): void {
  ctx.rt.leadingMatch = match;
  ctx.rt.leadingEvidence = match ? evidence : null;
}

export function emit(ctx: Ctx, command: EngineCommand): void {
  ctx.commands.push(command);
}

export function log(ctx: Ctx, category: LogCategory, message: string, extra: Record<string, unknown> = {}): void {
  emit(ctx, { type: 'log', category, message, extra });
}

/** The log line of a catalogued problem: category error, its Japanese message, `extra.code`. */
export function problemCommand(code: MessageCode, extra: Record<string, unknown> = {}): EngineCommand {
  return { type: 'log', category: 'error', message: Messages[code], extra: { code, ...extra } };
}

export function logProblem(ctx: Ctx, code: MessageCode, extra: Record<string, unknown> = {}): void {
  emit(ctx, problemCommand(code, extra));
}

export function video(ctx: Ctx, id: string | null | undefined): Video | undefined {
  return id ? ctx.state.index.videos.get(id) : undefined;
}

export function block(ctx: Ctx, id: string | null | undefined): Block | undefined {
  return id ? ctx.state.index.blocks.get(id) : undefined;
}

export function currentBlock(ctx: Ctx): Block | undefined {
  return block(ctx, ctx.rt.blockId);
}

export function random(ctx: Ctx): number {
  const r = nextRandom(ctx.rt.rng);
  ctx.rt.rng = r.seed;
  return r.value;
}

export function pick<T>(ctx: Ctx, items: readonly T[]): T | undefined {
  if (items.length <= 1) return items[0];
  return items[Math.floor(random(ctx) * items.length)];
}

/** The 1st, 2nd… entry of a ladder list; the last one repeats. */
export function ladderEntry<T>(items: readonly T[], count: number): T | undefined {
  return items[Math.min(Math.max(count - 1, 0), items.length - 1)];
}

export function existingVideos(ctx: Ctx, ids: readonly string[]): string[] {
  return ids.filter((id) => ctx.state.index.videos.has(id));
}

export function existingBlocks(ctx: Ctx, ids: readonly (string | null)[]): string[] {
  return ids.filter((id): id is string => id !== null && ctx.state.index.blocks.has(id));
}
