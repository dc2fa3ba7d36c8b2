import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RunningRedis } from '../testing/index.ts';
import { runCacheContract } from './contract.ts';
import { createRedisCache } from './redis.ts';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

runCacheContract('redis', () => createRedisCache({ url: redis.url }));
