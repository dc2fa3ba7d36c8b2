import { Type } from '@sinclair/typebox';
import { defineEvent, JsonDetails } from '../envelope/index.ts';
import { ClientLogType } from '../logging/index.ts';

export const ClientLogged = defineEvent(
  'client.logged',
  1,
  Type.Object({
    user_id: Type.Union([Type.String(), Type.Null()], {
      description: 'the user of the access token the socket presented; null = an anonymous pre-login line',
    }),
    type: ClientLogType,
    extra: Type.Optional(JsonDetails),
    character_id: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
  }),
  'A client sent a real-time log line over the WebSocket; the logging service stores it.',
);

export const FactsRequested = defineEvent(
  'facts.requested',
  1,
  Type.Object({
    owner: Type.String({ minLength: 1, description: 'the service whose facts are asked for (e.g. catalog)' }),
    by: Type.String({
      minLength: 1,
      description: 'the service that keeps a projection of them and asks (e.g. dialogue)',
    }),
  }),
  "A service that keeps a projection of another service's facts started; the owner announces its current facts again (its consumers apply them idempotently), so no start order and no bus retention leaves the projection empty or behind.",
);

export const platformEvents = [ClientLogged, FactsRequested];
