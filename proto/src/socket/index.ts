import { Type, type Static } from '@sinclair/typebox';
import { DETAILS_MAX_DEPTH, JsonDetails } from '../envelope/index.ts';
import { ClientLogType } from '../logging/index.ts';

/**
 * Frames on the real-time socket /api/socketio/new (SPEC.md §7). Every frame
 * is one JSON text message `{event, data}`, both ways.
 *
 * The user of a socket is the one its access token names (an `auth` frame),
 * never a `user_id` in a frame: a `user_id` that is present must equal the
 * token's user. Without a token only the pre-login log categories are taken.
 */
const FrameUserId = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 128,
    description: "ignored for identity; when sent it must be the token's user",
  }),
);

export const AuthFrame = Type.Object({
  event: Type.Literal('auth'),
  data: Type.Object(
    {
      token: Type.String({
        minLength: 1,
        maxLength: 4096,
        description: 'the access token (as in Authorization: Bearer); send again with a fresh one when it expires',
      }),
    },
    { additionalProperties: false },
  ),
});

export const JoinRoomFrame = Type.Object({
  event: Type.Literal('joinRoom'),
  data: Type.Object({
    id: Type.String({ minLength: 1, maxLength: 128, description: 'random room id chosen by the client' }),
    user_id: FrameUserId,
  }),
});

export const LogFrame = Type.Object({
  event: Type.Literal('log'),
  data: Type.Object(
    {
      user_id: FrameUserId,
      type: ClientLogType,
      extra: Type.Optional(JsonDetails),
      character_id: Type.Optional(Type.String({ maxLength: 128 })),
      message: Type.Optional(Type.String({ maxLength: 4000 })),
    },
    { additionalProperties: true },
  ),
});

export const ClientFrame = Type.Union([AuthFrame, JoinRoomFrame, LogFrame]);
export type ClientFrame = Static<typeof ClientFrame>;

/** What the server sends: an acknowledgement or an error (a bad frame never closes the socket). */
export const ServerFrame = Type.Union([
  Type.Object({ event: Type.Literal('authed'), data: Type.Object({ user_id: Type.String() }) }),
  Type.Object({ event: Type.Literal('joined'), data: Type.Object({ id: Type.String() }) }),
  Type.Object({ event: Type.Literal('logged'), data: Type.Object({ id: Type.String() }) }),
  Type.Object({ event: Type.Literal('error'), data: Type.Object({ code: Type.String(), message: Type.String() }) }),
]);
export type ServerFrame = Static<typeof ServerFrame>;

/** Largest frame the server reads; bigger ones are refused by the socket layer. */
export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * How deep brackets may nest in one frame: the frame, its `data`, then
 * `extra` with its own DETAILS_MAX_DEPTH levels. The server counts brackets in
 * the raw text and refuses a deeper frame before parsing it.
 */
export const MAX_FRAME_DEPTH = 2 + DETAILS_MAX_DEPTH;

/**
 * Most JSON values (array items and object members) one frame may hold,
 * counted in the raw text before parsing. The schema bounds each level; this
 * bounds the whole, so parsing and checking the largest frame allowed stays
 * under half a millisecond (without it, 64 KiB of small nested records cost
 * about 2 ms to check). The web client's frames hold a few dozen.
 */
export const MAX_FRAME_ITEMS = 512;
