import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { ClientFrame, ServerFrame } from '@talkwith/proto';
import { AppError, type Cache, type DocumentStore, type Eventing } from '@talkwith/platform';
import { createMemoryCache } from '@talkwith/platform/cache';
import { messages, toErrorReply } from '@talkwith/platform/http';
import { trackOpenSocket } from '@talkwith/platform/metrics';
import { createLinePublisher } from './line-publisher.ts';
import {
  Admission,
  defaultMaxOpenSockets,
  refusalLog,
  upgradeRefusal,
  type AdmissionLimits,
  type Admitted,
} from './socket/admission.ts';
import { addressBudgets, takeToken, type Bucket, type FrameLimits } from './socket/budgets.ts';
import { parseFrame, scanFrame } from './socket/frame-check.ts';
import { FrameRefused, userBinding, type Binding } from './socket/user.ts';

/** The socket's limits: frame budgets (socket/budgets.ts) and how many sockets stay open for how long (socket/admission.ts). */
export type SocketLimits = FrameLimits & AdmissionLimits;

/** The variables of the gateway's config schema (config.ts) the socket reads. */
export interface SocketConfig {
  SOCKET_FRAMES_PER_MINUTE: number;
  SOCKET_CONNECTION_FRAMES_PER_SECOND: number;
  SOCKET_MAX_OPEN?: number | undefined;
  SOCKET_ANONYMOUS_PER_ADDRESS: number;
  SOCKET_UNJOINED_IDLE_SECONDS: number;
  SOCKET_JOINED_IDLE_SECONDS: number;
}

/** The limits an operator sets (gateway config); the byte budgets follow the frame budgets. */
export function socketLimitsFrom(own: SocketConfig): SocketLimits {
  const perMinute = own.SOCKET_FRAMES_PER_MINUTE;
  const anonymous = Math.max(1, Math.floor(perMinute / 20));
  return {
    connectionBurst: Math.max(1, Math.round(own.SOCKET_CONNECTION_FRAMES_PER_SECOND * 15)),
    connectionPerSecond: own.SOCKET_CONNECTION_FRAMES_PER_SECOND,
    addressFramesPerMinute: perMinute,
    addressBytesPerMinute: perMinute * 7 * 1024,
    anonymousFramesPerMinute: anonymous,
    anonymousBytesPerMinute: anonymous * 4 * 1024,
    maxOpen: own.SOCKET_MAX_OPEN ?? defaultMaxOpenSockets(),
    anonymousPerAddress: own.SOCKET_ANONYMOUS_PER_ADDRESS,
    unjoinedIdleMs: own.SOCKET_UNJOINED_IDLE_SECONDS * 1000,
    joinedIdleMs: own.SOCKET_JOINED_IDLE_SECONDS * 1000,
  };
}

export interface SocketOptions {
  events: Eventing;
  /** Log lines are published in group commits on this store (line-publisher.ts). */
  store: DocumentStore;
  cache: Cache;
  /** PUBLIC_URL: browsers may open the socket only from this origin. Unset (standalone dev): only from the gateway's own host. */
  publicUrl?: string | undefined;
  limits: SocketLimits;
}

/** What one connection remembers: its user (from a verified token), its address, its token bucket and its admission. A few hundred bytes. */
interface Connection extends Bucket, Binding {
  address: string;
  admitted: Admitted;
  /** Frames are handled one after another, so an `auth` frame takes effect before the frames after it. */
  chain: Promise<void>;
  /** Replies leave in the order their frames came, though log lines commit in the background. */
  replies: Promise<void>;
  /** Log lines accepted and not yet answered; at MAX_LINES_IN_FLIGHT the socket stops being read. */
  inFlight: number;
  /** Over its address's frame budget: not read until then (ms since the epoch; 0 = not held). */
  heldUntil: number;
  /** The last frame found the connection's bucket empty. */
  overBucket: boolean;
}

/** A refused frame's answer. A plain object: an Error would capture a stack for each of a flood's frames. */
interface Refusal {
  refused: true;
  code: string;
  message: string;
}
const refusal = (code: string, message: string): Refusal => ({ refused: true, code, message });

/**
 * Log lines one connection may have committing at once. A line no longer
 * holds up the connection's next frame (one line per commit capped a socket
 * at the store's commit rate); past this many the socket is paused, so a
 * client that never reads its answers cannot pile frames up in memory.
 */
