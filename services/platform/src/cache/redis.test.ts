import { afterEach, describe, expect, it } from 'vitest';
import { startRedisServer } from '../testing/index.ts';
import { useEngine } from '../testing/use-engine.ts';
import { runCacheContract } from './contract.ts';
import { createRedisCache } from './redis.ts';

// REDIS_URL, else a container when Docker is present, else a local redis-server (testing/engines.ts decides).
const engine = await useEngine('redis');
if (!engine.skipped) runCacheContract('redis', () => createRedisCache({ url: engine.url() }));

describe('redis cache, Redis going away', () => {
  it('get, the server stopped, rejects with 503 UNAVAILABLE within a second; the server back, answers again without a new client', async () => {
    const server = await startRedisServer();
    const cache = await createRedisCache({ url: server.url });
    try {
      await cache.set('outage-key', 'before');
      await server.stop();

      const started = performance.now();
      const failure = await cache.get('outage-key').then(
        () => null,
        (err: unknown) => err,
      );
      const elapsed = performance.now() - started;
      const back = await startRedisServer({ port: server.port });
      stops.push(() => back.stop());
      const recovered = await eventually(() => cache.set('outage-key', 'after').then(() => cache.get('outage-key')));

      expect(failure).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
      expect(elapsed).toBeLessThan(1000);
      expect(recovered).toBe('after');
    } finally {
      await cache.close();
    }
  }, 20_000);
});

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The first answer of `attempt` that does not throw, retried for up to 10 s (the client reconnects at most 2 s apart). */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
