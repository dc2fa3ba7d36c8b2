import { splitWordList } from '@talkwith/dialogue-engine';
import type { Block, Character } from '@talkwith/proto/dialogue';

/**
 * The block's hit words once each: every route's words, then the legacy comma
 * list, then the routes' words in the other talk languages (their synonyms are
 * that language's: a group's word is the hit word it stands for).
 */
export function hitWordsOf(block: Block): string[] {
  const words = [
    ...block.hit_words.flatMap((h) => h.words),
    ...splitWordList(block.hit_word),
    ...block.hit_words.flatMap((h) => Object.values(h.words_i18n ?? {}).flat()),
  ];
  return [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
}

/** The character's synonyms of a word (the operator's group for it; none: empty). */
export function synonymsOf(character: Character, word: string): string[] {
  return character.synonyms?.find((g) => g.word === word)?.synonyms ?? [];
}
