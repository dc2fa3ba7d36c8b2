import { once } from 'node:events';
import WebSocket from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestGateway, type TestGateway } from '../../gateway/src/test-gateway.ts';
import type { SocketLimits } from '../../gateway/src/socket.ts';

// The attacks of the socket over real connections from one address (127.0.0.1)
// to a standalone gateway on an ephemeral port, each with limits small enough
// to reach in a test.

type Frame = { event: string; data: Record<string, unknown> };

let gw: TestGateway | undefined;
let base = '';
afterEach(async () => {
  vi.restoreAllMocks();
  await gw?.close();
  gw = undefined;
});

async function start(limits: Partial<SocketLimits>): Promise<TestGateway> {
  gw = await startTestGateway({}, { socketLimits: limits });
  base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  return gw;
}

/** Opens a socket; resolves with it once open, or with the HTTP status the upgrade was refused with. */
async function open(): Promise<WebSocket | number> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/socketio/new`, { headers: { origin: base } });
  socket.on('error', () => undefined);
  return new Promise((resolve) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
  });
}

async function openSocket(): Promise<WebSocket> {
  const socket = await open();
  if (typeof socket === 'number') throw new Error(`upgrade refused ${socket}`);
  return socket;
}

async function exchange(socket: WebSocket, frames: string[]): Promise<Frame[]> {
  const received: Frame[] = [];
  const done = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      received.push(JSON.parse(String(raw)) as Frame);
      if (received.length === frames.length) resolve();
    }),
  );
  for (const frame of frames) socket.send(frame);
  await done;
  return received;
}

/** Sends the frames and collects the answers that come within `ms`. */
async function collect(socket: WebSocket, frames: string[], ms: number): Promise<Frame[]> {
  const received: Frame[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw)) as Frame));
  for (const frame of frames) socket.send(frame);
  await new Promise((r) => setTimeout(r, ms));
  return received;
}

const errorLine = JSON.stringify({ event: 'log', data: { type: 'error', message: 'pre-login failure' } });
const deepFrame = `{"event":"log","data":{"type":"error","extra":${'{"d":'.repeat(5000)}0${'}'.repeat(5000)}}}`;
const nest = (depth: number): unknown => (depth === 0 ? 1 : Array.from({ length: 7 }, () => nest(depth - 1)));
/** The attack frame of the finding: extra holds arrays 7 wide and 5 deep (16,807 numbers, about 39 KB). */
const wideFrame = JSON.stringify({ event: 'log', data: { type: 'error', extra: { a: nest(5) } } });
const closed = (socket: WebSocket, withinMs: number) =>
  Promise.race([
    once(socket, 'close').then(([code]) => code as number),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs)),
  ]);

describe('socket attack, frames', () => {
  it('socket, deep and 16,807-value frames from an anonymous socket, spend the address budget and are refused without being parsed', async () => {
    await start({ addressFramesPerMinute: 4, anonymousFramesPerMinute: 100 });
    const parse = vi.spyOn(JSON, 'parse');
    const socket = await openSocket();

    const replies = await exchange(socket, [deepFrame, wideFrame, deepFrame, wideFrame, errorLine]);

    expect(replies.slice(0, 4).map((r) => r.data.code)).toEqual(Array(4).fill('VALIDATION_FAILED'));
    expect(replies[4]).toMatchObject({ event: 'error', data: { code: 'RATE_LIMITED' } });
    const parsedAttack = parse.mock.calls.filter(
      ([text]) => typeof text === 'string' && (text.includes('{"d":{"d":') || text.includes('[[[[[')),
    );
    expect(parsedAttack).toEqual([]);
    socket.close();
  });

  it('socket, frames that fail the check (not JSON, unknown event, wrong field), spend the address budget like valid ones', async () => {
    await start({ addressFramesPerMinute: 3, anonymousFramesPerMinute: 100 });
    const socket = await openSocket();

    const replies = await exchange(socket, [
      'not json',
      '{"event":"dance","data":{}}',
      '{"event":"log","data":{"type":"error","extra":"x"}}',
      errorLine,
    ]);

    expect(replies.slice(0, 3).map((r) => r.data.code)).toEqual([
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
    expect(replies[3]).toMatchObject({ event: 'error', data: { code: 'RATE_LIMITED' } });
    socket.close();
  });
});

describe('socket attack, a flood over the address budget', () => {
  it('socket, frames past the address budget, are refused once and the socket is not read until the window ends', async () => {
    await start({ addressFramesPerMinute: 2, anonymousFramesPerMinute: 100 });
    const socket = await openSocket();

    const replies = await collect(socket, Array<string>(200).fill(wideFrame), 1000);

    expect(replies.slice(0, 3).map((r) => r.data.code)).toEqual([
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'RATE_LIMITED',
    ]);
    expect(replies.length).toBeLessThan(100);
    socket.terminate();
  });
});

describe('socket attack, idle sockets', () => {
  it('socket, more anonymous sockets from one address than the cap, are refused 429 until one joins', async () => {
    const app = await start({ anonymousPerAddress: 3 });
    const sockets = [await openSocket(), await openSocket(), await openSocket()];

    const refused = await open();
    await exchange(sockets[0]!, [
      JSON.stringify({ event: 'auth', data: { token: app.tokenFor('joiner') } }),
      JSON.stringify({ event: 'joinRoom', data: { id: 'room' } }),
    ]);
    const afterJoin = await open();

    expect(refused).toBe(429);
    expect(afterJoin).toBeInstanceOf(WebSocket);
    for (const socket of [...sockets, afterJoin as WebSocket]) socket.close();
  });

  it('socket, opened and never joined, is closed after the unjoined idle time while a joined one stays open', async () => {
    const app = await start({ unjoinedIdleMs: 300, joinedIdleMs: 60_000 });
    const idle = await openSocket();
    const joined = await openSocket();
    await exchange(joined, [
      JSON.stringify({ event: 'auth', data: { token: app.tokenFor('stays') } }),
      JSON.stringify({ event: 'joinRoom', data: { id: 'room' } }),
    ]);

    const [idleCode, joinedCode] = await Promise.all([closed(idle, 3000), closed(joined, 1000)]);

    expect(idleCode).toBe(1000);
    expect(joinedCode).toBeNull();
    joined.close();
  });

  it('socket, joined and then silent, is closed after the joined idle time', async () => {
    const app = await start({ joinedIdleMs: 400 });
    const socket = await openSocket();
    await exchange(socket, [
      JSON.stringify({ event: 'auth', data: { token: app.tokenFor('quiet') } }),
      JSON.stringify({ event: 'joinRoom', data: { id: 'room' } }),
    ]);

    expect(await closed(socket, 3000)).toBe(1000);
  });
});

describe('socket attack, capacity', () => {
  it('socket, upgrades past the global cap of open sockets, are refused 503 UNAVAILABLE', async () => {
    await start({ maxOpen: 2 });
    const sockets = [await openSocket(), await openSocket()];

    const refused = new WebSocket(`${base.replace('http', 'ws')}/api/socketio/new`, { headers: { origin: base } });
    refused.on('error', () => undefined);
    const [, res] = (await once(refused, 'unexpected-response')) as [
      unknown,
      { statusCode: number; on(e: 'data', f: (b: Buffer) => void): void },
    ];
    const body = await new Promise<Record<string, unknown>>((resolve) =>
      res.on('data', (chunk) => resolve(JSON.parse(String(chunk)) as Record<string, unknown>)),
    );

    expect(res.statusCode).toBe(503);
    expect(body).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    refused.terminate();
    for (const socket of sockets) socket.close();
  });

  it('socket, 10 refused upgrades and 20 refused frames from one address, are logged once each a minute', async () => {
    const app = await start({ maxOpen: 1, addressFramesPerMinute: 2 });
    const warn = vi.spyOn(app.app.log, 'warn');
    const socket = await openSocket();

    for (let i = 0; i < 10; i++) expect(await open()).toBe(503);
    const replies = await collect(socket, Array<string>(22).fill(errorLine), 500);

    const reasons = warn.mock.calls.map(([fields]) => (fields as { reason?: string }).reason);
    expect(reasons.filter((r) => r === 'sockets-full')).toHaveLength(1);
    expect(reasons.filter((r) => r === 'frame-budget')).toHaveLength(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('127.0.0.1');
    expect(replies.slice(0, 3).map((r) => r.data.code ?? r.event)).toEqual(['logged', 'logged', 'RATE_LIMITED']);
    socket.close();
  });
});
