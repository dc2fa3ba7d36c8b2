import {
  blockBlockReferences,
  blockVideoReferences,
  type BlockReference as FieldReference,
} from '@talkwith/dialogue-engine';
import type { BlockReference, DroppedReference } from '@talkwith/proto/catalog';
import type { Block } from '@talkwith/proto/dialogue';
import type { CharacterDraft } from '../model.ts';
import type { Character } from '../characters.ts';
import { dangling } from './settings.ts';

export interface KnownIds {
  blocks: ReadonlySet<string>;
  videos: ReadonlySet<string>;
}

/** Refuses (400 DANGLING_REFERENCE naming the field and id) a block that names a block or video the character does not have. */
export function checkBlockReferences(block: Block, known: KnownIds): void {
  for (const ref of blockBlockReferences(block)) if (!known.blocks.has(ref.id)) throw dangling(ref.field, ref.id);
  for (const ref of blockVideoReferences(block)) if (!known.videos.has(ref.id)) throw dangling(ref.field, ref.id);
}

/** `hit_words[2].block_id` → ['hit_words', 2]; `listen_next_block` → ['listen_next_block']. */
const indexedField = (field: string) => /^(\w+)\[(\d+)\]\./.exec(field);

/** The block without the references `drop` picks: ids leave lists, single fields become null, hit words and buttons that lead there go. */
export function withoutReferences(block: Block, drop: (ref: FieldReference) => boolean): Block {
  const refs = [...blockBlockReferences(block), ...blockVideoReferences(block)].filter(drop);
  const out: Record<string, unknown> = { ...block };
  const removedItems = new Map<string, Set<number>>();
  for (const ref of refs) {
    const [, list, index] = indexedField(ref.field) ?? [];
    if (list !== undefined) removedItems.set(list, (removedItems.get(list) ?? new Set()).add(Number(index)));
    else if (Array.isArray(out[ref.field])) out[ref.field] = (out[ref.field] as string[]).filter((id) => id !== ref.id);
    else out[ref.field] = null;
  }
  for (const [field, indexes] of removedItems) out[field] = (out[field] as unknown[]).filter((_, i) => !indexes.has(i));
  return out as Block;
}

/** What would dangle without the references `keep` refuses, as the copy answer lists them. */
export function droppedReferences(block: Block, keep: KnownIds): DroppedReference[] {
  const blocks = blockBlockReferences(block).filter((ref) => !keep.blocks.has(ref.id));
  const videos = blockVideoReferences(block).filter((ref) => !keep.videos.has(ref.id));
  return [...blocks, ...videos].map((ref) => ({ block_id: block.id, field: ref.field, id: ref.id }));
}

/** Every place of the character that names block `id`: other blocks, start buttons, the setting, the character-level lists. */
export function referencesTo(
  id: string,
  blocks: Block[],
  character: Pick<Character, 'setting' | 'draft'>,
): BlockReference[] {
  const found: BlockReference[] = [];
  for (const b of blocks) {
    if (b.id === id) continue;
    for (const ref of blockBlockReferences(b))
      if (ref.id === id) found.push({ kind: 'block', id: b.id, field: ref.field });
  }
  const draft = character.draft;
  for (const button of draft?.startButtons ?? [])
    if (button.block_id === id) found.push({ kind: 'start_button', id: button.id, field: 'block_id' });
  if (character.setting?.for_mic_test === id)
    found.push({ kind: 'setting', id: 'for_mic_test', field: 'for_mic_test' });
  if (draft) found.push(...draftReferencesTo(id, draft));
  return found;
}

function draftReferencesTo(id: string, d: CharacterDraft): BlockReference[] {
  const lists: Array<[string, boolean]> = [
    ['kikiwasure', d.kikiwasure.some((k) => k.block_id === id)],
    ['replacement.block_ids', d.replacement.block_ids.includes(id)],
    ['random.end_blocks', d.random.end_blocks.includes(id)],
    ['random.final_block_id', d.random.final_block_id === id],
    ['conversations', d.conversations.some((c) => c.block_ids.includes(id))],
  ];
  return lists.filter(([, hit]) => hit).map(([field]) => ({ kind: 'character' as const, id: field, field }));
}

/** The draft lists without block `id` (a start button that led there goes, and the default button with it). */
export function draftWithoutBlock(id: string, d: CharacterDraft): CharacterDraft {
  return {
    ...d,
    startButtons: d.startButtons.filter((b) => b.block_id !== id),
    kikiwasure: d.kikiwasure.filter((k) => k.block_id !== id),
    replacement: { ...d.replacement, block_ids: d.replacement.block_ids.filter((b) => b !== id) },
    random: {
      ...d.random,
      end_blocks: d.random.end_blocks.filter((b) => b !== id),
      final_block_id: d.random.final_block_id === id ? null : d.random.final_block_id,
    },
    conversations: d.conversations.map((c) => ({ ...c, block_ids: c.block_ids.filter((b) => b !== id) })),
  };
}
