import { once } from 'node:events';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { originAllowed } from './socket.ts';
import { eventually, startTestGateway, type TestGateway } from './test-gateway.ts';
import { announceSessionVersion, REVOKED } from '@talkwith/platform/http';

type Frame = { event: string; data: Record<string, unknown> };

let gw: TestGateway;
let url: string;
let origin: string;
beforeAll(async () => {
  // The burst below is one account's 300 lines at once: the log store's per-account budget (logging config) is lifted so it measures ordering, not the budget.
  gw = await startTestGateway(
    { LOG_ACCOUNT_LINES_PER_MINUTE: '10000' },
    {
      socketLimits: {
        connectionBurst: 1000,
        addressFramesPerMinute: 10_000,
        anonymousFramesPerMinute: 1000,
        anonymousBytesPerMinute: 10 * 1024 * 1024,
      },
    },
  );
  const address = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  origin = address;
  url = `${address.replace('http', 'ws')}/api/socketio/new`;
});
afterAll(async () => {
  await gw?.close();
});

async function open(target = url, headers: Record<string, string> = { origin }): Promise<WebSocket> {
  const socket = new WebSocket(target, { headers });
  await once(socket, 'open');
  return socket;
}

async function exchange(frames: Array<string | Buffer>, expected: number, socket?: WebSocket): Promise<Frame[]> {
  const ws = socket ?? (await open());
  const received: Frame[] = [];
  const done = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      received.push(JSON.parse(String(raw)));
      if (received.length === expected) resolve();
    }),
  );
  for (const frame of frames) ws.send(frame);
  await done;
  ws.close();
  return received;
}

const auth = (token: string) => JSON.stringify({ event: 'auth', data: { token } });
const log = (data: Record<string, unknown>) => JSON.stringify({ event: 'log', data });

async function storedLogs(filter: Record<string, unknown>): Promise<Array<Record<string, unknown>>> {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/secret-admin-test/logs/filter',
    headers: { authorization: `Bearer ${gw.tokenFor('admin-1', ['admin'])}` },
    payload: filter,
  });
  return (res.json() as { logs: Array<Record<string, unknown>> }).logs;
}

describe('gateway WebSocket', () => {
  it('socket, frames of the wrong shape, get error frames and the socket stays open', async () => {
    const replies = await exchange(
      [
        auth(gw.tokenFor('u1')),
        JSON.stringify({ event: 'log', data: { type: 'play', extra: 'x' } }),
        JSON.stringify({ event: 'dance', data: {} }),
        Buffer.from([1, 2, 3]),
        JSON.stringify({ event: 'joinRoom', data: { id: 'r' } }),
      ],
      5,
    );
    expect(replies[0]).toEqual({ event: 'authed', data: { user_id: 'u1' } });
    expect(replies.slice(1, 4).every((r) => r.event === 'error' && r.data.code === 'VALIDATION_FAILED')).toBe(true);
    expect(replies[4]).toEqual({ event: 'joined', data: { id: 'r' } });
  });

  it('socket, permessage-deflate offered, is not negotiated', async () => {
    const socket = new WebSocket(url, { perMessageDeflate: true, headers: { origin } });
    await once(socket, 'open');
    expect(socket.extensions).toBe('');
    socket.close();
  });

  it("socket, a log frame after auth, is published as client.logged for the token's user", async () => {
    const seen: unknown[] = [];
    const sub = await gw.platform.events.consume('socket-test', ['client.logged'], async (e) => {
      seen.push(e.data);
    });
    const replies = await exchange([auth(gw.tokenFor('u9')), log({ type: 'play', character_id: 'c1' })], 2);
    expect(replies[1]?.event).toBe('logged');
    await eventually(async () => (seen.length > 0 ? true : undefined));
    await sub.close();
    expect(seen).toContainEqual({ user_id: 'u9', type: 'play', character_id: 'c1' });
  });

  it('socket, 300 log lines and a bad frame sent without waiting, are answered in the order sent and share transactions', async () => {
    // More lines than one connection may have committing at once (64): the socket is paused and resumed on the way.
    const transactions = vi.spyOn(gw.platform.store, 'withTransaction');
    const lines = Array.from({ length: 300 }, (_, n) => log({ type: 'play', message: `line ${n}` }));
    const replies = await exchange(
      [auth(gw.tokenFor('u-burst')), ...lines.slice(0, 150), '{"event":"log"', ...lines.slice(150)],
      302,
    );
    const commits = transactions.mock.calls.length;
    transactions.mockRestore();
    expect(replies.map((r) => r.event)).toEqual([
      'authed',
      ...Array<string>(150).fill('logged'),
      'error',
      ...Array<string>(150).fill('logged'),
    ]);
    expect(new Set(replies.filter((r) => r.event === 'logged').map((r) => r.data.id)).size).toBe(300);
    // One transaction per line (the connection waiting for each commit) would be 300 and more.
    expect(commits).toBeLessThan(150);
    await eventually(async () =>
      (await storedLogs({ user_id: 'u-burst', limit: 100, page: 3 })).length === 100 ? true : undefined,
    );
  });

  it('socket, a log frame whose extra is nested 5,000 levels deep, is refused at the schema and the next frame is stored', async () => {
    // Written as text: building it with JSON.stringify would overflow the test's own stack.
    const deep = `${'{"d":'.repeat(5000)}"leaf"${'}'.repeat(5000)}`;
    const replies = await exchange(
      [
        auth(gw.tokenFor('u8')),
        `{"event":"log","data":{"type":"error","extra":${deep}}}`,
        log({ type: 'error', extra: { os: 'iOS', app: { version: '1.2' } } }),
      ],
      3,
    );
    expect(replies[1]).toMatchObject({ event: 'error', data: { code: 'VALIDATION_FAILED' } });
    expect(replies[2]?.event).toBe('logged');
  });
});

