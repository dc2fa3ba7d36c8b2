import { LOG_TYPES, type LogEntry, type LogTailFrame, type LogTailStart } from '@talkwith/proto/logging';

/** Where the live tail stands: shown beside the toggle. */
export type TailState = 'connecting' | 'live' | 'retrying' | 'refused' | 'closed';

/** Reconnection after a drop: 1 s doubled per attempt, ±50 % at random, at most 30 s (an operator's page, not a player). */
export const TAIL_BACKOFF = { baseMs: 1000, maxMs: 30_000, randomization: 0.5 } as const;

export function tailDelay(attempt: number, random: () => number = Math.random): number {
  const plain = TAIL_BACKOFF.baseMs * 2 ** Math.min(attempt, 20);
  const jittered = plain * (1 - TAIL_BACKOFF.randomization + random() * 2 * TAIL_BACKOFF.randomization);
  return Math.round(Math.min(TAIL_BACKOFF.maxMs, jittered));
}

/** The tail's address: the console's admin API base on the page's own origin, ws:// or wss:// as the page. */
export function tailUrl(apiBase: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const path = `/${apiBase.replace(/^\/+|\/+$/g, '')}/logs/tail`;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isEntry(value: unknown): value is LogEntry {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.created_at === 'string' &&
    typeof value.message === 'string' &&
    LOG_TYPES.some((type) => type === value.type)
  );
}

/** A frame the server sent, or null for anything this page does not understand (ignored, never thrown). */
export function parseTailFrame(data: unknown): LogTailFrame | null {
  if (typeof data !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(frame)) return null;
  if (frame.type === 'started') return { type: 'started' };
  if (frame.type === 'entry' && isEntry(frame.entry)) return { type: 'entry', entry: frame.entry };
  if (frame.type === 'error')
    return { type: 'error', code: String(frame.code ?? ''), message: String(frame.message ?? '') };
  return null;
}

export interface TailTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TailOptions {
  url: string;
  /** The admin's access token now (read at every (re)connect: the session may have refreshed it). */
  getToken: () => string | null;
  filter: LogTailStart['filter'];
  onEntry: (entry: LogEntry) => void;
  onState: (state: TailState, message?: string) => void;
  makeSocket?: (url: string) => WebSocket;
  timers?: TailTimers;
  random?: () => number;
}

const OPEN = 1;
const browserTimers: TailTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

/**
 * Opens the live tail: sends `start` with the token and filter when the socket
 * opens, hands each entry on, and reconnects with back-off after a drop. A
 * refusal (an error frame) ends it: retrying with the same token would be
 * refused again. Returns the function that closes it for good.
 */
export function openLogTail(options: TailOptions): () => void {
  const {
    url,
    getToken,
    filter,
    onEntry,
    onState,
    makeSocket = (u) => new WebSocket(u),
    timers = browserTimers,
    random = Math.random,
  } = options;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retry: unknown = null;

  const stop = (state: TailState, message?: string) => {
    stopped = true;
    if (retry !== null) timers.clearTimeout(retry);
    if (socket) {
      socket.onclose = null;
      if (socket.readyState <= OPEN) socket.close();
    }
    onState(state, message);
  };
  const onFrame = (frame: LogTailFrame) => {
    if (frame.type === 'started') {
      attempt = 0;
      onState('live');
    } else if (frame.type === 'entry') onEntry(frame.entry);
    else stop('refused', frame.message);
  };
  function connect(): void {
    onState(attempt === 0 ? 'connecting' : 'retrying');
    const ws = makeSocket(url);
    socket = ws;
    ws.onopen = () => {
      const token = getToken();
      if (!token) {
        stop('refused');
        return;
      }
      const start: LogTailStart = { type: 'start', token, ...(filter ? { filter } : {}) };
      ws.send(JSON.stringify(start));
    };
    ws.onmessage = (message: MessageEvent) => {
      const frame = parseTailFrame(message.data);
      if (frame) onFrame(frame);
    };
    ws.onclose = () => {
      if (stopped) return;
      onState('retrying');
      retry = timers.setTimeout(connect, tailDelay(attempt, random));
      attempt += 1;
    };
  }
  connect();
  return () => {
    if (!stopped) stop('closed');
  };
}
