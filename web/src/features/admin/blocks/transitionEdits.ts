import type { BlockPatch } from '@talkwith/proto/catalog';
import type { Block } from '@talkwith/proto/dialogue';
import type { EdgeKind } from './graphModel.ts';

/**
 * What drawing or deleting an edge on the graph changes in the source block:
 * the patch the existing block update (PUT) sends, so the side panel, the
 * list and the graph all read the same block afterwards.
 */

/** The kinds a drag may create, in the chooser's order, and the block field each one writes. */
export const CONNECT_FIELDS = {
  hit_word: 'hit_words',
  listen_next: 'listen_next_block',
  play_final: 'play_final_block',
  invalid_final: 'invalid_final_block',
  silence_final: 'silence_final_blocks',
  not_hitword: 'not_hitword_blocks',
  force: 'force_blocks',
  search: 'valid_response_ids',
  spj_empty: 'spj_empty_blocks',
  spj_out: 'spj_out_block_id',
  random_end: 'random_end_block_id',
  replacement: 'replacement_block_ids',
} as const satisfies Partial<Record<EdgeKind, keyof Block>>;
export type ConnectKind = keyof typeof CONNECT_FIELDS;
export const CONNECT_KINDS = Object.keys(CONNECT_FIELDS) as ConnectKind[];

/** 「はい、うん」 → ['はい', 'うん'] (the words of a new hit word, split as the panel splits them). */
export const splitWords = (text: string) =>
  text
    .split(/[,、，\n]/)
    .map((w) => w.trim())
    .filter((w) => w !== '');

/** The patch that adds a transition of `kind` from `block` to `target` (a list keeps one copy of each id). */
export function connectPatch(block: Block, kind: ConnectKind, target: string, words: string[] = []): BlockPatch {
  const field = CONNECT_FIELDS[kind];
  if (field === 'hit_words') return { hit_words: [...block.hit_words, { words, block_id: target, slot: null }] };
  if (field === 'spj_out_block_id' || field === 'random_end_block_id') return { [field]: target };
  const list = block[field];
  return { [field]: list.includes(target) ? list : [...list, target] };
}

/**
 * The patch that removes the reference an edge stands for (its field, as
 * graphModel names it in the edge id: `hit_words[2].block_id`, `listen_next_block`):
 * a hit word or button leading there goes, a list loses the id, a single field becomes empty.
 */
export function disconnectPatch(block: Block, field: string, target: string): BlockPatch {
  const item = /^(hit_words|action_buttons)\[(\d+)\]\./.exec(field);
  if (item) {
    const index = Number(item[2]);
    return item[1] === 'hit_words'
      ? { hit_words: block.hit_words.filter((_, i) => i !== index) }
      : { action_buttons: block.action_buttons.filter((_, i) => i !== index) };
  }
  const value = (block as Record<string, unknown>)[field];
  if (Array.isArray(value)) return { [field]: (value as string[]).filter((id) => id !== target) };
  return value === target ? { [field]: null } : {};
}

/** The field an edge id names (`b1→b2#hit_words[0].block_id#0` → `hit_words[0].block_id`); null for a start button's edge. */
export const edgeField = (edgeId: string): string | null => edgeId.split('#')[1] ?? null;
