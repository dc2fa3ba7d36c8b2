import type { DeviceInfo } from '@talkwith/proto/engagement';
import { browserClock, type Clock, type LogEntry, type LogSink } from './ports.ts';

/** SPEC.md §4's real-time connection: 1 s base, 5 s maximum, randomisation 0.5, unlimited attempts, 20 s connect time-out. */
export const RECONNECT = { baseMs: 1000, maxMs: 5000, randomization: 0.5, connectTimeoutMs: 20_000 } as const;
const MAX_QUEUED = 100;

/**
 * The delay before reconnect attempt `attempt` (0 = the first retry): the
 * base doubled per attempt, moved by up to ±50 % at random, never above the
 * maximum (the socket.io client's back-off, which SPEC.md §4 describes).
 */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const plain = RECONNECT.baseMs * 2 ** Math.min(attempt, 30);
  const jittered = plain * (1 - RECONNECT.randomization + random() * 2 * RECONNECT.randomization);
  return Math.round(Math.min(RECONNECT.maxMs, jittered));
}

/** SPEC.md §7: error logs carry the device (browser, OS, model, flags). */
export type DeviceReader = () => DeviceInfo | Promise<DeviceInfo>;

export interface SocketOptions {
  makeSocket?: (url: string) => WebSocket;
  clock?: Clock;
  random?: () => number;
  device?: DeviceReader;
}

/**
 * The device reader, a user-agent parser (1.6 kB gzipped), loads with the first
 * error log, not with the chat route, which needs it only then.
 */
const loadedDeviceReader: DeviceReader = async () => (await import('../../app/deviceReader.ts')).readDevice();

/** The log frame: an error's extra carries the device it happened on (when it could be read). */
function logFrame(entry: LogEntry, device: DeviceInfo | undefined): string {
  const extra = entry.category === 'error' && device ? { ...entry.extra, device } : entry.extra;
  return JSON.stringify({
    event: 'log',
    data: { type: entry.category, message: entry.message, extra, character_id: entry.characterId },
  });
}

/**
 * Turns entries into frames in the order they were logged: an error whose
 * device is still being read waits for it, and the entries after it wait
 * behind it; with nothing waiting, a frame goes out at once.
 */
function orderedFrames(device: DeviceReader, send: (frame: string) => void): (entry: LogEntry) => void {
  let waiting: Promise<void> | null = null;
  return (entry) => {
    const info = entry.category === 'error' ? device() : undefined;
    if (waiting === null && !(info instanceof Promise)) {
      send(logFrame(entry, info));
      return;
    }
    const read = Promise.resolve(info).catch(() => undefined); // unreadable (offline chunk): the error still goes, without it
    const mine: Promise<void> = (waiting ?? Promise.resolve())
      .then(() => read)
      .then((found) => send(logFrame(entry, found)))
      .catch((err: unknown) => console.debug('log frame not queued', err))
      .then(() => {
        if (waiting === mine) waiting = null;
      });
    waiting = mine;
  };
}

/**
 * Sends the engine's logs over the real-time socket (SPEC §7): on connect an
 * `auth` frame with the current access token (the server takes the user from
 * it, never from a frame), then joinRoom, then `log` frames. When the server
 * says the token is no longer valid, the sink authenticates again with the
 * token the session holds now. Frames wait while the socket is
 * (re)connecting; it reconnects for ever with SPEC §4's back-off, and a
 * connection not open after 20 s is abandoned and retried. Disconnects are
 * only written to the console.
 */
export function socketLogSink(url: string, getToken: () => string | null, options: SocketOptions = {}): LogSink {
  const {
    makeSocket = (u: string) => new WebSocket(u),
    clock = browserClock,
    random = Math.random,
    device = loadedDeviceReader,
  } = options;
  const queue: string[] = [];
  let socket: WebSocket | null = null;
  let attempt = 0;
  let closed = false;
  let retry: unknown = null;
  let connectTimer: unknown = null;

  const flush = () => {
    while (socket?.readyState === WebSocket.OPEN && queue.length > 0) socket.send(queue.shift() ?? '');
  };
  const authenticate = (ws: WebSocket) => {
    const token = getToken();
    if (token) ws.send(JSON.stringify({ event: 'auth', data: { token } }));
  };
  const stopConnectTimer = () => {
    if (connectTimer !== null) clock.clearTimeout(connectTimer);
    connectTimer = null;
  };
  const scheduleReconnect = () => {
    if (closed) return;
    retry = clock.setTimeout(connect, reconnectDelay(attempt, random));
    attempt += 1;
  };
  function connect(): void {
    const ws = makeSocket(url);
    socket = ws;
    connectTimer = clock.setTimeout(() => {
      // Never opened: give this socket up (its own close must not schedule a second retry) and try again.
      connectTimer = null;
      ws.onclose = null;
      ws.close();
      console.debug('log socket connect time-out; reconnecting');
      scheduleReconnect();
    }, RECONNECT.connectTimeoutMs);
    ws.onopen = () => {
      stopConnectTimer();
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
      stopConnectTimer();
      console.debug('log socket disconnected; reconnecting');
      scheduleReconnect();
    };
    ws.onerror = () => console.debug('log socket error');
  }
  connect();
  const log = orderedFrames(device, (frame) => {
    queue.push(frame);
    if (queue.length > MAX_QUEUED) queue.shift();
    flush();
  });
  return {
    log,
    close() {
      closed = true;
      stopConnectTimer();
      if (retry !== null) clock.clearTimeout(retry);
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

// Kept where the player imports them without loading this module (logSinks.ts); tests read them here.
export { consoleLogSink, socketUrl } from './logSinks.ts';
