import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { engagementService } from '../index.ts';
import { openRedemptions, openSerials } from './model.ts';
import { serialTestKit } from './test-kit.ts';

// Limits high enough that every racer reaches the lookup: the race is about the claim, not the rate limit.
let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService, {
    SERIAL_MAX_FAILURES: '1000',
    SERIAL_MAX_FAILURES_PER_ADDRESS: '10000',
  });
});
afterAll(async () => {
  await svc?.close();
});
const kit = serialTestKit(() => svc);

const codesOfReplies = (replies: Array<{ statusCode: number; json(): unknown }>) =>
  replies.map((r) => (r.json() as { code?: string }).code ?? String(r.statusCode));

describe('serial redemption races', () => {
  it('serial check, 50 accounts redeeming one serial at once, lets exactly one win; the others answer 409 SERIAL_USED; one event', async () => {
    const coupon = await kit.generate({ count: 1, tickets: 3 });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const users = Array.from({ length: 50 }, () => randomUUID());
    const replies = await Promise.all(users.map((userId) => kit.redeem(userId, code!)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(codesOfReplies(replies.filter((r) => r.statusCode !== 200))).toEqual(Array(49).fill('SERIAL_USED'));
    const events = await kit.outbox({ type: 'serial.redeemed', 'envelope.data.coupon_id': coupon.coupon_id });
    expect(events).toHaveLength(1);
    const winner = (events[0]!.data as { user_id: string }).user_id;
    expect(await openSerials(svc.platform.store).findOne({ _id: code! })).toMatchObject({
      redeemed_by: winner,
      redemptions: 1,
    });
    expect(await openRedemptions(svc.platform.store).countDocuments({ serial_id: code! })).toBe(1);
  });

  it('serial check, one account sending one serial 50 times at once, redeems it once with one grant event; the rest answer 409', async () => {
    const coupon = await kit.generate({ count: 1, tickets: 2 });
    const [code] = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    const address = kit.randomAddress();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => kit.redeem(userId, code!, { remoteAddress: address })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refusals = replies.filter((r) => r.statusCode !== 200);
    expect(refusals.every((r) => r.statusCode === 409)).toBe(true);
    for (const code of codesOfReplies(refusals)) expect(['SERIAL_USED', 'SERIAL_ALREADY_UNLOCKED']).toContain(code);
    const events = await kit.outbox({ type: 'serial.redeemed', key: userId });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ tickets: 2, coupon_id: coupon.coupon_id });
  });

  it('serial check, one account sending 10 different serials of one batch at once, gets exactly one; the other 9 codes stay unused', async () => {
    const coupon = await kit.generate({ count: 10 });
    const codes = await kit.codesOf(coupon.coupon_id);
    const userId = randomUUID();
    const replies = await Promise.all(codes.map((code) => kit.redeem(userId, code)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(codesOfReplies(replies.filter((r) => r.statusCode !== 200))).toEqual(
      Array(9).fill('SERIAL_ALREADY_UNLOCKED'),
    );
    expect(await openSerials(svc.platform.store).countDocuments({ coupon_id: coupon.coupon_id, redemptions: 0 })).toBe(
      9,
    );
    expect(await kit.outbox({ type: 'serial.redeemed', key: userId })).toHaveLength(1);
  });
});
