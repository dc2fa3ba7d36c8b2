import { Type, type Static } from '@sinclair/typebox';

/**
 * The log categories of SPEC.md §4. Every stored log entry has one. A client
 * may send any of them over the socket except `admin` (an admin's token only)
 * and, before log-in, only `error` and `connect`; a client line that claims a
 * service-only category (SERVICE_LOG_TYPES) is stored as `other`.
 */
const L = Type.Literal;
export const ClientLogType = Type.Union(
  [
    L('error'),
    L('connect'),
    L('play'),
    L('speech'),
    L('other'),
    L('camera'),
    L('admin'),
    L('subscription'),
    L('ticket'),
    L('point'),
  ],
  { description: 'log category of SPEC.md §4' },
);
export type ClientLogType = Static<typeof ClientLogType>;
/** The same categories under the name stored entries use. */
export const LogType = ClientLogType;
export type LogType = ClientLogType;
export const LOG_TYPES: readonly LogType[] = [
  'error',
  'connect',
  'play',
  'speech',
  'other',
  'camera',
  'admin',
  'subscription',
  'ticket',
  'point',
];

/** Categories a socket may send before log-in (no access token): a failure or a connection note, under their own smaller budget. */
export const ANONYMOUS_LOG_TYPES: readonly ClientLogType[] = ['error', 'connect'];

/** Categories only an admin's token may write (the admin console's own lines). */
export const ADMIN_LOG_TYPES: readonly ClientLogType[] = ['admin'];

/**
 * Categories whose entries only a service writes from its own events
 * (billing: tickets, points, subscriptions): what an operator reads there is
 * the ledger's word. A client line claiming one is stored as `other`, its
 * claimed category kept in `extra.claimed_type` (services/logging API.md).
 * `connect` and `admin` are shared: identity writes log-ins and the admin
 * audit is its own source, but a browser's pre-login connection note and the
 * admin console's lines are the client's, told apart by `source`.
 */
export const SERVICE_LOG_TYPES: readonly LogType[] = ['ticket', 'point', 'subscription'];

/**
 * Who wrote an entry. client: a line a browser sent over the socket (what it
 * says is the client's word); service: written by the service that knows
 * (billing for ticket/point/subscription, identity for connect and re-login);
 * audit: an admin action, from the admin.acted event and the services' own
 * audit entries — no client can write one.
 */
export const LogSource = Type.Union([L('client'), L('service'), L('audit')], {
  description: 'client = sent over the socket; service = written by a service; audit = an admin action',
});
export type LogSource = Static<typeof LogSource>;

const Id = Type.String({ minLength: 1, maxLength: 128 });

/** A stored log entry (SPEC.md §3 Log entry: created_at, type, user_id, character_id, message, extra). */
export const LogEntry = Type.Object({
  id: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  type: LogType,
  source: LogSource,
  user_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the user concerned (for an audit entry: the user acted on, if any)',
  }),
  character_id: Type.Union([Type.String(), Type.Null()]),
  message: Type.String({ description: 'the content column of the export' }),
  extra: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description:
      'details: device information of an error, the event data of a service entry, the detail of an admin action',
  }),
  actor_id: Type.Union([Type.String(), Type.Null()], {
    description: 'audit entries: the admin in charge; null otherwise',
  }),
  request_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the request that caused it, when known (follows a talk across services)',
  }),
});
export type LogEntry = Static<typeof LogEntry>;

/** A day (Japan time) or an instant; `to` of a bare day includes that whole day. */
const DateOrInstant = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2}))?$',
});

/** What the logs are filtered by: the body of POST filter, the query of GET export. Unknown fields are refused (400). */
const criteria = {
  types: Type.Optional(Type.Array(LogType, { minItems: 1, maxItems: 10, uniqueItems: true })),
  user_id: Type.Optional(Id),
  character_id: Type.Optional(Id),
  from: Type.Optional(DateOrInstant),
  to: Type.Optional(DateOrInstant),
  text: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'contained in the message' })),
  source: Type.Optional(LogSource),
};

/** POST /api/admin/logs/filter. */
export const LogFilter = Type.Object(
  {
    ...criteria,
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  },
  { additionalProperties: false },
);
export type LogFilter = Static<typeof LogFilter>;

export const LogFilterReply = Type.Object({
  ok: Type.Literal(true),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  logs: Type.Array(LogEntry),
});
export type LogFilterReply = Static<typeof LogFilterReply>;

