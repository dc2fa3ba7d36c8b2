import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { Value } from '@sinclair/typebox/value';
import { ClientFrame, type ServerFrame } from '@talkwith/proto';
import { ADMIN_LOG_TYPES, ANONYMOUS_LOG_TYPES, type ClientLogType } from '@talkwith/proto/logging';
import { AppError, type Cache, type DocumentStore, type Eventing } from '@talkwith/platform';
import { messages, sessionIsCurrent } from '@talkwith/platform/http';
import { trackOpenSocket } from '@talkwith/platform/metrics';
import { createLinePublisher } from './line-publisher.ts';

/** Frame budgets of the socket. Per connection in memory; per address in the cache port (shared by every gateway replica). */
export interface SocketLimits {
  /** Token bucket of one connection: frames it may send at once, and frames per second refilled. */
  connectionBurst: number;
  connectionPerSecond: number;
  /** Fixed one-minute windows per client address, over every connection from it. */
  addressFramesPerMinute: number;
  addressBytesPerMinute: number;
  /** The smaller budget of frames sent without a token (pre-login log lines), per address. */
  anonymousFramesPerMinute: number;
  anonymousBytesPerMinute: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = socketLimitsFrom({ SOCKET_FRAMES_PER_MINUTE: 600, SOCKET_CONNECTION_FRAMES_PER_SECOND: 2 });

/** The budgets an operator sets (gateway config); the byte budgets follow the frame budgets. */
export function socketLimitsFrom(own: { SOCKET_FRAMES_PER_MINUTE: number; SOCKET_CONNECTION_FRAMES_PER_SECOND: number }): SocketLimits {
  const perMinute = own.SOCKET_FRAMES_PER_MINUTE;
  const anonymous = Math.max(1, Math.floor(perMinute / 20));
  return {
    connectionBurst: Math.max(1, Math.round(own.SOCKET_CONNECTION_FRAMES_PER_SECOND * 15)),
    connectionPerSecond: own.SOCKET_CONNECTION_FRAMES_PER_SECOND,
    addressFramesPerMinute: perMinute,
    addressBytesPerMinute: perMinute * 7 * 1024,
    anonymousFramesPerMinute: anonymous,
    anonymousBytesPerMinute: anonymous * 4 * 1024,
  };
}

export interface SocketOptions {
  events: Eventing;
  /** Log lines are published in group commits on this store (line-publisher.ts). */
  store: DocumentStore;
  cache: Cache;
  /** PUBLIC_URL: browsers may open the socket only from this origin. Unset (standalone dev): only from the gateway's own host. */
  publicUrl?: string | undefined;
  limits?: Partial<SocketLimits>;
}

interface Bound {
  sub: string;
  roles: string[];
  /** The token's session version: a log-out, password change or deletion ends the binding (checked per frame). */
  sv: unknown;
  /** Token expiry, ms since the epoch; frames after it count as anonymous until a fresh `auth` frame. */
  expiresAt: number;
}

/** What one connection remembers: its user (from a verified token), its address and its token bucket. A few hundred bytes. */
interface Connection {
  address: string;
  user: Bound | null;
  tokens: number;
  refilledAt: number;
  /** Frames are handled one after another, so an `auth` frame takes effect before the frames after it. */
  chain: Promise<void>;
  /** Replies leave in the order their frames came, though log lines commit in the background. */
  replies: Promise<void>;
  /** Log lines accepted and not yet answered; at MAX_LINES_IN_FLIGHT the socket stops being read. */
  inFlight: number;
}

/**
 * Log lines one connection may have committing at once. A line no longer
 * holds up the connection's next frame (one line per commit capped a socket
 * at the store's commit rate); past this many the socket is paused, so a
 * client that never reads its answers cannot pile frames up in memory.
 */
const MAX_LINES_IN_FLIGHT = 64;

class FrameRefused extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const minute = 60_000;

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function parseFrame(raw: string): ClientFrame | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'frame is not JSON';
  }
  if (Value.Check(ClientFrame, value)) return value;
  const first = Value.Errors(ClientFrame, value).First();
  return first ? `invalid frame at ${first.path || '/'}: ${first.message}` : 'invalid frame';
}

