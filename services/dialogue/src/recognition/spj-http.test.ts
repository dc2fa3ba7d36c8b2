import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Messages } from '@talkwith/dialogue-engine';
import { eventually } from '@talkwith/platform/testing/eventually';
import { createSpjHttp, type SpjHttpOptions } from './spj-http.ts';

/** A fake SPJ service: each request is answered by the next queued behaviour (the last one repeats). */
interface Received {
  path: string;
  authorization: string | undefined;
  body: unknown;
}
type Behaviour = (res: ServerResponse) => void;

let server: Server;
let base: string;
let behaviours: Behaviour[] = [];
let received: Received[] = [];

const json =
  (status: number, body: unknown): Behaviour =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
const never: Behaviour = () => undefined;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  received.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || 'null') });
  const behaviour = behaviours.length > 1 ? behaviours.shift()! : behaviours[0]!;
  behaviour(res);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  behaviours = [];
  received = [];
});

function adapter(overrides: Partial<SpjHttpOptions> = {}) {
  const lines: Array<{ details: Record<string, unknown>; message: string }> = [];
  const spj = createSpjHttp({
    timeoutMs: 1000,
    breakerFailures: 3,
    breakerOpenMs: 60_000,
    logger: {
      warn: (details, message) => {
        lines.push({ details, message });
      },
    },
    ...overrides,
  });
  return { spj, lines };
}
/** Each test its own url, so breakers never carry over between tests. */
const target = (apiKey = `sk-${randomUUID()}`) => ({ url: `${base}/score/${randomUUID()}`, apiKey });
const query = { text: 'こんにちは', category: 'greeting' };

describe('SPJ HTTP adapter against a fake SPJ server', () => {
  it('score, the service answers a score, returns it; the key is sent as a Bearer token with {text, category}', async () => {
    behaviours = [json(200, { score: 72 })];
    const { spj } = adapter();
    const to = target('sk-secret-1');
    expect(await spj.score(to, query)).toBe(72);
    expect(received).toEqual([{ path: new URL(to.url).pathname, authorization: 'Bearer sk-secret-1', body: query }]);
  });

  it("score, the service does not answer within the time-out, is an empty result without a retry, logged with §8's message", async () => {
    behaviours = [never];
    const { spj, lines } = adapter({ timeoutMs: 100 });
    expect(await spj.score(target(), query)).toBeNull();
    expect(received).toHaveLength(1);
    expect(lines).toEqual([
      { details: expect.objectContaining({ reason: 'timed out', spj: base }), message: Messages.EMPTY_SPJ_OR_SEARCH },
    ]);
  });

  it('score, a 503 then a score, retries once and returns the score', async () => {
    behaviours = [json(503, { error: 'busy' }), json(200, { score: 40 })];
    const { spj, lines } = adapter();
    expect(await spj.score(target(), query)).toBe(40);
    expect(received).toHaveLength(2);
    expect(lines).toEqual([]);
  });

  it('score, 5xx twice, gives up after the one retry (an empty result)', async () => {
    behaviours = [json(500, {})];
    const { spj, lines } = adapter();
    expect(await spj.score(target(), query)).toBeNull();
    expect(received).toHaveLength(2);
    expect(lines[0]?.details.reason).toBe('status 500');
  });

  it.each([
    ['a 401', json(401, { error: 'bad key' })],
    ['a score out of range', json(200, { score: 130 })],
    ['a body without a score', json(200, { result: 'ok' })],
    [
      'a body that is not JSON',
      (res: ServerResponse) => {
        res.writeHead(200).end('<html>');
      },
    ],
  ])('score, %s, is an empty result without a retry', async (_name, behaviour) => {
    behaviours = [behaviour];
    const { spj } = adapter();
    expect(await spj.score(target(), query)).toBeNull();
    expect(received).toHaveLength(1);
  });

  it('score, nothing listening at the url, is an empty result (network error)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/score`;
    await new Promise((resolve) => closed.close(resolve));
    const { spj, lines } = adapter();
    expect(await spj.score({ url, apiKey: 'k' }, query)).toBeNull();
    expect(lines[0]?.details.reason).toBe('network error');
  });

  it('score, an spj_url that is not http(s), is refused without a call and logged as an invalid setting', async () => {
    const { spj, lines } = adapter();
    expect(await spj.score({ url: 'file:///etc/passwd', apiKey: 'k' }, query)).toBeNull();
    expect(received).toEqual([]);
    expect(lines[0]?.message).toBe(Messages.INVALID_SPJ_OR_SEARCH);
  });

  it('score, after N failed calls, opens the breaker: the next call answers at once without reaching the service', async () => {
    behaviours = [json(500, {})];
    const { spj, lines } = adapter({ breakerFailures: 2 });
    const to = target();
    await spj.score(to, query);
    await spj.score(to, query);
    const reached = received.length;
    expect(await spj.score(to, query)).toBeNull();
    expect(received).toHaveLength(reached);
    expect(lines.at(-1)?.details.reason).toBe('breaker open');
  });

  it('score, an open breaker, is per url: another url still reaches the service', async () => {
    behaviours = [json(500, {}), json(500, {}), json(200, { score: 88 })];
    const { spj } = adapter({ breakerFailures: 1 });
    await spj.score(target(), query);
    expect(await spj.score(target(), query)).toBe(88);
  });

  it("score, the breaker's open time over, lets a trial through and closes again when it succeeds", async () => {
    behaviours = [json(500, {}), json(500, {}), json(200, { score: 61 })];
    const { spj } = adapter({ breakerFailures: 1, breakerOpenMs: 100 });
    const to = target();
    await spj.score(to, query);
    expect(await eventually(async () => spj.score(to, query))).toBe(61);
    expect(await spj.score(to, query)).toBe(61);
  });

  it("score, every failure logged, never writes the key or the url's path into a log line", async () => {
    behaviours = [never];
    const { spj, lines } = adapter({ timeoutMs: 50, breakerFailures: 1 });
    const to = target('sk-never-logged');
    await spj.score(to, query);
    await spj.score(to, query);
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain('sk-never-logged');
    expect(JSON.stringify(lines)).not.toContain(new URL(to.url).pathname);
  });
});
