import type * as RedisCacheModule from './redis.ts';
// The contract suite (contract.ts) imports vitest, so it is not exported here.
export { createMemoryCache } from './memory.ts';
export type { RedisCacheOptions } from './redis.ts';
/** Loads ioredis on first use: embedded deployments never pay for importing it. */
export async function createRedisCache(
  options: RedisCacheModule.RedisCacheOptions,
): ReturnType<typeof RedisCacheModule.createRedisCache> {
  return (await import('./redis.ts')).createRedisCache(options);
}
