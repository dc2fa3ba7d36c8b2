import type { LogEntry, LogSink } from './ports.ts';

/**
 * The player's log sinks without the log socket's code: a visitor's logs go to
 * the console (SPEC §6), and a signed-in user's socket (logSink.ts) is loaded
 * once the player opens, not with the chat route's first paint.
 */

/** Without a user id (SPEC §6) logs only go to the console. */
export function consoleLogSink(): LogSink {
  return {
    log: (entry) =>
      (entry.category === 'error' ? console.warn : console.debug)(`[${entry.category}] ${entry.message}`, entry.extra),
    close: () => undefined,
  };
}

/** The socket URL on the page's own origin. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/socketio/new`;
}

/** Lines logged before the socket's code arrived, at most (as many as the socket itself queues). */
const MAX_EARLY = 100;

/** The log socket (logSink.ts's socketLogSink), loaded now; what is logged meanwhile is handed to it once it is. */
export function lazySocketLogSink(url: string, getToken: () => string | null): LogSink {
  const early: LogEntry[] = [];
  let sink: LogSink | null = null;
  let closed = false;
  void import('./logSink.ts').then(({ socketLogSink }) => {
    if (closed) return;
    sink = socketLogSink(url, getToken);
    for (const entry of early.splice(0)) sink.log(entry);
  });
  return {
    log: (entry) => {
      if (sink) sink.log(entry);
      else if (early.length < MAX_EARLY) early.push(entry);
    },
    close: () => {
      closed = true;
      sink?.close();
    },
  };
}

/** Logging is suppressed when the page is opened from the album (?album=true, SPEC §7). */
export function makeLogSink(userId: string | null, getToken: () => string | null): LogSink {
  const album = new URLSearchParams(window.location.search).get('album') === 'true';
  if (album) return { log: () => undefined, close: () => undefined };
  return userId ? lazySocketLogSink(socketUrl(), getToken) : consoleLogSink();
}
