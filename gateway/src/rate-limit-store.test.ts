import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '@talkwith/platform';
import { createMemoryCache, createRedisCache } from '@talkwith/platform/cache';
import { httpPlugin } from '@talkwith/platform/http';
import { startRedisServer } from '@talkwith/platform/testing';
import { cacheRateLimitStore } from './rate-limit-store.ts';

async function limitedApp(
  cache: Cache,
  max: number,
  prefix = `rl-${Math.random()}:`,
  fallback?: Cache,
): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(httpPlugin);
  await app.register(rateLimit, { max, timeWindow: 60_000, store: cacheRateLimitStore(cache, prefix, fallback) });
  app.get('/ping', async () => ({ ok: true }));
  return app;
}

async function statuses(app: FastifyInstance, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await app.inject({ method: 'GET', url: '/ping' })).statusCode);
  return out;
}

describe('rate limit on the cache port', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('rate limit, memory cache, answers 429 RATE_LIMITED after max requests', async () => {
    const app = await limitedApp(await createMemoryCache(), 3);
    const codes = await statuses(app, 5);
    const limited = await app.inject({ method: 'GET', url: '/ping' });
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', rateLimited: true });
    await app.close();
  });

  it('rate limit, two gateways on one Redis cache, share the counter', async () => {
    const [cacheA, cacheB] = [await createRedisCache({ url: redis.url }), await createRedisCache({ url: redis.url })];
    const [a, b] = [await limitedApp(cacheA, 4, 'shared:'), await limitedApp(cacheB, 4, 'shared:')];
    const codes = [...(await statuses(a, 2)), ...(await statuses(b, 3))];
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    await Promise.all([a.close(), b.close(), cacheA.close(), cacheB.close()]);
  });

  it('rate limit, the Redis cache gone, counts on in this process: 200s up to max, then 429, no failure', async () => {
    const own = await startRedisServer();
    const cache = await createRedisCache({ url: own.url });
    const app = await limitedApp(cache, 3, 'outage:', await createMemoryCache());
    await own.stop();

    const codes = await statuses(app, 5);

    expect(codes).toEqual([200, 200, 200, 429, 429]);
    await Promise.all([app.close(), cache.close()]);
  }, 20_000);
});
