// Contract suites (contract.ts) import vitest and are therefore not exported
// here: production code imports this file. Tests import '../bus/contract.ts'.
export { createMemoryBus, type MemoryBusOptions } from './memory.ts';
export { createLocalBus, type LocalBusOptions } from './local.ts';
export { createRedisStreamsBus, type RedisStreamsBusOptions } from './redis-streams.ts';
export { createKafkaBus, type KafkaBusOptions } from './kafka.ts';
export { PermanentEventError, isPermanent } from './shared.ts';