const MAX_LINES_IN_FLIGHT = 64;

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/**
 * Whether a browser page at `origin` may open the socket: the configured
 * public origin, or (PUBLIC_URL unset, standalone development) the page's own
 * host. A missing Origin is refused: every browser sends one on a WebSocket
 * upgrade, and other clients can send the public origin like any header.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string | undefined,
): boolean {
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
 * user_id null and a smaller budget. `log` frames go to the logging service
 * as client.logged.
 *
 * Budgets are spent before work: a frame takes a token of its connection's
 * bucket as it arrives and a unit of its address's per-minute budget (frames
 * and bytes) before its text is read (ws refuses frames over MAX_FRAME_BYTES
 * before that); then the text is scanned for depth and value count without
 * parsing, and only then parsed and checked (compiled). A bad frame costs the
 * same budget as a good one, and a socket over its address's budget is not
 * read until the window ends. Sockets are admitted up to a global and a
 * per-address cap, and quiet ones are closed (socket/admission.ts).
 */
export async function socketRoutes(app: FastifyInstance, options: SocketOptions): Promise<void> {
  const { limits } = options;
  const connections = new WeakMap<WebSocket, Connection>();
  const lines = createLinePublisher(options.store, options.events);
  const budgets = addressBudgets(options.cache, limits);
  const admission = new Admission(limits);
  const refusalCache: Cache = await createMemoryCache();
  app.addHook('onClose', async () => {
    await refusalCache.close();
  });
  const refused = refusalLog(refusalCache, app.log);
  const user = userBinding(app, options.cache);
  // @fastify/websocket closes every socket with a close frame on shutdown; one not being read would hold the close for 30 s.
  app.addHook('preClose', async () => {
    for (const client of app.websocketServer.clients) if (client.isPaused) client.terminate();
  });

  /** Queues a reply behind the earlier ones of the connection, so answers keep the frames' order. */
  function reply(socket: WebSocket, conn: Connection, frame: ServerFrame | Promise<ServerFrame>): void {
    conn.replies = conn.replies.then(() => frame).then((answer) => send(socket, answer));
  }

  /** Publishes a line in the background (group commit); the connection goes on to its next frame. */
  function acceptLine(
    socket: WebSocket,
    conn: Connection,
    key: string,
    data: Parameters<typeof lines.publish>[1],
  ): void {
    conn.inFlight += 1;
    if (conn.inFlight >= MAX_LINES_IN_FLIGHT) socket.pause();
    const answer = lines
      .publish(key, data)
      .then(
        (id): ServerFrame => ({ event: 'logged', data: { id } }),
        (err: unknown): ServerFrame => {
          app.log.error({ err }, 'socket log line failed');
          return { event: 'error', data: { code: 'INTERNAL', message: messages.internal } };
        },
      )
      .finally(() => {
        conn.inFlight -= 1;
        resumeIfFree(socket, conn);
      });
    reply(socket, conn, answer);
  }

  async function handleLog(
    socket: WebSocket,
    conn: Connection,
    data: Extract<ClientFrame, { event: 'log' }>['data'],
    bytes: number,
  ): Promise<void> {
    const { user_id: claimed, type, extra, character_id, message } = data;
    const author = user.logAuthor(conn, type, claimed);
    if (!author && !(await budgets.anonymousLine(conn.address, bytes)))
      throw new FrameRefused('RATE_LIMITED', messages.rateLimited);
    const userId = author?.sub ?? null;
    acceptLine(socket, conn, userId ?? `anonymous:${conn.address}`, {
      user_id: userId,
      type,
      ...(extra === undefined ? {} : { extra }),
      ...(character_id === undefined ? {} : { character_id }),
      ...(message === undefined ? {} : { message }),
    });
  }

  async function handleFrame(socket: WebSocket, conn: Connection, frame: ClientFrame, bytes: number): Promise<void> {
    if (frame.event === 'auth') {
      reply(socket, conn, {
        event: 'authed',
        data: { user_id: (await user.authenticate(conn, frame.data.token)).sub },
      });
    } else if (frame.event === 'joinRoom') {
      user.requireUser(conn, frame.data.user_id);
      conn.admitted.joined();
      reply(socket, conn, { event: 'joined', data: { id: frame.data.id } });
    } else {
      await handleLog(socket, conn, frame.data, bytes);
    }
  }

  /**
   * Stops reading a socket whose address is over its frame budget until the
   * window ends: the sender's frames wait in TCP buffers (theirs, then ours)
   * instead of being received, unmasked and refused one by one, and a socket
   * that has not joined meets its idle time-out meanwhile.
   */
  function holdOff(socket: WebSocket, conn: Connection, ms: number): void {
    if (conn.heldUntil > Date.now()) return;
    conn.heldUntil = Date.now() + ms;
    socket.pause();
    setTimeout(() => resumeIfFree(socket, conn), ms).unref();
  }
  function resumeIfFree(socket: WebSocket, conn: Connection): void {
    if (socket.isPaused && conn.inFlight < MAX_LINES_IN_FLIGHT && conn.heldUntil <= Date.now()) socket.resume();
  }

  /** The frame in a message once its address budget is spent and its text passed the cheap scan; a refusal otherwise. */
  async function readFrame(
    socket: WebSocket,
    conn: Connection,
    raw: RawData,
    isBinary: boolean,
  ): Promise<ClientFrame | Refusal> {
    const retryMs = await budgets.frame(conn.address, rawBytes(raw));
    if (retryMs > 0) {
      refused('frame-budget', conn.address);
      holdOff(socket, conn, retryMs);
      return refusal('RATE_LIMITED', messages.rateLimited);
    }
    if (isBinary) return refusal('VALIDATION_FAILED', 'binary frames are not accepted');
    const text = raw.toString();
    const shape = scanFrame(text);
    if (shape) {
      refused('frame-shape', conn.address);
      return refusal('VALIDATION_FAILED', `frame ${shape}`);
    }
    const frame = parseFrame(text);
    return typeof frame === 'string' ? refusal('VALIDATION_FAILED', frame) : frame;
  }

  async function handleRaw(socket: WebSocket, conn: Connection, raw: RawData, isBinary: boolean): Promise<void> {
    try {
      await user.revalidate(conn);
      const frame = await readFrame(socket, conn, raw, isBinary);
      if ('refused' in frame)
        reply(socket, conn, { event: 'error', data: { code: frame.code, message: frame.message } });
      else await handleFrame(socket, conn, frame, rawBytes(raw));
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
    conn.admitted.touched();
    if (takeToken(conn, limits)) {
      conn.overBucket = false;
      conn.chain = conn.chain.then(() => handleRaw(this, conn, raw, isBinary));
      return;
    }
    // Refused as it arrives: the frame's data is not kept for the chain. Only the first of a run is offered to the (hashing) refusal log.
    if (!conn.overBucket) refused('frame-budget', conn.address);
    conn.overBucket = true;
    conn.chain = conn.chain.then(() =>
      reply(this, conn, { event: 'error', data: { code: 'RATE_LIMITED', message: messages.rateLimited } }),
    );
  }
  function onError(this: WebSocket, err: Error): void {
    app.log.debug({ err }, 'socket error');
    this.terminate();
  }
  async function checkOrigin(request: FastifyRequest): Promise<void> {
    if (!originAllowed(request.headers.origin, request.headers.host, options.publicUrl))
      throw new AppError('FORBIDDEN', messages.forbidden);
  }
  /** Refuses the upgrade when the process or the address has too many sockets open; answered here, so the refusal is logged once a minute and not per request. */
  async function checkRoom(request: FastifyRequest, res: FastifyReply): Promise<void> {
    const reason = admission.refusal(request.ip ?? 'unknown');
    if (!reason) return;
    refused(reason, request.ip ?? 'unknown');
    const { status, body } = toErrorReply(upgradeRefusal(reason));
    await res.code(status).header('retry-after', '30').send(body);
  }
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/socketio/new',
    {
      websocket: true,
      onRequest: [checkOrigin, checkRoom],
      schema: { tags: ['realtime'], summary: 'WebSocket: auth, joinRoom and log frames ({event, data} JSON)' },
    },
    (socket, request) => {
      // Memory per idle socket is budgeted (≤ 12 KiB). The upgrade's Fastify
      // request and reply would otherwise live as long as the socket: the TCP
      // socket still points at the upgrade's ServerResponse (_httpMessage), and
      // @fastify/websocket's error listener closes over both. Drop both links.
      (request.raw.socket as unknown as { _httpMessage: unknown })._httpMessage = null;
      const address = request.ip ?? 'unknown';
      // Checked again: upgrades in flight together all passed checkRoom.
      const late = admission.refusal(address);
      if (late) {
        refused(late, address);
        socket.close(1013, 'try again later');
        return;
      }
      const admitted = admission.admit(socket, address);
      connections.set(socket, {
        address,
        user: null,
        admitted,
        tokens: limits.connectionBurst,
        refilledAt: Date.now(),
        chain: Promise.resolve(),
        replies: Promise.resolve(),
        inFlight: 0,
        heldUntil: 0,
        overBucket: false,
      });
      socket.removeAllListeners('error');
      socket.on('error', onError);
      socket.on('message', onMessage);
      socket.once('close', trackOpenSocket('realtime'));
    },
  );
}

function rawBytes(raw: RawData): number {
  return Array.isArray(raw)
    ? raw.reduce((n, b) => n + b.length, 0)
    : raw instanceof ArrayBuffer
      ? raw.byteLength
      : raw.length;
}
