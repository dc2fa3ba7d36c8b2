import type { Block, PublicCharacter as Character } from '@talkwith/proto/dialogue';
import type { MessageCode } from './messages.ts';
import { blockListens } from './routes.ts';
import { blockBlockReferences } from './validate.ts';

/**
 * Faults of the conversation graph as a whole: blocks no conversation can
 * reach, and blocks where a conversation stops without showing anything.
 */
export interface GraphFault {
  code: MessageCode;
  blockId: string;
}

/**
 * Where a conversation may enter the graph without a block leading there: the
 * start buttons, the mic test, and the character-level lists the engine jumps
 * to on its own (kikiwasure questions, conversion blocks, the random group's ends).
 */
function entryBlocks(c: Character): string[] {
  return [
    ...c.startButtons.map((b) => b.block_id),
    ...(c.setting.for_mic_test ? [c.setting.for_mic_test] : []),
    ...c.kikiwasure.map((k) => k.block_id),
    ...c.replacement.block_ids,
    ...c.random.end_blocks,
    ...(c.random.final_block_id ? [c.random.final_block_id] : []),
  ];
}

/** Every block reachable from an entry through any transition (breadth first). */
export function reachableBlocks(c: Character): Set<string> {
  const byId = new Map(c.blocks.map((b) => [b.id, b]));
  const seen = new Set<string>();
  const queue = entryBlocks(c).filter((id) => byId.has(id));
  for (const id of queue) seen.add(id);
  for (let head = 0; head < queue.length; head += 1) {
    const block = byId.get(queue[head] as string);
    for (const ref of block ? blockBlockReferences(block) : []) {
      if (seen.has(ref.id) || !byId.has(ref.id)) continue;
      seen.add(ref.id);
      queue.push(ref.id);
    }
  }
  return seen;
}

/**
 * A dead end: no trigger video (and no random draw for one), no listening, no
 * button and no transition — entering it shows nothing and leads nowhere.
 */
export function isDeadEnd(b: Block): boolean {
  return (
    !b.trigger_video_id &&
    b.random_count === 0 &&
    !blockListens(b) &&
    b.action_buttons.length === 0 &&
    blockBlockReferences(b).length === 0
  );
}

export function graphFaults(c: Character): GraphFault[] {
  const reached = reachableBlocks(c);
  // A character without any entry has its own fault (no start button); every block unreachable would only repeat it.
  const unreachable = reached.size === 0 ? [] : c.blocks.filter((b) => !reached.has(b.id));
  return [
    ...unreachable.map((b) => ({ code: 'BLOCK_UNREACHABLE' as const, blockId: b.id })),
    ...c.blocks.filter(isDeadEnd).map((b) => ({ code: 'BLOCK_DEAD_END' as const, blockId: b.id })),
  ];
}
