import { Type } from '@sinclair/typebox';
import { defineEvent } from '../envelope/index.ts';
import { CharacterRecognition } from '../dialogue/recognition.ts';
import { translationsOf } from '../identity/localized.ts';

/** An action that costs points (a block's action button with points > 0): what billing charges for it. */
export const PricedAction = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 100,
    description: "the action code: the button's code, else its id (what POST /api/points/use sends as action_code)",
  }),
  points: Type.Integer({ minimum: 1, description: 'the points it costs' }),
});

export const CharacterPublished = defineEvent(
  'character.published',
  1,
  Type.Object({
    character_id: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    name_i18n: Type.Optional(
      translationsOf(
        200,
        'the name in the other interface languages (billing names its product with it); absent before translations existed',
      ),
    ),
    description: Type.String({ maxLength: 5000 }),
    published_at: Type.String({ format: 'date-time' }),
    version: Type.Integer({
      minimum: 1,
      description: "the published snapshot's version (1 for the first publish, +1 for each after)",
    }),
    price: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'yen to unlock it (0 or absent = free); billing sells it at this price',
      }),
    ),
    slug: Type.Optional(Type.String({ description: 'its URL name, so billing can name it in purchase histories' })),
    group_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          "the group it is listed in (null: none): a subscription of that group covers it (dialogue's talk start)",
      }),
    ),
    recognition: Type.Optional(CharacterRecognition),
    actions: Type.Optional(
      Type.Array(PricedAction, {
        maxItems: 5000,
        description:
          'the actions that cost points, one per code (a code on several buttons costs the highest of their points); billing refuses any other action or price. Absent in events published before it existed',
      }),
    ),
    block_ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'every block id of the published snapshot; engagement checks that a serial batch names one',
      }),
    ),
  }),
  'An admin published a character (or published it again); dialogue indexes it for search, billing prices it and its actions.',
);

export const CharacterUnpublished = defineEvent(
  'character.unpublished',
  1,
  Type.Object({ character_id: Type.String({ minLength: 1 }) }),
  'An admin took a character out of the catalogue; dialogue drops it from its search index.',
);

export const CharacterDraftTried = defineEvent(
  'character.draft_tried',
  1,
  Type.Object({
    character_id: Type.String({ minLength: 1 }),
    recognition: CharacterRecognition,
  }),
  "An operator opened the draft to try it (the simulator, or a preview of /full/chat): dialogue indexes the draft's blocks apart from the published ones, for the admin-only draft search and score.",
);

export const GroupSaved = defineEvent(
  'group.saved',
  1,
  Type.Object({
    group_id: Type.String({ minLength: 1 }),
    category_id: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    sold: Type.Boolean({
      description:
        "the group's plan is on sale: the group lists at least one published character (what the menu shows)",
    }),
  }),
  'A group was created or changed, or what it lists changed (a character put in or taken out, published or unpublished); billing sells group plans only for sold groups.',
);

export const GroupDeleted = defineEvent(
  'group.deleted',
  1,
  Type.Object({ group_id: Type.String({ minLength: 1 }) }),
  'An admin deleted a group; billing no longer sells its plan.',
);

export const catalogEvents = [CharacterPublished, CharacterUnpublished, CharacterDraftTried, GroupSaved, GroupDeleted];
