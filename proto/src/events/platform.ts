import { Type } from '@sinclair/typebox';
import { defineEvent, JsonDetails } from '../envelope/index.ts';
import { ClientLogType } from '../logging/index.ts';

export const ClientLogged = defineEvent(
  'client.logged',
  1,
  Type.Object({
    user_id: Type.Union([Type.String(), Type.Null()], { description: 'the user of the access token the socket presented; null = an anonymous pre-login line' }),
    type: ClientLogType,
    extra: Type.Optional(JsonDetails),
    character_id: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
  }),
  'A client sent a real-time log line over the WebSocket; the logging service stores it.',
);

export const platformEvents = [ClientLogged];
