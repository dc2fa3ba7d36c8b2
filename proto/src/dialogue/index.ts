import { Value } from '@sinclair/typebox/value';
import type { TSchema, Static } from '@sinclair/typebox';
import { Block } from './block.ts';
import { Character, CharacterSetting } from './character.ts';
import { Video } from './video.ts';

export * from './block.ts';
export * from './character.ts';
export * from './insight.ts';
export * from './io.ts';
export * from './language.ts';
export * from './recognition.ts';
export * from './talk.ts';
export * from './user-content.ts';
export * from './search.ts';
export * from './session.ts';
export * from './stt.ts';
export * from './video.ts';

/** Fills every missing field from the schema defaults (does not modify the argument). */
function withDefaults<S extends TSchema>(schema: S, partial: unknown): Static<S> {
  return Value.Default(schema, Value.Clone(partial)) as Static<S>;
}

type Needs<T, K extends keyof T> = Partial<T> & Pick<T, K>;

export const makeVideo = (v: Needs<Video, 'id' | 'character_id' | 'path' | 'title'>): Video => withDefaults(Video, v);
export const makeBlock = (b: Needs<Block, 'id' | 'character_id'>): Block => withDefaults(Block, b);
export const makeSetting = (s: Needs<CharacterSetting, 'character_id'>): CharacterSetting =>
  withDefaults(CharacterSetting, s);
/** A complete character from its required parts; nested videos and blocks must already be complete. */
export const makeCharacter = (c: Needs<Character, 'id' | 'name' | 'slug' | 'setting'>): Character =>
  withDefaults(Character, { summary: {}, replacement: {}, random: {}, ...c });
export const isCharacter = (value: unknown): value is Character => Value.Check(Character, value);
