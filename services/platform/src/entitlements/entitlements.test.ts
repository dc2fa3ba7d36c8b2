import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventMap, EventOf } from '@talkwith/proto';
import { pino } from 'pino';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import { createEventing } from '../eventing/eventing.ts';
import type { DocumentStore } from '../ports/index.ts';
import { eventually } from '../testing/eventually.ts';
import { ticketUseProofs } from '../signing/ticket-use.ts';
import { createEmbeddedStore } from '../store/embedded-store.ts';
import { createEntitlements, type EntitlementEvent } from './index.ts';

const SECRET = 'entitlement-test-secret-0123456789-abcdef';
const NOW = new Date('2030-05-01T00:00:00Z');
const PRICED = { id: 'char-paid', price: 500, group_id: 'group-1' };
const customer = (sub: string) => ({ sub, roles: ['customer'] });

function eventOf<K extends EntitlementEvent['type']>(
  type: K,
  data: EventMap[K],
  occurredAt = NOW.toISOString(),
): EventOf<K> {
  return { id: randomUUID(), type, version: 1, occurredAt, key: 'k', data } as EventOf<K>;
}

async function setup(): Promise<{
  store: DocumentStore;
  ent: ReturnType<typeof createEntitlements>;
  feed: (event: EntitlementEvent) => Promise<void>;
}> {
  const store = await createEmbeddedStore({ memory: true });
  const ent = createEntitlements({ service: 'test', secret: SECRET });
  await ent.ensureIndexes(store);
  return { store, ent, feed: (event) => store.withTransaction((tx) => ent.apply(tx, event)) };
}

const bought = (user: string, purchase = 'p-1', character = PRICED.id) =>
  eventOf('purchase.completed', {
    purchase_id: purchase,
    user_id: user,
    order_id: `o-${purchase}`,
    product_id: `character-${character}`,
    kind: 'character',
    amount: 500,
    character_id: character,
    completed_at: NOW.toISOString(),
  });
const facts = (user: string) => ({
  subscription_id: `sub-${user}`,
  user_id: user,
  product_code: 'OTHERS',
  group_id: 'group-1',
  status: 'active' as const,
  period_start: '2030-04-20T00:00:00Z',
  period_end: '2030-05-20T00:00:00Z',
});
const started = (user: string) => eventOf('subscription.started', { ...facts(user), event: 'subscribe' });

describe('accessOf', () => {
  it('accessOf, a character without a price, is free for a visitor', async () => {
    const { store, ent } = await setup();
    expect(await ent.accessOf(store, { character: { id: 'c', price: 0 }, now: NOW })).toBe('free');
    expect(await ent.accessOf(store, { character: { id: 'c' }, now: NOW })).toBe('free');
  });

  it('accessOf, a priced character, is none for a visitor and a customer who has nothing', async () => {
    const { store, ent } = await setup();
    expect(await ent.accessOf(store, { character: PRICED, now: NOW })).toBe('none');
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
  });

  it('accessOf, an admin, is operator', async () => {
    const { store, ent } = await setup();
    expect(await ent.accessOf(store, { character: PRICED, caller: { sub: 'a', roles: ['admin'] }, now: NOW })).toBe(
      'operator',
    );
  });

  it('accessOf, after purchase.completed of the character, is owned for the buyer only', async () => {
    const { store, ent, feed } = await setup();
    await feed(bought('u1'));
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('owned');
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u2'), now: NOW })).toBe('none');
  });

  it('accessOf, a purchase of tickets, owns no character', async () => {
    const { store, ent, feed } = await setup();
    await feed(
      eventOf('purchase.completed', {
        purchase_id: 'p',
        user_id: 'u1',
        order_id: 'o',
        product_id: 'tickets-1',
        kind: 'tickets',
        amount: 100,
        completed_at: NOW.toISOString(),
      }),
    );
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
  });

  it('accessOf, purchase cancelled, is none again', async () => {
    const { store, ent, feed } = await setup();
    await feed(bought('u1', 'p-9'));
    await feed(
      eventOf('purchase.canceled', {
        purchase_id: 'p-9',
        user_id: 'u1',
        order_id: 'o-p-9',
        amount: 500,
        by: 'admin',
        canceled_at: NOW.toISOString(),
      }),
    );
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
  });

  it("accessOf, an active subscription of the character's group, is subscribed; of another group, none", async () => {
    const { store, ent, feed } = await setup();
    await feed(started('u1'));
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('subscribed');
    expect(
      await ent.accessOf(store, { character: { ...PRICED, group_id: 'group-2' }, caller: customer('u1'), now: NOW }),
    ).toBe('none');
  });

  it('accessOf, subscription cancelled, is subscribed until its period end, then none', async () => {
    const { store, ent, feed } = await setup();
    await feed(started('u1'));
    await feed(eventOf('subscription.canceled', { ...facts('u1'), status: 'canceled' }));
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('subscribed');
    expect(
      await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: new Date('2030-05-21T00:00:00Z') }),
    ).toBe('none');
  });

  it('accessOf, subscription finished or moved to another group, is none', async () => {
    const { store, ent, feed } = await setup();
    await feed(started('u1'));
    await feed(started('u2'));
    await feed(eventOf('subscription.finished', { ...facts('u1'), status: 'inactive', reason: 'canceled' }));
    await feed(eventOf('subscription.changed', { ...facts('u2'), group_id: 'group-2', previous_group_id: 'group-1' }));
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u2'), now: NOW })).toBe('none');
  });

  it('accessOf, user.deleted, forgets what they owned and their plans', async () => {
    const { store, ent, feed } = await setup();
    await feed(bought('u1'));
    await feed(started('u1'));
    await feed(eventOf('user.deleted', { user_id: 'u1', by: 'user' }));
    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
    expect(await ent.accessOf(store, { character: { ...PRICED, id: 'other' }, caller: customer('u1'), now: NOW })).toBe(
      'none',
    );
  });

  it("accessOf, a valid ticket-use proof of the caller for the character, is ticket; anyone else's or another character's, none", async () => {
    const { store, ent } = await setup();
    const tokens = ticketUseProofs(SECRET);
    const mine = tokens.sign(
      { use_id: 'use-1', user_id: 'u1', character_id: PRICED.id },
      { ttlSeconds: 3600, now: NOW },
    );
    const otherCharacter = tokens.sign(
      { use_id: 'use-2', user_id: 'u1', character_id: 'elsewhere' },
      { ttlSeconds: 3600, now: NOW },
    );
    expect(
      await ent.accessOf(store, { character: PRICED, caller: customer('u1'), ticketUseToken: mine, now: NOW }),
    ).toBe('ticket');
    expect(
      await ent.accessOf(store, { character: PRICED, caller: customer('u2'), ticketUseToken: mine, now: NOW }),
    ).toBe('none');
    expect(
      await ent.accessOf(store, {
        character: PRICED,
        caller: customer('u1'),
        ticketUseToken: otherCharacter,
        now: NOW,
      }),
    ).toBe('none');
    expect(
      await ent.accessOf(store, {
        character: PRICED,
        caller: customer('u1'),
        ticketUseToken: mine,
        now: new Date(NOW.getTime() + 3601_000),
      }),
    ).toBe('none');
  });
});