describe('gateway WebSocket identity', () => {
  it('socket, anonymous joinRoom naming another user, is refused UNAUTHENTICATED', async () => {
    const [reply] = await exchange([JSON.stringify({ event: 'joinRoom', data: { id: 'r', user_id: 'victim' } })], 1);
    expect(reply).toMatchObject({ event: 'error', data: { code: 'UNAUTHENTICATED' } });
  });

  it('socket, anonymous log frame carrying a user_id or a user-only type, is refused and nothing is stored for that user', async () => {
    const replies = await exchange(
      [
        log({ user_id: 'victim-1', type: 'error' }),
        log({ type: 'play' }),
        log({ type: 'admin', message: 'deleted every user' }),
      ],
      3,
    );
    expect(replies.map((r) => r.data.code)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(await storedLogs({ user_id: 'victim-1' })).toEqual([]);
  });

  it('socket, authenticated frame naming another user, is refused FORBIDDEN', async () => {
    const replies = await exchange(
      [
        auth(gw.tokenFor('mallory')),
        JSON.stringify({ event: 'joinRoom', data: { id: 'r', user_id: 'victim-2' } }),
        log({ user_id: 'victim-2', type: 'play' }),
      ],
      3,
    );
    expect(replies.slice(1).map((r) => r.data.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
  });

  it('socket, a customer sending an "admin" line or an audit event type, is refused and no client line sits beside audit entries', async () => {
    const replies = await exchange(
      [
        auth(gw.tokenFor('cust-3')),
        log({ type: 'admin', message: 'forged' }),
        log({ type: 'admin.acted', message: 'forged' }),
      ],
      3,
    );
    expect(replies[1]).toMatchObject({ event: 'error', data: { code: 'FORBIDDEN' } });
    expect(replies[2]).toMatchObject({ event: 'error', data: { code: 'VALIDATION_FAILED' } });
    expect(await storedLogs({ user_id: 'cust-3' })).toEqual([]);
  });

  it("socket, the user's session revoked after auth (log-out, password change, deletion), refuses their next frames and a new auth with the old token", async () => {
    const socket = await open();
    const received: Frame[] = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw)) as Frame));
    const replies = async (count: number) => {
      while (received.length < count) await new Promise((r) => setTimeout(r, 10));
    };
    socket.send(auth(gw.tokenFor('revoked-1')));
    socket.send(log({ type: 'play' }));
    await replies(2);
    await announceSessionVersion(gw.platform.cache, 'revoked-1', REVOKED, 60_000);
    socket.send(log({ type: 'play' }));
    socket.send(auth(gw.tokenFor('revoked-1')));
    await replies(4);
    socket.close();
    const [before, after] = [received.slice(0, 2), received.slice(2)];
    expect(before.map((f) => f.event)).toEqual(['authed', 'logged']);
    expect(after.map((f) => f.data['code'])).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });

  it('socket, a forged or expired token, is refused and the socket stays anonymous', async () => {
    const expired = gw.app.jwt.sign({ sub: 'u-exp', roles: ['customer'] }, { expiresIn: -10 });
    const replies = await exchange([auth('not.a.token'), auth(expired), log({ type: 'play' })], 3);
    expect(replies.map((r) => r.data.code)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });

  it('socket, anonymous pre-login error line, is stored with no user and source client', async () => {
    const marker = `pre-login-${Date.now()}`;
    const [reply] = await exchange([log({ type: 'error', message: marker })], 1);
    expect(reply?.event).toBe('logged');
    const line = await eventually(async () =>
      (await storedLogs({ types: ['error'], source: 'client', text: marker })).find((l) => l.message === marker),
    );
    expect(line).toMatchObject({ source: 'client', user_id: null, type: 'error' });
  });
});

