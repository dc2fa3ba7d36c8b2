import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RunningRedis } from '../testing/index.ts';
import { runBusContract } from './contract.ts';
import { createRedisStreamsBus } from './redis-streams.ts';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

runBusContract('redis streams', () =>
  createRedisStreamsBus({ url: redis.url, leaseMs: 300, blockMs: 50, retryDelayMs: 5 }),
);
