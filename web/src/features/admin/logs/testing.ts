import { vi } from 'vitest';
import type { LogEntry, LogSummaryReply } from '@talkwith/proto/logging';
import type { RecordedCall } from '../../../test/harness.tsx';

/** Data and fakes of the logs and home screen tests, shaped as proto/src/logging says the service answers (each test builds its own). */

export const logEntry = (over: Partial<LogEntry> = {}): LogEntry => ({
  id: `log-${Math.random().toString(36).slice(2, 10)}`,
  created_at: '2026-03-01T01:00:05.000Z',
  type: 'play',
  source: 'client',
  user_id: 'u-1',
  character_id: 'mirai',
  message: '動画を再生しました。',
  extra: null,
  actor_id: null,
  request_id: null,
  ...over,
});

export const summary = (over: Partial<LogSummaryReply> = {}): LogSummaryReply => ({
  ok: true,
  date: '2026-03-07',
  talks: 12,
  signups: 3,
  revenue_yen: 12_300,
  errors: 4,
  days: ['01', '02', '03', '04', '05', '06', '07'].map((d, i) => ({
    date: `2026-03-${d}`,
    talks: i * 2,
    signups: i % 3,
    revenue_yen: i * 1000,
    errors: i === 6 ? 4 : 0,
  })),
  ...over,
});

/** An answer: [status, JSON body] or [status, text body, headers] (the CSV export), or computed from the call. */
type Answer = [number, unknown] | [number, string, Record<string, string>];
type Route = Answer | ((call: RecordedCall) => Answer);

/** A scripted admin API keyed "METHOD /path" (anything else answers 404) that also answers files and empty 204s. */
export function logsServer(routes: Record<string, Route>) {
  const calls: (RecordedCall & { search: URLSearchParams })[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const text = await request.text();
      const url = new URL(request.url);
      const call = {
        url: url.pathname,
        search: url.searchParams,
        method: request.method,
        headers: request.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.url}`];
      const answer: Answer = !route
        ? [404, { ok: false, code: 'NOT_FOUND', message: `not scripted: ${call.method} ${call.url}` }]
        : typeof route === 'function'
          ? route(call)
          : route;
      const [status, body, headers] = answer;
      if (status === 204) return new Response(null, { status });
      if (typeof body === 'string') return new Response(body, { status, headers });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, bodiesOf: (path: string) => calls.filter((c) => c.url === path).map((c) => c.body) };
}

/** A WebSocket the test drives: it records what the page sent and opens, answers and drops when told to. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.();
  }
}

/** Puts FakeWebSocket in place of the browser's and forgets earlier sockets. */
export function fakeWebSockets(): typeof FakeWebSocket.made {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket.made;
}
