import { describe } from 'vitest';
import { useEngine } from '../testing/use-engine.ts';
import { runBusContract } from './contract.ts';
import { createKafkaBus } from './kafka.ts';

// KAFKA_URL=kafka://host:9092,host2:9092 (or plain host:port list), else a
// container when Docker is present, else skipped (testing/engines.ts decides).
const engine = await useEngine('kafka');
if (engine.skipped) {
  describe.skip('EventBus contract: kafka', () => undefined);
} else {
  const brokers = () =>
    engine
      .url()
      .replace(/^kafka:\/\//, '')
      .split(',');
  runBusContract('kafka', () =>
    createKafkaBus({ brokers: brokers(), clientId: `contract-${process.pid}`, retryDelayMs: 20 }),
  );
}
