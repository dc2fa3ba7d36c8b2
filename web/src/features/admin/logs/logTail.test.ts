import { describe, expect, it } from 'vitest';
import { openLogTail, parseTailFrame, tailDelay, tailUrl, type TailState, type TailTimers } from './logTail.ts';
import { FakeWebSocket, logEntry } from './testing.ts';

/** Timers the test fires by hand: what was scheduled, and for how long. */
function manualTimers() {
  const pending: { fn: () => void; ms: number; handle: number }[] = [];
  let next = 0;
  const timers: TailTimers = {
    setTimeout: (fn, ms) => {
      next += 1;
      pending.push({ fn, ms, handle: next });
      return next;
    },
    clearTimeout: (handle) => {
      const at = pending.findIndex((p) => p.handle === handle);
      if (at >= 0) pending.splice(at, 1);
    },
  };
  const fire = () => pending.shift()?.fn();
  return { timers, pending, fire };
}

function tail(overrides: { token?: string | null } = {}) {
  const sockets: FakeWebSocket[] = [];
  const states: TailState[] = [];
  const entries: string[] = [];
  const clock = manualTimers();
  const close = openLogTail({
    url: 'ws://x/api/ops/logs/tail',
    getToken: () => (overrides.token === undefined ? 'tok' : overrides.token),
    filter: { types: ['error'] },
    onEntry: (entry) => entries.push(entry.id),
    onState: (state) => states.push(state),
    makeSocket: (url) => {
      const socket = new FakeWebSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    timers: clock.timers,
    random: () => 0.5,
  });
  return { sockets, states, entries, clock, close };
}

describe('openLogTail', () => {
  it('openLogTail, dropped twice, reconnects after 1 s then 2 s and starts again with the token on each socket', () => {
    const t = tail();
    t.sockets[0]!.open();
    t.sockets[0]!.drop();
    expect(t.clock.pending.map((p) => p.ms)).toEqual([1000]);
    t.clock.fire();
    t.sockets[1]!.drop();
    expect(t.clock.pending.map((p) => p.ms)).toEqual([2000]);
    t.clock.fire();
    t.sockets[2]!.open();

    expect(t.sockets.map((s) => s.sent)).toEqual([
      [{ type: 'start', token: 'tok', filter: { types: ['error'] } }],
      [],
      [{ type: 'start', token: 'tok', filter: { types: ['error'] } }],
    ]);
    expect(t.states).toEqual(['connecting', 'retrying', 'retrying', 'retrying', 'retrying']);
  });

  it('openLogTail, started after a retry, resets the back-off to 1 s', () => {
    const t = tail();
    t.sockets[0]!.drop();
    t.clock.fire();
    t.sockets[1]!.open();
    t.sockets[1]!.receive({ type: 'started' });
    t.sockets[1]!.drop();
    expect(t.clock.pending.map((p) => p.ms)).toEqual([1000]);
    expect(t.states).toContain('live');
  });

  it('openLogTail, closed by the page, closes the socket and never reconnects', () => {
    const t = tail();
    t.sockets[0]!.open();
    t.close();
    expect(t.sockets[0]!.readyState).toBe(FakeWebSocket.CLOSED);
    expect(t.clock.pending).toEqual([]);
    expect(t.states.at(-1)).toBe('closed');
  });

  it('openLogTail, without a token, gives up as refused instead of sending an empty start', () => {
    const t = tail({ token: null });
    t.sockets[0]!.open();
    expect(t.sockets[0]!.sent).toEqual([]);
    expect(t.states.at(-1)).toBe('refused');
    expect(t.clock.pending).toEqual([]);
  });

  it('openLogTail, entry frames, hands on only well-formed entries', () => {
    const t = tail();
    t.sockets[0]!.open();
    t.sockets[0]!.receive({ type: 'entry', entry: logEntry({ id: 'ok' }) });
    t.sockets[0]!.receive({ type: 'entry', entry: logEntry({ id: 'bad', type: 'nonsense' as 'error' }) });
    t.sockets[0]!.onmessage?.({ data: 'not json' });
    expect(t.entries).toEqual(['ok']);
  });
});

describe('tail helpers', () => {
  it('tailDelay, many attempts, never exceeds 30 s and spreads ±50 %', () => {
    expect(tailDelay(0, () => 0)).toBe(500);
    expect(tailDelay(0, () => 1)).toBe(1500);
    expect(tailDelay(40, () => 1)).toBe(30_000);
  });

  it('tailUrl, an https page and a prefix with slashes, is wss on the same host under the admin base', () => {
    expect(tailUrl('/api/ops/', { protocol: 'https:', host: 'talk.example.jp' })).toBe(
      'wss://talk.example.jp/api/ops/logs/tail',
    );
    expect(tailUrl('api/x', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/x/logs/tail');
  });

  it('parseTailFrame, an error frame without fields, still reads as an error', () => {
    expect(parseTailFrame('{"type":"error"}')).toEqual({ type: 'error', code: '', message: '' });
    expect(parseTailFrame('{"type":"nope"}')).toBeNull();
  });
});
