import { randomInt, randomUUID } from 'node:crypto';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import type { ServiceUnderTest } from '@talkwith/platform/platform';
import type { Coupon, SerialGenerateBody } from '@talkwith/proto/engagement';
import { openSerials } from './model.ts';

/** Helpers of the serial area's API tests: callers, batches made through the API, redemptions, the outbox. */
export function serialTestKit(svc: () => ServiceUnderTest) {
  const auth = (userId: string, roles?: string[]) => ({ authorization: `Bearer ${svc().tokenFor(userId, roles)}` });
  const admin = () => auth(`admin-${randomUUID()}`, ['admin']);
  /** A random documentation-range address, so tests never share a per-address counter unless they mean to. */
  const randomAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  async function generate(body: Partial<SerialGenerateBody> = {}): Promise<Coupon> {
    const payload = { name: 'テスト特典', count: 3, character_id: `char-${randomUUID()}`, block_id: 'block-1', ...body };
    const res = await svc().app.inject({ method: 'POST', url: '/api/admin/serials/generate', headers: admin(), payload });
    if (res.statusCode !== 201) throw new Error(`generate answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { coupon: Coupon }).coupon;
  }

  /** The stored codes of a batch. */
  const codesOf = async (couponId: string) => (await openSerials(svc().platform.store).find({ coupon_id: couponId }, { sort: { _id: 1 } })).map((s) => s._id);

  const redeem = (userId: string, serialId: string, options: { roles?: string[]; remoteAddress?: string; body?: Record<string, unknown> } = {}) =>
    svc().app.inject({
      method: 'POST', url: '/api/serial/check', headers: auth(userId, options.roles),
      payload: { serial_id: serialId, ...options.body }, remoteAddress: options.remoteAddress ?? randomAddress(),
    });

  const outbox = async (filter: Record<string, unknown>) =>
    (await svc().platform.store.collection<OutboxEntry>(OUTBOX).find(filter)).map((entry) => entry.envelope);

  return { auth, admin, randomAddress, generate, codesOf, redeem, outbox };
}
