import { createServer } from 'node:http';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '@talkwith/platform';
import { messages, sessionIsCurrent } from '@talkwith/platform/http';
import { LOG_TAIL_MAX_FRAME_BYTES, LOG_TAIL_PATH } from '@talkwith/proto/logging';
import { TailConnection, type TailAuthorization, type TailContext } from './connection.ts';
import type { LogTailHub } from './hub.ts';

const START_TIMEOUT_MS = 10_000;

/**
 * The WebSocket plugin for this scope. Run alone (distributed mode, tests) it
 * listens for upgrades on the service's server; mounted in the standalone
 * gateway, whose @fastify/websocket already routes every upgrade through the
 * one router, it listens on a server that never starts (as the dialogue
 * service's speech-to-text socket does).
 */
async function registerWebSocket(app: FastifyInstance): Promise<void> {
  const shared = app.server.listenerCount('upgrade') > 0;
  await app.register(websocket, {
    options: {
      maxPayload: LOG_TAIL_MAX_FRAME_BYTES,
      perMessageDeflate: false,
      ...(shared ? { server: createServer() } : {}),
    },
  });
}

/** The same checks as requireAdminCaller, on a token that came in a frame instead of a header. */
export function adminAuthorizer(
  app: FastifyInstance,
  platform: Platform,
): (token: string) => Promise<TailAuthorization> {
  const unauthenticated = { ok: false, code: 'UNAUTHENTICATED', message: messages.unauthenticated } as const;
  return async (token) => {
    let claims: { sub?: unknown; sv?: unknown; roles?: unknown; pwc?: unknown; exp?: unknown };
    try {
      claims = app.jwt.verify(token);
    } catch {
      return unauthenticated;
    }
    if (typeof claims.sub !== 'string' || !(await sessionIsCurrent(platform.cache, { sub: claims.sub, sv: claims.sv })))
      return unauthenticated;
    const admin = Array.isArray(claims.roles) && claims.roles.includes('admin');
    if (!admin || claims.pwc === true)
      return { ok: false, code: 'FORBIDDEN', message: admin ? messages.passwordChangeRequired : messages.forbidden };
    return { ok: true, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 15 * 60_000 };
  };
}

function attach(socket: WebSocket, context: TailContext): void {
  const connection = new TailConnection(context, {
    send: (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    close: (code, reason) => socket.close(code, reason),
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
  });
  socket.on('message', (data, isBinary) => {
    const text = isBinary
      ? ''
      : (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer)).toString('utf8');
    void connection.onText(text).catch(() => socket.close(1011, 'internal'));
  });
  socket.on('close', () => connection.onClose());
}

/** GET /api/admin/logs/tail (WebSocket): the live tail (API.md § Live tail). */
export async function tailRoutes(
  app: FastifyInstance,
  { platform, hub }: { platform: Platform; hub: LogTailHub },
): Promise<void> {
  await registerWebSocket(app);
  const context: TailContext = { hub, authorize: adminAuthorizer(app, platform), startTimeoutMs: START_TIMEOUT_MS };
  app.get(
    LOG_TAIL_PATH,
    {
      websocket: true,
      schema: {
        tags: ['logging', 'admin'],
        summary: 'WebSocket: live tail of new log entries (a start frame with an admin token, then entry frames)',
      },
    },
    (socket) => attach(socket, context),
  );
}
