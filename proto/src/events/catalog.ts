import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';

export const CharacterPublished = defineEvent(
  'character.published',
  1,
  Type.Object({
    character_id: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 5000 }),
    published_at: Type.String({ format: 'date-time' }),
  }),
  'An admin published a character; dialogue indexes it for search.',
);

export const catalogEvents = [CharacterPublished];
