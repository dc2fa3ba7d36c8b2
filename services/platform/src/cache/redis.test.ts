import { useEngine } from '../testing/use-engine.ts';
import { runCacheContract } from './contract.ts';
import { createRedisCache } from './redis.ts';

// REDIS_URL, else a container when Docker is present, else a local redis-server (testing/engines.ts decides).
const engine = await useEngine('redis');
if (!engine.skipped) runCacheContract('redis', () => createRedisCache({ url: engine.url() }));
