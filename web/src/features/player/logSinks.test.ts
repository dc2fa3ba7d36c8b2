import { describe, expect, it, vi } from 'vitest';
import type { LogEntry } from './ports.ts';

const delivered: LogEntry[] = [];
const closed: string[] = [];
vi.mock('./logSink.ts', () => ({
  socketLogSink: (url: string) => ({
    log: (entry: LogEntry) => delivered.push(entry),
    close: () => closed.push(url),
  }),
}));

const { lazySocketLogSink } = await import('./logSinks.ts');
const entry = (message: string): LogEntry => ({ category: 'other', message, extra: {}, characterId: 'c1' });

describe('lazy log socket', () => {
  it('lazySocketLogSink, lines logged before the socket code arrived, are handed to the socket in order once it has', async () => {
    delivered.length = 0;
    const sink = lazySocketLogSink('ws://a/api/socketio/new', () => 'token');

    sink.log(entry('first'));
    sink.log(entry('second'));
    await vi.waitFor(() => expect(delivered).toHaveLength(2));
    sink.log(entry('third'));

    expect(delivered.map((e) => e.message)).toEqual(['first', 'second', 'third']);
  });

  it('lazySocketLogSink, closed before the socket code arrived, never opens the socket', async () => {
    delivered.length = 0;
    closed.length = 0;
    const sink = lazySocketLogSink('ws://b/api/socketio/new', () => null);

    sink.log(entry('gone'));
    sink.close();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(delivered).toEqual([]);
    expect(closed).toEqual([]);
  });
});
