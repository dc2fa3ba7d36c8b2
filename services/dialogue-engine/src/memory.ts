import type { Block } from '@talkwith/proto/dialogue';
import { emit, type Ctx } from './context.ts';

/** Slots (what the user told the character), the summary of them, and kikiwasure (asking for what was missed). */

export function fillSlot(ctx: Ctx, name: string, value: string): void {
  ctx.rt.slotValues[name] = value;
  emit(ctx, { type: 'fillSlot', name, value });
}

export function showSummaryIfAsked(ctx: Ctx, b: Block): void {
  if (!b.summary_mode) return;
  const { slots, summary } = ctx.state.character;
  const names = summary.slot_names.length > 0 ? summary.slot_names : slots.map((s) => s.name);
  const items = names.map((name) => ({
    slot: name,
    label: slots.find((s) => s.name === name)?.label ?? name,
    value: ctx.rt.slotValues[name] ?? '',
  }));
  emit(ctx, { type: 'showSummary', title: summary.title, items });
}

/** In kikiwasure mode, the first unfilled slot that has not been asked for yet sends the user to the block asking for it. */
export function kikiwasureRedirect(ctx: Ctx, b: Block): string | undefined {
  if (!b.kikiwasure_mode) return undefined;
  const entry = ctx.state.character.kikiwasure.find(
    (e) =>
      !ctx.rt.slotValues[e.slot] &&
      !ctx.rt.kikiwasureAsked.includes(e.slot) &&
      e.block_id !== b.id &&
      ctx.state.index.blocks.has(e.block_id),
  );
  if (!entry) return undefined;
  ctx.rt.kikiwasureAsked.push(entry.slot);
  return entry.block_id;
}
