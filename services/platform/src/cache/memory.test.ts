import { runCacheContract } from './contract.ts';
import { createMemoryCache } from './memory.ts';

runCacheContract('memory', () => createMemoryCache());