describe('gateway WebSocket origin', () => {
  it('socket, upgrade from a foreign origin or with none, is refused 403 before upgrading', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, {}]) {
      const socket = new WebSocket(url, { headers });
      socket.on('error', () => undefined);
      const [, res] = (await once(socket, 'unexpected-response')) as [unknown, { statusCode: number }];
      expect(res.statusCode).toBe(403);
      socket.terminate();
    }
  });

  it('originAllowed, PUBLIC_URL set or unset, accepts only the public origin or the same host', () => {
    expect(originAllowed('https://talkwith.example', 'anything', 'https://talkwith.example/')).toBe(true);
    expect(originAllowed('https://evil.example', 'talkwith.example', 'https://talkwith.example')).toBe(false);
    expect(originAllowed('http://localhost:3000', 'localhost:3000', undefined)).toBe(true);
    expect(originAllowed('http://localhost:3001', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed('null', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed(undefined, 'localhost:3000', undefined)).toBe(false);
  });
});

describe('gateway WebSocket budgets', () => {
  it('socket, a burst beyond the connection bucket, gets RATE_LIMITED frames and stores no more than the budget', async () => {
    const limited = await startTestGateway({}, { socketLimits: { connectionBurst: 5, connectionPerSecond: 0.001 } });
    try {
      const address = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await open(`${address.replace('http', 'ws')}/api/socketio/new`, { origin: address });
      const frames = [auth(limited.tokenFor('burst-user')), ...Array.from({ length: 20 }, () => log({ type: 'play' }))];
      const replies = await exchange(frames, 21, socket);
      expect(replies.filter((r) => r.event === 'logged')).toHaveLength(4);
      expect(replies.filter((r) => r.data.code === 'RATE_LIMITED')).toHaveLength(16);
    } finally {
      await limited.close();
    }
  });

  it('socket, anonymous frames from one address over several sockets, share the anonymous per-address budget', async () => {
    const limited = await startTestGateway({}, { socketLimits: { anonymousFramesPerMinute: 3 } });
    try {
      const address = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const target = `${address.replace('http', 'ws')}/api/socketio/new`;
      const replies: Frame[] = [];
      for (let i = 0; i < 3; i++)
        replies.push(
          ...(await exchange(
            [log({ type: 'error' }), log({ type: 'connect' })],
            2,
            await open(target, { origin: address }),
          )),
        );
      expect(replies.filter((r) => r.event === 'logged')).toHaveLength(3);
      expect(replies.filter((r) => r.data.code === 'RATE_LIMITED')).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('socket, anonymous bytes beyond the per-address byte budget, are refused', async () => {
    const limited = await startTestGateway({}, { socketLimits: { anonymousBytesPerMinute: 8 * 1024 } });
    try {
      const address = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await open(`${address.replace('http', 'ws')}/api/socketio/new`, { origin: address });
      const big = log({ type: 'error', message: 'x'.repeat(3000) });
      const replies = await exchange([big, big, big, big], 4, socket);
      expect(replies.map((r) => r.event)).toEqual(['logged', 'logged', 'error', 'error']);
    } finally {
      await limited.close();
    }
  });
});
