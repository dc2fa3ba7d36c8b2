import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { freePort, skipReason, startRedisServer } from './index.ts';

describe('testing helpers', () => {
  it('startRedisServer, started, answers PING and stops cleanly', async () => {
    const server = await startRedisServer();
    const client = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await client.connect();
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
    await server.stop();
  });

  it('freePort, called twice, returns usable port numbers', async () => {
    const [a, b] = [await freePort(), await freePort()];
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });

  it('skipReason, variable set or not, returns null or a skipped reason', () => {
    process.env.TALKWITH_TEST_SKIP_PROBE = '1';
    expect(skipReason('TALKWITH_TEST_SKIP_PROBE')).toBeNull();
    delete process.env.TALKWITH_TEST_SKIP_PROBE;
    expect(skipReason('TALKWITH_TEST_SKIP_PROBE')).toMatch(/^skipped: /);
  });
});
