import { Type } from '@sinclair/typebox';
import { defineEvent, JsonDetails } from '../envelope/index.ts';

export const ClientLogged = defineEvent(
  'client.logged',
  1,
  Type.Object({
    user_id: Type.String(),
    type: Type.String({ description: 'log category of SPEC.md §4 (error, connect, play, speech, ...)' }),
    extra: Type.Optional(JsonDetails),
    character_id: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
  }),
  'A client sent a real-time log line over the WebSocket; the logging service stores it.',
);

export const platformEvents = [ClientLogged];
