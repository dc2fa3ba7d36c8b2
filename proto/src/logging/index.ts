import { Type, type Static } from '@sinclair/typebox';

/**
 * The log categories of SPEC.md §4: the only `type` a client may give a log
 * line. Audited domain events (user.registered, admin.acted, ...) are a
 * separate kind of entry that no client can write.
 */
const L = Type.Literal;
export const ClientLogType = Type.Union(
  [L('error'), L('connect'), L('play'), L('speech'), L('other'), L('camera'), L('admin'), L('subscription'), L('ticket'), L('point')],
  { description: 'log category of SPEC.md §4' },
);
export type ClientLogType = Static<typeof ClientLogType>;

/** Categories a socket may send before log-in (no access token): a failure or a connection note, under their own smaller budget. */
export const ANONYMOUS_LOG_TYPES: readonly ClientLogType[] = ['error', 'connect'];

/** Categories only an admin's token may write (the admin console's own lines). */
export const ADMIN_LOG_TYPES: readonly ClientLogType[] = ['admin'];

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
