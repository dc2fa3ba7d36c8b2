import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventOf } from '@talkwith/proto';
import { dialogueService } from '../index.ts';
import { rememberGate } from './classify.ts';
import { openInsightGates } from './model.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});

const gateOf = (couponId: string) => openInsightGates(svc.platform.store).findOne({ _id: couponId });

describe("insight serial gates rebuilt from engagement's announcements", () => {
  it('coupon.announced on the bus, a batch dialogue never heard of, keeps its gate', async () => {
    const couponId = `cp-${randomUUID()}`;

    await svc.platform.events.publish('coupon.announced', couponId, {
      coupon_id: couponId,
      character_id: 'c-1',
      block_id: 'b-locked',
      is_debug: false,
    });

    expect(await eventually(async () => (await gateOf(couponId)) ?? undefined)).toMatchObject({
      character_id: 'c-1',
      block_id: 'b-locked',
    });
  });

  it('rememberGate, a batch announced before it moved to another block, keeps the block it moved to', async () => {
    const couponId = `cp-${randomUUID()}`;
    const saved = {
      id: randomUUID(),
      type: 'coupon.saved',
      version: 1,
      occurredAt: '2026-11-27T10:00:00.000Z',
      key: couponId,
      data: {
        coupon_id: couponId,
        character_id: 'c-1',
        block_id: 'b-new',
        previous_block_id: 'b-old',
        is_debug: false,
        tickets: 0,
      },
    } as EventOf<'coupon.saved'>;
    const stale = {
      id: randomUUID(),
      type: 'coupon.announced',
      version: 1,
      occurredAt: '2026-11-20T10:00:00.000Z',
      key: couponId,
      data: { coupon_id: couponId, character_id: 'c-1', block_id: 'b-old', is_debug: false },
    } as EventOf<'coupon.announced'>;
    await svc.platform.store.withTransaction((tx) => rememberGate(tx, saved));

    await svc.platform.store.withTransaction((tx) => rememberGate(tx, stale));

    expect(await gateOf(couponId)).toMatchObject({ block_id: 'b-new' });
  });

  it("rememberGate, a batch announced before it moved but stamped later by a replica's fast clock, keeps the block it moved to", async () => {
    const couponId = `cp-${randomUUID()}`;
    // Engagement's write numbers for the batch say the announcement (4) came before the move (5); their clocks disagree.
    const saved = {
      id: randomUUID(),
      type: 'coupon.saved',
      version: 1,
      occurredAt: '2026-11-27T10:00:01.000Z',
      key: couponId,
      keySeq: 5,
      data: {
        coupon_id: couponId,
        character_id: 'c-1',
        block_id: 'b-new',
        previous_block_id: 'b-old',
        is_debug: false,
        tickets: 0,
      },
    } as EventOf<'coupon.saved'>;
    const stale = {
      id: randomUUID(),
      type: 'coupon.announced',
      version: 1,
      occurredAt: '2026-11-27T10:00:10.000Z',
      key: couponId,
      keySeq: 4,
      data: { coupon_id: couponId, character_id: 'c-1', block_id: 'b-old', is_debug: false },
    } as EventOf<'coupon.announced'>;
    await svc.platform.store.withTransaction((tx) => rememberGate(tx, saved));

    await svc.platform.store.withTransaction((tx) => rememberGate(tx, stale));

    expect(await gateOf(couponId)).toMatchObject({ block_id: 'b-new' });
  });
});
