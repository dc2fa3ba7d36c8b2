export { createMemoryBus, type MemoryBusOptions } from './memory.ts';
export { createRedisStreamsBus, type RedisStreamsBusOptions } from './redis-streams.ts';
export { createKafkaBus, type KafkaBusOptions } from './kafka.ts';
export { runBusContract, testEvent, waitFor } from './contract.ts';