/**
 * GET /api/admin/logs/export: the same criteria as a query (`types` comma
 * separated). 200 text/csv `logs_YYYYMMDD.csv` (UTF-8 with BOM, headers
 * 時間,種類,ユーザーID,キャラクターID,内容,詳細,記録元 — 記録元 is who wrote the
 * line: `client`, `audit` or the service, e.g. `billing`), streamed newest first; 204 with no
 * body when nothing matches (SPEC.md §5: export does nothing for an empty list).
 */
export const LogExportQuery = Type.Object(
  {
    ...criteria,
    types: Type.Optional(Type.String({ maxLength: 200, pattern: '^[a-z]+(,[a-z]+)*$' })),
  },
  { additionalProperties: false },
);
export type LogExportQuery = Static<typeof LogExportQuery>;
/** 記録元 last: the columns operators' sheets already read keep their places. */
export const LOG_EXPORT_HEADERS = ['時間', '種類', 'ユーザーID', 'キャラクターID', '内容', '詳細', '記録元'] as const;

/** GET /api/admin/logs/summary?date=YYYY-MM-DD (a Japan day, default today): the admin home's figures. */
export const LogSummaryQuery = Type.Object(
  { date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })) },
  { additionalProperties: false },
);
export const LogSummaryReply = Type.Object({
  ok: Type.Literal(true),
  date: Type.String(),
  talks: Type.Integer({ minimum: 0, description: 'talks started (talk.started)' }),
  signups: Type.Integer({ minimum: 0, description: 'accounts registered (user.registered)' }),
  revenue_yen: Type.Integer({
    description:
      'every captured charge (purchases and subscription periods: purchase.completed, subscription.renewed) less every refund (purchase.refunded)',
  }),
  errors: Type.Integer({ minimum: 0, description: 'entries of type error' }),
  /** The same four figures for each of the 7 days ending at `date`, oldest first (the home's sparkline). */
  days: Type.Array(
    Type.Object({
      date: Type.String(),
      talks: Type.Integer(),
      signups: Type.Integer(),
      revenue_yen: Type.Integer(),
      errors: Type.Integer(),
    }),
  ),
});
export type LogSummaryReply = Static<typeof LogSummaryReply>;

/**
 * Live tail: WebSocket GET /api/admin/logs/tail (under the admin prefix like
 * every admin route). The console sends `{type:'start', token, filter?}` (an
 * admin's access token; filter = types/user_id/character_id/source), the
 * service answers `{type:'started'}` and then `{type:'entry', entry}` for each
 * new entry that matches, as it is stored; `{type:'error', code, message}` on a
 * refused start (the socket then closes).
 */
export const LogTailStart = Type.Object(
  {
    type: L('start'),
    token: Type.String({ minLength: 1, maxLength: 4096 }),
    filter: Type.Optional(
      Type.Object(
        {
          types: criteria.types,
          user_id: criteria.user_id,
          character_id: criteria.character_id,
          source: criteria.source,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type LogTailStart = Static<typeof LogTailStart>;
export const LogTailFrame = Type.Union([
  Type.Object({ type: L('started') }),
  Type.Object({ type: L('entry'), entry: LogEntry }),
  Type.Object({ type: L('error'), code: Type.String(), message: Type.String() }),
]);
export type LogTailFrame = Static<typeof LogTailFrame>;

/** The live tail's path (a WebSocket, under the admin prefix at the gateway). */
export const LOG_TAIL_PATH = '/api/admin/logs/tail';
/** The largest frame a tail client may send (a start frame: a token and a small filter). */
export const LOG_TAIL_MAX_FRAME_BYTES = 16 * 1024;

/**
 * GET /api/admin/logs/users: the accounts the log screen's user picker offers
 * (services/logging/API.md § Users), known to logging from identity's events.
 * `q`: part of the address (any case) or a whole id; `ids`: comma-separated
 * ids to name (the log table shows addresses instead of ids), at most 100.
 */
export const LogUsersQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    ids: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 6500,
        pattern: '^[A-Za-z0-9_.:-]+(,[A-Za-z0-9_.:-]+){0,99}$',
        description: 'comma separated user ids, at most 100',
      }),
    ),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
export type LogUsersQuery = Static<typeof LogUsersQuery>;

export const LogUser = Type.Object({
  user_id: Type.String(),
  email: Type.String({ description: "'' for a deleted account (its address is not kept)" }),
  registered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_login_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  deleted_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type LogUser = Static<typeof LogUser>;

export const LogUsersReply = Type.Object({
  ok: Type.Literal(true),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  users: Type.Array(LogUser, { description: 'most recently seen (logged in, else registered) first' }),
});
export type LogUsersReply = Static<typeof LogUsersReply>;
