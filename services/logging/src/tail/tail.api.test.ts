import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { WebSocket } from 'ws';
import { LOG_TAIL_PATH, type LogTailFrame } from '@talkwith/proto/logging';
import { startLogging, uniqueId, type LoggingUnderTest } from '../test-kit.ts';

let svc: LoggingUnderTest;
let url: string;
beforeAll(async () => {
  svc = await startLogging();
  url = (await svc.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await svc?.close();
});

type Tail = { socket: WebSocket; next(): Promise<LogTailFrame>; closed: Promise<number> };

async function openTail(): Promise<Tail> {
  const socket = new WebSocket(`${url}${LOG_TAIL_PATH}`);
  await once(socket, 'open');
  const frames: LogTailFrame[] = [];
  const waiting: Array<(f: LogTailFrame) => void> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as LogTailFrame;
    const w = waiting.shift();
    if (w) w(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return {
    socket,
    closed,
    next: () =>
      frames.length > 0 ? Promise.resolve(frames.shift()!) : new Promise((resolve) => waiting.push(resolve)),
  };
}

describe('GET /api/admin/logs/tail (WebSocket)', () => {
  it.each([
    ['a customer token', () => svc.tokenFor('u1'), 'FORBIDDEN'],
    ['a forged token', () => 'not-a-token', 'UNAUTHENTICATED'],
  ])('tail, started with %s, is refused and closed', async (_name, token, code) => {
    const tail = await openTail();

    tail.socket.send(JSON.stringify({ type: 'start', token: token() }));

    expect(await tail.next()).toMatchObject({ type: 'error', code });
    expect(await tail.closed).toBe(1008);
  });

  it('tail, a frame that is not a start frame, is refused', async () => {
    const tail = await openTail();

    tail.socket.send(JSON.stringify({ type: 'start', token: svc.admin, filter: { user: 'x' } }));

    expect(await tail.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
  });

  it('tail, started by an admin with a filter, pushes the matching entries stored after the start only', async () => {
    const user = uniqueId('u');
    const tail = await openTail();
    tail.socket.send(
      JSON.stringify({ type: 'start', token: svc.admin, filter: { user_id: user, types: ['error', 'ticket'] } }),
    );
    expect(await tail.next()).toEqual({ type: 'started' });

    await svc.platform.events.publish('client.logged', user, { user_id: user, type: 'play', message: 'skipped: play' });
    await svc.platform.events.publish('client.logged', 'other', {
      user_id: 'someone-else',
      type: 'error',
      message: 'skipped: other user',
    });
    await svc.platform.events.publish('client.logged', user, {
      user_id: user,
      type: 'error',
      message: 'カメラが見つかりません',
    });
    await svc.platform.events.publish('ticket.used', user, {
      user_id: user,
      count: 1,
      character_id: 'c1',
      btn: 'start',
      used_at: new Date().toISOString(),
    });

    const received = [await tail.next(), await tail.next()];
    expect(received.map((f) => (f.type === 'entry' ? `${f.entry.source}:${f.entry.message}` : f.type)).sort()).toEqual([
      'client:カメラが見つかりません',
      'service:トークチケットを1枚使用しました',
    ]);
    tail.socket.terminate();
  });
});
