import type { LogSink } from './ports.ts';

const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 5000;
const RANDOMIZATION = 0.5;
const MAX_QUEUED = 100;

/** SPEC §4 back-off: 1 s base doubling to 5 s, ±50 % jitter, unlimited attempts. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const plain = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(plain * (1 - RANDOMIZATION + random() * 2 * RANDOMIZATION));
}

/** Without a user id (SPEC §6) logs only go to the console. */
export function consoleLogSink(): LogSink {
  return {
    log: (entry) => (entry.category === 'error' ? console.warn : console.debug)(`[${entry.category}] ${entry.message}`, entry.extra),
    close: () => undefined,
  };
}

/**
 * Sends the engine's logs over the real-time socket (SPEC §7): on connect an
 * `auth` frame with the current access token (the server takes the user from
 * it, never from a frame), then joinRoom, then `log` frames. When the server
 * says the token is no longer valid, the sink authenticates again with the
 * token the session holds now. Frames wait while the socket is
 * (re)connecting; disconnects are only written to the console.
 */
export function socketLogSink(url: string, getToken: () => string | null, makeSocket = (u: string) => new WebSocket(u)): LogSink {
  const queue: string[] = [];
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    while (socket?.readyState === WebSocket.OPEN && queue.length > 0) socket.send(queue.shift() ?? '');
  };
  const authenticate = (ws: WebSocket) => {
    const token = getToken();
    if (token) ws.send(JSON.stringify({ event: 'auth', data: { token } }));
  };
  const connect = () => {
    const ws = makeSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      authenticate(ws);
      ws.send(JSON.stringify({ event: 'joinRoom', data: { id: Math.random().toString(36).slice(2) } }));
      flush();
    };
    ws.onmessage = (message: MessageEvent) => {
      const frame = parseServerFrame(message.data);
      if (frame?.event === 'error' && frame.data?.code === 'UNAUTHENTICATED') authenticate(ws);
    };
    ws.onclose = () => {
      if (closed) return;
      console.debug('log socket disconnected; reconnecting');
      retry = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
    ws.onerror = () => console.debug('log socket error');
  };
  connect();
  return {
    log(entry) {
      const frame = { event: 'log', data: { type: entry.category, message: entry.message, extra: entry.extra, character_id: entry.characterId } };
      queue.push(JSON.stringify(frame));
      if (queue.length > MAX_QUEUED) queue.shift();
      flush();
    },
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    },
  };
}

function parseServerFrame(data: unknown): { event?: string; data?: { code?: string } } | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as { event?: string; data?: { code?: string } };
  } catch {
    return null;
  }
}

/** The socket URL on the page's own origin. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/socketio/new`;
}
