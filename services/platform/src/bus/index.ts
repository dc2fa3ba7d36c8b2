import type * as KafkaModule from './kafka.ts';
import type * as RedisStreamsModule from './redis-streams.ts';
// Contract suites (contract.ts) import vitest and are therefore not exported
// here: production code imports this file. Tests import '../bus/contract.ts'.
export { createOutboxBus, type OutboxBusOptions } from './outbox-bus.ts';
export type { RedisStreamsBusOptions } from './redis-streams.ts';
/** Loads ioredis on first use: embedded deployments never pay for importing it. */
export async function createRedisStreamsBus(
  options: RedisStreamsModule.RedisStreamsBusOptions,
): ReturnType<typeof RedisStreamsModule.createRedisStreamsBus> {
  return (await import('./redis-streams.ts')).createRedisStreamsBus(options);
}
export type { KafkaBusOptions } from './kafka.ts';
/** Loads kafkajs on first use: embedded deployments never pay for importing it. */
export async function createKafkaBus(
  options: KafkaModule.KafkaBusOptions,
): ReturnType<typeof KafkaModule.createKafkaBus> {
  return (await import('./kafka.ts')).createKafkaBus(options);
}
export { PermanentEventError, isPermanent } from './shared.ts';
