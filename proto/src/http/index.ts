import { Type, type Static } from '@sinclair/typebox';

/** The JSON error body of every failed call (DESIGN.md §4). */
export const ErrorBody = Type.Object({
  ok: Type.Literal(false),
  message: Type.String({ description: 'human-readable text; Japanese where SPEC.md §8 gives one' }),
  error: Type.String({ description: 'short error name, e.g. "Bad Request"' }),
  code: Type.String({ description: 'stable machine-readable code, e.g. VALIDATION_FAILED' }),
  field: Type.Optional(Type.String({ description: 'the offending field, for validation errors' })),
  rateLimited: Type.Optional(Type.Boolean()),
  retry_after: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: "with 429: seconds until the spent budget's window ends (also the Retry-After header)",
    }),
  ),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const OkBody = Type.Object({ ok: Type.Literal(true) });
export type OkBody = Static<typeof OkBody>;

/** GET /api/<service>/healthz: the service answers (liveness; readiness is /readyz). */
export const ServiceAlive = Type.Object({
  ok: Type.Literal(true),
  service: Type.String({ description: 'the service that answered' }),
});
export type ServiceAlive = Static<typeof ServiceAlive>;
