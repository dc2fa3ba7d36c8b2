import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxBus, createRedisStreamsBus } from '../bus/index.ts';
import { testEvent, waitFor } from '../bus/contract.ts';
import { PermanentEventError } from '../bus/shared.ts';
import { createEventing } from '../eventing/index.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { startRedisServer } from '../testing/index.ts';
import { createMetrics } from './registry.ts';
import { operationsRegistry } from './operations.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempStore() {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-ops-metrics-'));
  const store = await createEmbeddedStore({ dir });
  cleanups.push(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return store;
}

async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = await operationsRegistry.getSingleMetric(name)!.get();
  return metric.values
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('operations metrics', () => {
  it('embedded bus, event parked, counts talkwith_bus_parked_events_total for its group and renders it', async () => {
    const bus = await createOutboxBus({ store: await tempStore(), retryDelayMs: 5 });
    cleanups.push(() => bus.close());
    const group = `poison-${randomUUID().slice(0, 8)}`;
    await bus.subscribe({
      group,
      types: ['test.poison'],
      maxAttempts: 3,
      handler: async () => {
        throw new PermanentEventError('never');
      },
    });

    await bus.publish(testEvent('test.poison', 'k1'));
    // The counter moves right after the parked row commits: a poll may see the row a turn before it.
    await waitFor(
      async () =>
        (await bus.parked(group)).length === 1 && (await value('talkwith_bus_parked_events_total', { group })) === 1,
    );

    expect(await value('talkwith_bus_parked_events_total', { group })).toBe(1);
    const text = await createMetrics({ consumerLag: async () => [], outboxBacklog: async () => 0 }).render();
    expect(text).toContain(`talkwith_bus_parked_events_total{group="${group}"} 1`);
  });

  it('outbox relay, Redis gone, counts talkwith_outbox_relay_failures_total', async () => {
    const redis = await startRedisServer();
    const bus = await createRedisStreamsBus({ url: redis.url, onError: () => undefined }); // the outage is the point
    const events = createEventing({
      bus,
      store: await tempStore(),
      logger: pino({ level: 'silent' }),
      outbox: { retryMinMs: 10, retryMaxMs: 40, sweepEveryMs: 60_000 },
    });
    cleanups.push(async () => {
      await events.close();
      await bus.close().catch(() => undefined);
      await redis.stop();
    });
    const before = await value('talkwith_outbox_relay_failures_total');

    await redis.stop();
    await events.publish('client.logged', 'u1', { user_id: 'u1', type: 'play', message: 'x' });
    await waitFor(async () => (await value('talkwith_outbox_relay_failures_total')) >= before + 2, 15_000);

    expect(await value('talkwith_outbox_relay_failures_total')).toBeGreaterThanOrEqual(before + 2);
  }, 30_000);
});
