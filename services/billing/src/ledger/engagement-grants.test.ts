import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { WalletReply } from '@talkwith/proto/billing';
import { billingService } from '../index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
});
afterAll(async () => {
  await svc?.close();
});

const walletOf = async (userId: string) =>
  (
    await svc.app.inject({
      method: 'GET',
      url: '/api/billing/wallet',
      headers: { authorization: `Bearer ${svc.tokenFor(userId)}` },
    })
  ).json() as WalletReply;
const redeemed = (userId: string, tickets: number, redemptionId = randomUUID()) => ({
  redemption_id: redemptionId,
  serial_masked: '*************XYZ',
  coupon_id: 'cp-1',
  user_id: userId,
  character_id: 'c-1',
  block_id: 'b-1',
  tickets,
  is_debug: false,
  redeemed_at: new Date().toISOString(),
});

describe('billing grants for engagement', () => {
  it('serial.redeemed with 3 tickets, delivered twice, grants 3 tickets once with source serial', async () => {
    const userId = randomUUID();
    const event = await svc.platform.events.publish('serial.redeemed', userId, redeemed(userId, 3));

    await svc.platform.bus.publish(event);

    await eventually(async () => (await walletOf(userId)).talk_tickets === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect((await walletOf(userId)).talk_tickets).toBe(3);
    const lots = await svc.platform.store.collection('ledger_lots').find({ user_id: userId });
    expect(lots.map((l) => l.source)).toEqual(['serial']);
  });

  it('serial.redeemed without tickets, grants nothing', async () => {
    const userId = randomUUID();
    const marker = randomUUID();
    await svc.platform.events.publish('serial.redeemed', userId, redeemed(userId, 0));
    await svc.platform.events.publish('campaign.entered', userId, {
      entry_id: marker,
      campaign_id: 'cmp',
      user_id: userId,
      grant: { kind: 'tickets', amount: 1 },
      entered_at: new Date().toISOString(),
    });

    await eventually(async () => (await walletOf(userId)).talk_tickets === 1);
    const lots = await svc.platform.store.collection('ledger_lots').find({ user_id: userId });
    expect(lots.map((l) => l.source)).toEqual(['campaign']);
  });

  it('campaign.entered with points, grants them under code CP0001', async () => {
    const userId = randomUUID();
    await svc.platform.events.publish('campaign.entered', userId, {
      entry_id: randomUUID(),
      campaign_id: 'cmp',
      user_id: userId,
      grant: { kind: 'points', amount: 250 },
      entered_at: new Date().toISOString(),
    });

    await eventually(async () => (await walletOf(userId)).points === 250);
    const lots = await svc.platform.store.collection('ledger_lots').find({ user_id: userId });
    expect(lots.map((l) => l.code)).toEqual(['CP0001']);
  });
});
