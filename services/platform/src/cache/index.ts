// The contract suite (contract.ts) imports vitest, so it is not exported here.
export { createMemoryCache, type MemoryCacheOptions } from './memory.ts';
export { createRedisCache, type RedisCacheOptions } from './redis.ts';
