import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';
import { CharacterRecognition } from '../dialogue/recognition.ts';

export const CharacterPublished = defineEvent(
  'character.published',
  1,
  Type.Object({
    character_id: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 5000 }),
    published_at: Type.String({ format: 'date-time' }),
    version: Type.Integer({ minimum: 1, description: 'the published snapshot\'s version (1 for the first publish, +1 for each after)' }),
    price: Type.Optional(Type.Integer({ minimum: 0, description: 'yen to unlock it (0 or absent = free); billing sells it at this price' })),
    slug: Type.Optional(Type.String({ description: 'its URL name, so billing can name it in purchase histories' })),
    recognition: Type.Optional(CharacterRecognition),
    block_ids: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'every block id of the published snapshot; engagement checks that a serial batch names one' })),
  }),
  'An admin published a character (or published it again); dialogue indexes it for search, billing prices it.',
);

export const CharacterUnpublished = defineEvent(
  'character.unpublished',
  1,
  Type.Object({ character_id: Type.String({ minLength: 1 }) }),
  'An admin took a character out of the catalogue; dialogue drops it from its search index.',
);

export const catalogEvents = [CharacterPublished, CharacterUnpublished];
