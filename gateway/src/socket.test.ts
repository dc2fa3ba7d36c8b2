import { once } from 'node:events';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gw: TestGateway;
let url: string;
beforeAll(async () => {
  gw = await startTestGateway();
  url = `${(await gw.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/api/socketio/new`;
});
afterAll(async () => { await gw?.close(); });

async function exchange(frames: Array<string | Buffer>, expected: number): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const socket = new WebSocket(url);
  await once(socket, 'open');
  const received: Array<{ event: string; data: Record<string, unknown> }> = [];
  const done = new Promise<void>((resolve) => socket.on('message', (raw) => { received.push(JSON.parse(String(raw))); if (received.length === expected) resolve(); }));
  for (const frame of frames) socket.send(frame);
  await done;
  socket.close();
  return received;
}

describe('gateway WebSocket', () => {
  it('socket, frames of the wrong shape, get error frames and the socket stays open', async () => {
    const replies = await exchange([
      JSON.stringify({ event: 'log', data: { type: 'play' } }),
      JSON.stringify({ event: 'dance', data: {} }),
      Buffer.from([1, 2, 3]),
      JSON.stringify({ event: 'joinRoom', data: { id: 'r', user_id: 'u' } }),
    ], 4);
    expect(replies.slice(0, 3).every((r) => r.event === 'error' && r.data.code === 'VALIDATION_FAILED')).toBe(true);
    expect(replies[3]).toEqual({ event: 'joined', data: { id: 'r' } });
  });

  it('socket, permessage-deflate offered, is not negotiated', async () => {
    const socket = new WebSocket(url, { perMessageDeflate: true });
    await once(socket, 'open');
    expect(socket.extensions).toBe('');
    socket.close();
  });

  it('socket, a log frame, is published as client.logged', async () => {
    const seen: unknown[] = [];
    const sub = await gw.platform.events.consume('socket-test', ['client.logged'], async (e) => { seen.push(e.data); });
    const [reply] = await exchange([JSON.stringify({ event: 'log', data: { user_id: 'u9', type: 'play', character_id: 'c1' } })], 1);
    expect(reply?.event).toBe('logged');
    await new Promise((r) => setTimeout(r, 200));
    await sub.close();
    expect(seen).toContainEqual({ user_id: 'u9', type: 'play', character_id: 'c1' });
  });

  it('socket, a log frame whose extra is nested 5,000 levels deep, is refused at the schema and the next frame is stored', async () => {
    // Written as text: building it with JSON.stringify would overflow the test's own stack.
    const deep = `${'{"d":'.repeat(5000)}"leaf"${'}'.repeat(5000)}`;
    const replies = await exchange([
      `{"event":"log","data":{"user_id":"u8","type":"error","extra":${deep}}}`,
      JSON.stringify({ event: 'log', data: { user_id: 'u8', type: 'error', extra: { os: 'iOS', app: { version: '1.2' } } } }),
    ], 2);
    expect(replies[0]).toMatchObject({ event: 'error', data: { code: 'VALIDATION_FAILED' } });
    expect(replies[1]?.event).toBe('logged');
  });
});
