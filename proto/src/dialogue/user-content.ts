import { Type, type Static } from '@sinclair/typebox';
import { DialogueId } from './recognition.ts';
import { AlbumReply, Talk, TrackerState } from './talk.ts';

/**
 * Operators' views of what a user made in talks (services/dialogue/API.md §
 * Users' content): SPEC.md §7 Full area `users/{id}/{character_id}/album`
 * and Users `users_content` by {id}.
 */

const At = Type.String({ format: 'date-time' });
const UserId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]*$' });

export const AdminAlbumParams = Type.Object({ id: UserId, character_id: DialogueId });
export type AdminAlbumParams = Static<typeof AdminAlbumParams>;

export const AdminAlbumReply = Type.Composite([
  AlbumReply,
  Type.Object({ user_id: Type.String(), name: Type.String({ description: "the character's name" }) }),
]);
export type AdminAlbumReply = Static<typeof AdminAlbumReply>;

export const UsersContentParams = Type.Object({ id: UserId });
export type UsersContentParams = Static<typeof UsersContentParams>;

/** Content ids (SPEC.md §7 users_content, default 1, 2, 3): 1 talk history, 2 album, 3 talks. */
export const ContentId = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description:
    '1: where the user is with each character (the conversation tracker); 2: the album, per character; 3: the latest talks',
});
export type ContentId = Static<typeof ContentId>;

export const UsersContentBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(ContentId, { minItems: 1, maxItems: 3, uniqueItems: true, default: [1, 2, 3] })),
  },
  { additionalProperties: false },
);
export type UsersContentBody = Static<typeof UsersContentBody>;

export const HistoryContent = Type.Object({
  id: Type.Literal(1),
  kind: Type.Literal('talk_history'),
  items: Type.Array(
    Type.Composite([
      TrackerState,
      Type.Object({ name: Type.String(), block_title: Type.Union([Type.String(), Type.Null()]) }),
    ]),
  ),
});
export const AlbumContent = Type.Object({
  id: Type.Literal(2),
  kind: Type.Literal('album'),
  items: Type.Array(
    Type.Object({
      character_id: DialogueId,
      name: Type.String(),
      found: Type.Integer({ minimum: 0 }),
      total: Type.Integer({ minimum: 0 }),
      share: Type.Number({ minimum: 0, maximum: 1 }),
      last_at: At,
    }),
    { description: 'published characters the user found something of, most recent first' },
  ),
});
export const TalksContent = Type.Object({
  id: Type.Literal(3),
  kind: Type.Literal('talks'),
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(
    Type.Composite([Talk, Type.Object({ name: Type.String(), end_reason: Type.Union([Type.String(), Type.Null()]) })]),
    { description: 'the latest 50, newest first' },
  ),
});
export type HistoryContent = Static<typeof HistoryContent>;
export type AlbumContent = Static<typeof AlbumContent>;
export type TalksContent = Static<typeof TalksContent>;

export const UsersContentReply = Type.Object({
  ok: Type.Literal(true),
  user_id: Type.String(),
  contents: Type.Array(Type.Union([HistoryContent, AlbumContent, TalksContent]), {
    description: 'in the order of the ids asked',
  }),
});
export type UsersContentReply = Static<typeof UsersContentReply>;
