import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../bus/contract.ts';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import { createEventing } from '../eventing/eventing.ts';
import { createEmbeddedStore } from '../store/index.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-lag-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createOutboxBus({ store, retryDelayMs: 100 });
  cleanups.push(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { bus, events: createEventing({ bus, store, logger: pino({ level: 'silent' }) }) };
}

const logged = { user_id: 'u1', type: 'play' as const };

describe('embedded bus consumer lag', () => {
  it('consumerLag, a group held on the first of four events, reports all four behind until released', async () => {
    const { bus, events } = await setup();
    for (let i = 0; i < 4; i++) await events.publish('client.logged', `k${i}`, logged);
    let blocked = true;
    let attempts = 0;
    let handled = 0;
    // Refused until released: the group stays at its position, retrying (between attempts no transaction holds the store).
    await events.consume('slow-group', ['client.logged'], async () => {
      attempts++;
      if (blocked) throw new Error('not yet');
      handled++;
    });
    await waitFor(() => attempts >= 1);
    const behind = await bus.consumerLag!();
    blocked = false;
    await waitFor(() => handled === 4);
    await waitFor(async () => (await bus.consumerLag!())[0]?.lag === 0);
    expect(behind).toEqual([{ group: 'slow-group', lag: 4 }]);
  });
});
