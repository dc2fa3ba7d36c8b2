import { randomInt, randomUUID } from 'node:crypto';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { Coupon, SerialGenerateBody } from '@talkwith/proto/engagement';
import { openCharacterNames, openSerials } from './model.ts';

/** Helpers of the serial area's API tests: callers, batches made through the API, redemptions, the outbox. */
export function serialTestKit(svc: () => ServiceUnderTest) {
  const auth = (userId: string, roles?: string[]) => ({ authorization: `Bearer ${svc().tokenFor(userId, roles)}` });
  const admin = () => auth(`admin-${randomUUID()}`, ['admin']);
  /** A random documentation-range address, so tests never share a per-address counter unless they mean to. */
  const randomAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  /** Announces the character as the catalog does (`character.published` with its block ids) and waits until engagement knows it. */
  async function publishCharacter(characterId: string, blockIds: string[], name = 'テストキャラクター'): Promise<void> {
    await svc().platform.events.publish('character.published', characterId, {
      character_id: characterId,
      name,
      description: '',
      published_at: new Date().toISOString(),
      version: 1,
      block_ids: blockIds,
    });
    const known = (ids: string[] | undefined) => blockIds.every((id) => ids?.includes(id));
    await eventually(
      async () =>
        known((await openCharacterNames(svc().platform.store).findOne({ _id: characterId }))?.block_ids) || undefined,
    );
  }

  /** Publishes the block for the character when engagement does not know it yet (keeping the name and blocks it knows). */
  async function ensureBlock(characterId: string, blockId: string): Promise<void> {
    const known = await openCharacterNames(svc().platform.store).findOne({ _id: characterId });
    if (known?.block_ids?.includes(blockId)) return;
    await publishCharacter(characterId, [...(known?.block_ids ?? []), blockId], known?.name);
  }

  /** A batch through the API, of a character published (as the catalog would) with the batch's block. */
  async function generate(body: Partial<SerialGenerateBody> = {}): Promise<Coupon> {
    const payload = {
      name: 'テスト特典',
      count: 3,
      character_id: `char-${randomUUID()}`,
      block_id: 'block-1',
      ...body,
    };
    await ensureBlock(payload.character_id, payload.block_id);
    const res = await svc().app.inject({
      method: 'POST',
      url: '/api/admin/serials/generate',
      headers: admin(),
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`generate answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { coupon: Coupon }).coupon;
  }

  /** The stored codes of a batch. */
  const codesOf = async (couponId: string) =>
    (await openSerials(svc().platform.store).find({ coupon_id: couponId }, { sort: { _id: 1 } })).map((s) => s._id);

  const redeem = (
    userId: string,
    serialId: string,
    options: { roles?: string[]; remoteAddress?: string; body?: Record<string, unknown> } = {},
  ) =>
    svc().app.inject({
      method: 'POST',
      url: '/api/serial/check',
      headers: auth(userId, options.roles),
      payload: { serial_id: serialId, ...options.body },
      remoteAddress: options.remoteAddress ?? randomAddress(),
    });

  const outbox = async (filter: Record<string, unknown>) =>
    (await svc().platform.store.collection<OutboxEntry>(OUTBOX).find(filter)).map((entry) => entry.envelope);

  return { auth, admin, randomAddress, publishCharacter, ensureBlock, generate, codesOf, redeem, outbox };
}