/**
 * Whether a browser page at `origin` may open the socket: the configured
 * public origin, or (PUBLIC_URL unset, standalone development) the page's own
 * host. A missing Origin is refused: every browser sends one on a WebSocket
 * upgrade, and other clients can send the public origin like any header.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (!origin) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl) return parsed.origin === new URL(publicUrl).origin;
  return host !== undefined && parsed.host === host.toLowerCase();
}

/**
 * The real-time socket of SPEC.md §7. The user is the one the access token of
 * an `auth` frame names; a `user_id` in a frame is never believed. Without a
 * token only the pre-login categories (ANONYMOUS_LOG_TYPES) are stored, with
 * user_id null and a smaller budget. Every frame spends one token of its
 * connection's bucket and one unit of its address's per-minute budget (frames
 * and bytes), so neither one socket nor many sockets from one address can
 * flood the log store. `log` frames go to the logging service as client.logged.
 */
export async function socketRoutes(app: FastifyInstance, options: SocketOptions): Promise<void> {
  const limits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const connections = new WeakMap<WebSocket, Connection>();
  const lines = createLinePublisher(options.store, options.events);

  function takeToken(conn: Connection): boolean {
    const now = Date.now();
    conn.tokens = Math.min(limits.connectionBurst, conn.tokens + ((now - conn.refilledAt) / 1000) * limits.connectionPerSecond);
    conn.refilledAt = now;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  /** Spends the address's per-minute budget (cache port: shared across replicas). */
  async function spendAddressBudget(conn: Connection, bytes: number, anonymous: boolean): Promise<boolean> {
    const scope = anonymous ? 'anon' : 'user';
    const [frames, volume] = await Promise.all([
      options.cache.incr(`ws:${scope}:f:${conn.address}`, minute),
      options.cache.incr(`ws:${scope}:b:${conn.address}`, minute, bytes),
    ]);
    return anonymous
      ? frames <= limits.anonymousFramesPerMinute && volume <= limits.anonymousBytesPerMinute
      : frames <= limits.addressFramesPerMinute && volume <= limits.addressBytesPerMinute;
  }

  function currentUser(conn: Connection): Bound | null {
    if (conn.user && conn.user.expiresAt <= Date.now()) conn.user = null;
    return conn.user;
  }

  /** Drops the connection's user once their session was revoked (log-out, password change, deletion). */
  async function revalidate(conn: Connection): Promise<void> {
    const user = currentUser(conn);
    if (user && !(await sessionIsCurrent(options.cache, user))) conn.user = null;
  }

  async function authenticate(conn: Connection, token: string): Promise<Bound> {
    let claims: { sub?: unknown; roles?: unknown; exp?: unknown; sv?: unknown };
    try {
      claims = app.jwt.verify(token);
    } catch {
      conn.user = null;
      throw new FrameRefused('UNAUTHENTICATED', messages.unauthenticated);
    }
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new FrameRefused('UNAUTHENTICATED', messages.unauthenticated);
    const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : [];
    const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 15 * minute;
    if (!(await sessionIsCurrent(options.cache, { sub: claims.sub, sv: claims.sv }))) {
      conn.user = null;
      throw new FrameRefused('UNAUTHENTICATED', messages.unauthenticated);
    }
    conn.user = { sub: claims.sub, roles, sv: claims.sv, expiresAt };
    return conn.user;
  }

  /** The user a frame may act as: the token's; a frame naming another user is refused. */
  function requireUser(conn: Connection, claimed: string | undefined): Bound {
    const user = currentUser(conn);
    if (!user) throw new FrameRefused('UNAUTHENTICATED', messages.unauthenticated);
    if (claimed !== undefined && claimed !== user.sub) throw new FrameRefused('FORBIDDEN', messages.forbidden);
    return user;
  }

  function logAuthor(conn: Connection, type: ClientLogType, claimed: string | undefined): Bound | null {
    const user = currentUser(conn);
    if (!user) {
      if (claimed !== undefined || !ANONYMOUS_LOG_TYPES.includes(type)) throw new FrameRefused('UNAUTHENTICATED', messages.unauthenticated);
      return null;
    }
    requireUser(conn, claimed);
    if (ADMIN_LOG_TYPES.includes(type) && !user.roles.includes('admin')) throw new FrameRefused('FORBIDDEN', messages.forbidden);
    return user;
  }

  /** Queues a reply behind the earlier ones of the connection, so answers keep the frames' order. */
  function reply(socket: WebSocket, conn: Connection, frame: ServerFrame | Promise<ServerFrame>): void {
    conn.replies = conn.replies.then(() => frame).then((answer) => send(socket, answer));
  }

  /** Publishes a line in the background (group commit); the connection goes on to its next frame. */
  function acceptLine(socket: WebSocket, conn: Connection, key: string, data: Parameters<typeof lines.publish>[1]): void {
    conn.inFlight += 1;
    if (conn.inFlight >= MAX_LINES_IN_FLIGHT) socket.pause();
    const answer = lines.publish(key, data).then(
      (id): ServerFrame => ({ event: 'logged', data: { id } }),
      (err: unknown): ServerFrame => {
        app.log.error({ err }, 'socket log line failed');
        return { event: 'error', data: { code: 'INTERNAL', message: messages.internal } };
      },
    ).finally(() => {
      conn.inFlight -= 1;
      if (conn.inFlight < MAX_LINES_IN_FLIGHT && socket.isPaused) socket.resume();
    });
    reply(socket, conn, answer);
  }

  async function handleFrame(socket: WebSocket, conn: Connection, frame: ClientFrame, bytes: number): Promise<void> {
    await revalidate(conn);
    const anonymous = frame.event !== 'auth' && currentUser(conn) === null;
    if (!(await spendAddressBudget(conn, bytes, anonymous))) throw new FrameRefused('RATE_LIMITED', messages.rateLimited);
    if (frame.event === 'auth') {
      reply(socket, conn, { event: 'authed', data: { user_id: (await authenticate(conn, frame.data.token)).sub } });
      return;
    }
    if (frame.event === 'joinRoom') {
      requireUser(conn, frame.data.user_id);
      reply(socket, conn, { event: 'joined', data: { id: frame.data.id } });
      return;
    }
    const { user_id: claimed, type, extra, character_id, message } = frame.data;
    const author = logAuthor(conn, type, claimed);
    const userId = author?.sub ?? null;
    acceptLine(socket, conn, userId ?? `anonymous:${conn.address}`, {
      user_id: userId, type,
      ...(extra === undefined ? {} : { extra }),
      ...(character_id === undefined ? {} : { character_id }),
      ...(message === undefined ? {} : { message }),
    });
  }

  async function handleRaw(socket: WebSocket, conn: Connection, raw: RawData, isBinary: boolean): Promise<void> {
    const bytes = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw instanceof ArrayBuffer ? raw.byteLength : raw.length;
    const frame = isBinary ? 'binary frames are not accepted' : parseFrame(raw.toString());
    if (typeof frame === 'string') {
      reply(socket, conn, { event: 'error', data: { code: 'VALIDATION_FAILED', message: frame } });
      return;
    }
    try {
      await handleFrame(socket, conn, frame, bytes);
    } catch (err) {
      if (err instanceof FrameRefused) {
        reply(socket, conn, { event: 'error', data: { code: err.code, message: err.message } });
        return;
      }
      app.log.error({ err }, 'socket frame failed');
      reply(socket, conn, { event: 'error', data: { code: 'INTERNAL', message: messages.internal } });
    }
  }

  function onMessage(this: WebSocket, raw: RawData, isBinary: boolean): void {
    const conn = connections.get(this);
    if (!conn) return;
    const allowed = takeToken(conn);
    conn.chain = conn.chain.then(() => (allowed
      ? handleRaw(this, conn, raw, isBinary)
      : reply(this, conn, { event: 'error', data: { code: 'RATE_LIMITED', message: messages.rateLimited } })));
  }
  function onError(this: WebSocket, err: Error): void {
    app.log.debug({ err }, 'socket error');
    this.terminate();
  }
  async function checkOrigin(request: FastifyRequest): Promise<void> {
    if (!originAllowed(request.headers.origin, request.headers.host, options.publicUrl)) throw new AppError('FORBIDDEN', messages.forbidden);
  }
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/socketio/new', {
    websocket: true,
    onRequest: checkOrigin,
    schema: { tags: ['realtime'], summary: 'WebSocket: auth, joinRoom and log frames ({event, data} JSON)' },
  }, (socket, request) => {
    // Memory per idle socket is budgeted (≤ 12 KiB). The upgrade's Fastify
    // request and reply would otherwise live as long as the socket: the TCP
    // socket still points at the upgrade's ServerResponse (_httpMessage), and
    // @fastify/websocket's error listener closes over both. Drop both links.
    (request.raw.socket as unknown as { _httpMessage: unknown })._httpMessage = null;
    connections.set(socket, { address: request.ip ?? 'unknown', user: null, tokens: limits.connectionBurst, refilledAt: Date.now(), chain: Promise.resolve(), replies: Promise.resolve(), inFlight: 0 });
    socket.removeAllListeners('error');
    socket.on('error', onError);
    socket.on('message', onMessage);
    socket.once('close', trackOpenSocket('realtime'));
  });
}
