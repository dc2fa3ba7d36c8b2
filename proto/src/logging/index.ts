import { Type, type Static } from '@sinclair/typebox';

/** Logging HTTP contract: what an admin filters stored logs by (POST /api/admin/logs/filter). */
export const LogKind = Type.Union([Type.Literal('client'), Type.Literal('event')], {
  description: 'client = a line a client sent over the socket; event = an audited domain event',
});
export type LogKind = Static<typeof LogKind>;

export const LogFilter = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 100 })),
  user_id: Type.Optional(Type.String({ maxLength: 100 })),
  kind: Type.Optional(LogKind),
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
}, { additionalProperties: false });
export type LogFilter = Static<typeof LogFilter>;
