import { splitWordList } from '@talkwith/dialogue-engine';
import type { BlockPatch } from '@talkwith/proto/catalog';
import type { Block } from '@talkwith/proto/dialogue';

/**
 * The edits 「ヒットワードに追加」 and 「検索フレーズに追加」 send
 * (PUT /api/admin/blocks/:character_id/:block_id, a partial block). Each patch
 * carries the whole list it changes, so every other route or phrase of the
 * block is kept as it is.
 */

/** The block's hit-word routes with `text` added to the route to `leadTo` (a new route when the block has none to it); null when already there. */
export function hitWordPatch(block: Block, text: string, leadTo: string): BlockPatch | null {
  const word = text.trim();
  const index = block.hit_words.findIndex((route) => route.block_id === leadTo && route.slot === null);
  const route = block.hit_words[index];
  if (!route) return { hit_words: [...block.hit_words, { words: [word], block_id: leadTo, slot: null }] };
  if (route.words.includes(word)) return null;
  return { hit_words: block.hit_words.map((r, i) => (i === index ? { ...r, words: [...r.words, word] } : r)) };
}

/** The legacy comma-separated `hit_word` list with `text` appended (it becomes a search phrase of the block); null when already there. */
export function searchPhrasePatch(block: Block, text: string): BlockPatch | null {
  const word = text.trim();
  const words = splitWordList(block.hit_word);
  if (words.includes(word)) return null;
  return { hit_word: [...words, word].join(',') };
}

/** Where a new hit word of `block` leads by default: its first route's block, else its listen_next_block, else none. */
export function defaultLeadTo(block: Block): string {
  return block.hit_words[0]?.block_id ?? block.listen_next_block[0] ?? '';
}
