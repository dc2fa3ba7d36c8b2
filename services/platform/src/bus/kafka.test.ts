import { describe } from 'vitest';
import { skipReason } from '../testing/index.ts';
import { runBusContract } from './contract.ts';
import { createKafkaBus } from './kafka.ts';

// KAFKA_URL=kafka://host:9092,host2:9092 (or plain host:port list).
const reason = skipReason('KAFKA_URL');
if (reason) {
  console.warn('skipped: Kafka bus contract — set KAFKA_URL to run against a real engine');
  describe.skip('EventBus contract: kafka', () => undefined);
} else {
  const brokers = (process.env.KAFKA_URL ?? '').replace(/^kafka:\/\//, '').split(',');
  runBusContract('kafka', () => createKafkaBus({ brokers, clientId: `contract-${process.pid}`, retryDelayMs: 20 }));
}