const EARLIER = '2030-04-30T00:00:00.000Z';
const announcedPurchase = (
  user: string,
  status: 'captured' | 'canceled',
  occurredAt = NOW.toISOString(),
  purchase = 'p-1',
) =>
  eventOf(
    'purchase.announced',
    { purchase_id: purchase, user_id: user, character_id: PRICED.id, status, at: '2030-04-01T00:00:00.000Z' },
    occurredAt,
  );

describe("entitlements rebuilt from billing's announcements", () => {
  it('accessOf, an empty projection fed a captured purchase and an active subscription announced, is owned and subscribed', async () => {
    const { store, ent, feed } = await setup();

    await feed(announcedPurchase('u1', 'captured'));
    await feed(eventOf('subscription.announced', facts('u2')));

    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('owned');
    expect(await ent.accessOf(store, { character: { ...PRICED, id: 'other' }, caller: customer('u2'), now: NOW })).toBe(
      'subscribed',
    );
  });

  it('accessOf, an announcement older than the cancel of the subscription kept, stays as the cancel left it', async () => {
    const { store, ent, feed } = await setup();
    await feed(eventOf('subscription.finished', { ...facts('u1'), status: 'inactive', reason: 'canceled' }));

    await feed(eventOf('subscription.announced', facts('u1'), EARLIER));

    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
  });

  it("accessOf, a subscription announced before its cancel but stamped later by a replica's fast clock, stays as the cancel left it", async () => {
    const { store, ent, feed } = await setup();
    // Billing's write numbers for the subscription say the announcement (3) came before the finish (4); their clocks disagree.
    const finished = eventOf('subscription.finished', { ...facts('u1'), status: 'inactive', reason: 'canceled' });
    await feed({ ...finished, keySeq: 4 });

    await feed({ ...eventOf('subscription.announced', facts('u1'), '2030-05-01T00:00:10.000Z'), keySeq: 3 });

    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
  });

  it('accessOf, a cancelled purchase announced after a newer purchase of the character, keeps the newer one', async () => {
    const { store, ent, feed } = await setup();
    await feed(bought('u1', 'p-2'));

    await feed(announcedPurchase('u1', 'canceled', EARLIER, 'p-2'));
    await feed(announcedPurchase('u1', 'canceled', NOW.toISOString(), 'p-1'));

    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('owned');
  });

  it('accessOf, a purchase announced cancelled after it was owned, is none', async () => {
    const { store, ent, feed } = await setup();
    await feed(bought('u1', 'p-3'));

    await feed(announcedPurchase('u1', 'canceled', '2030-05-02T00:00:00.000Z', 'p-3'));

    expect(await ent.accessOf(store, { character: PRICED, caller: customer('u1'), now: NOW })).toBe('none');
  });

  it('consume, once subscribed, asks billing to announce its entitlement facts for this service', async () => {
    const store = await createEmbeddedStore({ memory: true });
    const bus = await createOutboxBus({ store, retryDelayMs: 5 });
    const events = createEventing({ bus, store, logger: pino({ level: 'silent' }) });
    const asked: Array<EventOf<'facts.requested'>> = [];
    const watch = await events.consume('watch', ['facts.requested'], async (e) => {
      asked.push(e);
    });
    const ent = createEntitlements({ service: 'test', secret: SECRET });

    const consumer = await ent.consume(events);

    await eventually(async () => asked.length > 0 || undefined);
    expect(asked.map((e) => e.data)).toEqual([{ owner: 'billing', by: 'test' }]);
    await consumer.close();
    await watch.close();
    await bus.close();
  });
});
