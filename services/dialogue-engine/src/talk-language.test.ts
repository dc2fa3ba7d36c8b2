import { describe, expect, it } from 'vitest';
import { makeBlock, type HitWord } from '@talkwith/proto/dialogue';
import { hitWordDecision, routeWords } from './hit-words.ts';
import { matcherFor, spacedMatcher } from './talk-language.ts';
import { initialState, step } from './engine.ts';
import { demoCharacter } from '../demo/index.ts';

const route = (words: string[], blockId: string, english?: string[]): HitWord => ({
  words,
  block_id: blockId,
  slot: null,
  ...(english ? { words_i18n: { 'en-US': english } } : {}),
});
const topics = () =>
  makeBlock({
    id: 'ask',
    character_id: 'c',
    title: 'ask',
    hit_words: [route(['食べ物', 'ごはん'], 'food', ['food', 'lunch']), route(['旅行'], 'travel', ['travel', 'trip'])],
  });
const blockIn = (text: string, language: 'ja-JP' | 'en-US') => {
  const decision = hitWordDecision(topics(), matcherFor(text, language), language);
  return decision?.kind === 'block' ? decision.blockId : undefined;
};

describe('hit words per talk language', () => {
  it('hitWordDecision, en-US talk saying an English word of a route, takes that route', () => {
    const blocks = ["Let's talk about FOOD!", 'I want to go on a trip', 'lunch?'].map((t) => blockIn(t, 'en-US'));

    expect(blocks).toEqual(['food', 'travel', 'food']);
  });

  it('hitWordDecision, en-US talk, does not match the Japanese words of a translated route nor the English in a ja-JP talk', () => {
    expect(blockIn('ごはんの話', 'en-US')).toBeUndefined();
    expect(blockIn('food', 'ja-JP')).toBeUndefined();
    expect(blockIn('ごはんの話', 'ja-JP')).toBe('food');
  });

  it('routeWords, route without words in the language, falls back to its Japanese words', () => {
    expect(routeWords(route(['旅行'], 'travel'), 'en-US')).toEqual(['旅行']);
    expect(routeWords(route(['旅行'], 'travel', ['', ' ']), 'en-US')).toEqual(['旅行']);
    expect(routeWords(route(['旅行'], 'travel', ['trip']), 'zh-TW')).toEqual(['旅行']);
  });

  it('spacedMatcher, word inside a longer word, is not found, a plural is, and "not the" negates', () => {
    const matches = (text: string, word: string) => spacedMatcher(text)(word);

    expect(matches('what category is it', 'cat')).toEqual([]);
    expect(matches('I love cats', 'cat')).toEqual([{ negated: false, via: 'surface' }]);
    expect(matches('not the beach, the mountains', 'beach')).toEqual([{ negated: true, via: 'surface' }]);
    expect(matches('a road trip please', 'road trip')).toEqual([{ negated: false, via: 'surface' }]);
  });

  it('engine, en-US talk option, is kept in the state and survives a character switch', () => {
    const character = demoCharacter;
    const state = initialState(character, { language: 'en-US' });
    const switched = step(state, { type: 'switchCharacter', character }, 0).state;

    expect(state.language).toBe('en-US');
    expect(switched.language).toBe('en-US');
    expect(initialState(character, { language: 'xx-XX' as 'en-US' }).language).toBeUndefined();
  });
});
