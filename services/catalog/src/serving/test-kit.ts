import { randomUUID } from 'node:crypto';
import { type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { openCharacters, mediaKeys } from '../characters.ts';

/** TEST SUPPORT: a priced copy of the demo character (its own id, slug, group and media files), callers and entitlement events. */
export function servingTestKit(svc: () => ServiceUnderTest) {
  const bearer = (userId: string, roles: string[] = ['customer']) => ({
    authorization: `Bearer ${svc().tokenFor(userId, roles)}`,
  });

  /** A published copy of ミライ with a price: every clip, poster and subtitle file copied under its own id. */
  async function pricedCharacter(price = 800, group_id: string | null = null): Promise<{ id: string; slug: string }> {
    const characters = openCharacters(svc().platform.store);
    const mirai = await eventually(async () =>
      (await characters.findOne({ _id: 'demo-mirai' }))?.dialogue
        ? characters.findOne({ _id: 'demo-mirai' })
        : undefined,
    );
    if (!mirai?.dialogue) throw new Error('the demo character was not seeded');
    const id = `paid-${randomUUID().slice(0, 8)}`;
    const files = svc().platform.files;
    for (const [from, to] of [
      ['characters/demo-mirai/', `characters/${id}/`],
      [mediaKeys('demo-mirai').subtitlesPrefix, mediaKeys(id).subtitlesPrefix],
    ] as const) {
      for (const file of await files.list(from))
        await files.put(`${to}${file.key.slice(from.length)}`, await files.read(file.key), file.contentType);
    }
    await characters.insertOne({
      ...mirai,
      _id: id,
      slug: id,
      price,
      group_id,
      dialogue: { ...mirai.dialogue, id, price, group_id },
      avatar_key: `characters/${id}/avatar.png`,
    });
    return { id, slug: id };
  }

  return {
    bearer,
    pricedCharacter,
    get: (url: string, headers: Record<string, string> = {}) => svc().app.inject({ method: 'GET', url, headers }),
    /** billing's purchase.completed of the character, and waits until catalog has it. */
    async bought(userId: string, characterId: string, purchaseId: string = randomUUID()): Promise<string> {
      await svc().platform.events.publish('purchase.completed', userId, {
        purchase_id: purchaseId,
        user_id: userId,
        order_id: `o-${purchaseId}`,
        product_id: `character-${characterId}`,
        kind: 'character',
        amount: 800,
        character_id: characterId,
        completed_at: new Date().toISOString(),
      });
      return purchaseId;
    },
    async subscribed(userId: string, groupId: string): Promise<void> {
      await svc().platform.events.publish('subscription.started', `sub-${userId}`, {
        subscription_id: `sub-${userId}`,
        user_id: userId,
        product_code: 'OTHERS',
        group_id: groupId,
        status: 'active',
        event: 'subscribe',
        period_start: new Date().toISOString(),
        period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
    },
  };
}

/** The Cookie header a browser sends back from a reply's Set-Cookie. */
export function cookieFrom(setCookie: string | string[] | number | undefined): string {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (typeof line !== 'string') throw new Error('no Set-Cookie in the reply');
  return line.split(';')[0]!;
}

/** The path and query of a media URL (they are relative to the gateway, or absolute). */
export const pathOf = (url: string): string => {
  const u = new URL(url, 'http://gateway');
  return `${u.pathname}${u.search}`;
};
