import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RunningRedis } from '../testing/index.ts';
import { createBullJobs } from './bull.ts';
import { runJobsContract } from './contract.ts';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

runJobsContract('bullmq', () => createBullJobs({ url: redis.url, prefix: 'twtest' }));
