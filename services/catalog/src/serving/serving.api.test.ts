import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketUseProofs, TICKET_USE_TTL_SECONDS } from '@talkwith/platform';
import { startServiceForTest, TEST_JWT_SECRET, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { openCharacters } from '../characters.ts';
import { catalogService } from '../index.ts';
import { cookieFrom, pathOf, servingTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = servingTestKit(() => svc);

type Media = {
  videos: Record<string, string>;
  posters: Record<string, string>;
  subtitles: Record<string, Record<string, string>>;
};
const character = (res: { json(): unknown }) =>
  (
    res.json() as {
      character: {
        access: string;
        dialogue: { blocks: Array<{ id: string }>; videos: Array<{ id: string }>; conversations: unknown[] };
        media: Media;
      };
    }
  ).character;
const blockIds = (res: { json(): unknown }) => character(res).dialogue.blocks.map((b) => b.id);
const ticketToken = (userId: string, characterId: string, now?: Date) =>
  ticketUseProofs(TEST_JWT_SECRET).sign(
    { use_id: randomUUID(), user_id: userId, character_id: characterId },
    { ttlSeconds: TICKET_USE_TTL_SECONDS, ...(now ? { now } : {}) },
  );

describe('serving a priced character: whole dialogue or preview', () => {
  it('by-slug and by-id, a priced character without entitlement, answer the preview: standby, start buttons and the mic test only', async () => {
    const paid = await kit.pricedCharacter();
    for (const headers of [{}, kit.bearer(randomUUID())]) {
      for (const url of [`/api/characters/by-slug/${paid.slug}`, `/api/character/${paid.id}/get`]) {
        const res = await kit.get(url, headers);
        const served = character(res);
        expect(res.statusCode, url).toBe(200);
        expect(served.access).toBe('preview');
        expect(blockIds(res)).toEqual(['mic-test']);
        expect(served.dialogue.videos.map((v) => v.id).sort()).toEqual(['listen_1', 'mic_test', 'standby']);
        expect(Object.keys(served.media.videos).sort()).toEqual(['listen_1', 'mic_test', 'standby']);
        expect(Object.keys(served.media.posters).every((id) => ['listen_1', 'mic_test', 'standby'].includes(id))).toBe(
          true,
        );
        expect(
          Object.values(served.media.subtitles)
            .flatMap((byName) => Object.keys(byName))
            .every((name) => ['listen_1', 'mic_test', 'standby'].includes(name)),
        ).toBe(true);
        expect(served.dialogue.conversations).toEqual([]);
        expect(res.body).not.toMatch(/greet\.mp4|"id":"greet"|"id":"fortune"|食べ物/u);
        expect(
          (res.json() as { character: { dialogue: { startButtons: unknown[] } } }).character.dialogue.startButtons,
        ).toHaveLength(3);
      }
    }
  });

  it('by-slug, a priced character the caller bought (purchase.completed), answers the whole dialogue; cancelled, the preview again', async () => {
    const paid = await kit.pricedCharacter();
    const buyer = randomUUID();
    const purchaseId = await kit.bought(buyer, paid.id);
    await eventually(
      async () =>
        character(await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(buyer))).access === 'owned',
    );
    expect(blockIds(await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(buyer)))).toContain('fortune');
    expect(character(await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(randomUUID()))).access).toBe(
      'preview',
    );

    await svc.platform.events.publish('purchase.canceled', buyer, {
      purchase_id: purchaseId,
      user_id: buyer,
      order_id: `o-${purchaseId}`,
      amount: 800,
      by: 'admin',
      canceled_at: new Date().toISOString(),
    });
    await eventually(
      async () =>
        character(await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(buyer))).access === 'preview',
    );
  });

  it("by-slug, a priced character in the group of the caller's subscription, answers the whole dialogue", async () => {
    const group = `group-${randomUUID()}`;
    const paid = await kit.pricedCharacter(800, group);
    const subscriber = randomUUID();
    await kit.subscribed(subscriber, group);
    await eventually(
      async () =>
        character(await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(subscriber))).access ===
        'subscribed',
    );
    expect(blockIds(await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(subscriber)))).toContain('greet');
  });

  it('by-slug, an operator, answers the whole dialogue', async () => {
    const paid = await kit.pricedCharacter();
    const res = await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(randomUUID(), ['admin']));
    expect(character(res).access).toBe('operator');
    expect(blockIds(res)).toContain('greet');
  });

  it("by-slug, the caller's ticket use for the character, answers the whole dialogue; another user's, another character's or an expired one, the preview", async () => {
    const paid = await kit.pricedCharacter();
    const me = randomUUID();
    const url = (token: string) => `/api/characters/by-slug/${paid.slug}?ticket_use_token=${encodeURIComponent(token)}`;

    expect(character(await kit.get(url(ticketToken(me, paid.id)), kit.bearer(me))).access).toBe('ticket');
    expect(character(await kit.get(url(ticketToken(randomUUID(), paid.id)), kit.bearer(me))).access).toBe('preview');
    expect(character(await kit.get(url(ticketToken(me, 'demo-mirai')), kit.bearer(me))).access).toBe('preview');
    expect(
      character(await kit.get(url(ticketToken(me, paid.id, new Date(Date.now() - 4 * 3600_000))), kit.bearer(me)))
        .access,
    ).toBe('preview');
    expect(character(await kit.get(url(ticketToken(me, paid.id)))).access).toBe('preview');
  });

  it('by-slug, a free character, answers the whole dialogue with public media URLs and no cookie', async () => {
    const res = await kit.get('/api/characters/by-slug/mirai', kit.bearer(randomUUID()));
    expect(character(res).access).toBe('free');
    expect(character(res).media.videos.greet).toMatch(/^\/files\/characters\/demo-mirai\/videos\/greet\.mp4$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('by-slug, ミライ with her synonym groups, serves the dialogue without them (recognition data stays on the server)', async () => {
    const res = await kit.get('/api/characters/by-slug/mirai', kit.bearer(randomUUID()));

    expect(character(res).access).toBe('free');
    expect(res.json().character.dialogue).not.toHaveProperty('synonyms');
  });
});

describe('files of a priced character', () => {
  it('a clip and a subtitle, fetched unsigned, answer 403', async () => {
    const paid = await kit.pricedCharacter();
    for (const url of [
      `/files/characters/${paid.id}/videos/greet.mp4`,
      `/files/subtitles/${paid.id}/ja-JP/greet.vtt`,
    ]) {
      const res = await kit.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ ok: false, code: 'SIGNATURE_REQUIRED', error: 'Forbidden' });
    }
  });

  it('a clip of a character just made free, fetched unsigned right after a refusal, answers 200', async () => {
    const paid = await kit.pricedCharacter();
    const clip = `/files/characters/${paid.id}/videos/greet.mp4`;
    expect((await kit.get(clip)).statusCode).toBe(403);

    await openCharacters(svc.platform.store).updateOne({ _id: paid.id }, { $set: { price: 0 } });

    expect((await kit.get(clip)).statusCode).toBe(200);
  });

  it('its poster and avatar, unsigned, stay public', async () => {
    const paid = await kit.pricedCharacter();
    expect((await kit.get(`/files/characters/${paid.id}/posters/standby.webp`)).statusCode).toBe(200);
    const poster = await kit.get(`/api/characters/by-slug/${paid.slug}/poster`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(poster.headers['cache-control']).toBe('public, max-age=300');
  });

  it('a clip signed for its owner, with their media cookie, answers 200 and 206 with Range; the subtitle too', async () => {
    const paid = await kit.pricedCharacter();
    const buyer = randomUUID();
    await kit.bought(buyer, paid.id);
    const res = await eventually(async () => {
      const reply = await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(buyer));
      return character(reply).access === 'owned' ? reply : undefined;
    });
    const served = character(res);
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(res.headers['set-cookie']).toMatch(/Path=\/files/);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const clip = pathOf(served.media.videos.greet!);
    const whole = await kit.get(clip, { cookie });
    const part = await kit.get(clip, { cookie, range: 'bytes=0-99' });
    const subtitle = await kit.get(pathOf(served.media.subtitles['ja-JP']!.greet!), { cookie });

    expect(clip).toMatch(/[?&]sig=/);
    expect(whole.statusCode).toBe(200);
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect(subtitle.statusCode).toBe(200);
    expect(subtitle.body).toContain('WEBVTT');
  });

  it("a clip signed for one user, fetched with another user's media cookie or none, answers 403", async () => {
    const paid = await kit.pricedCharacter();
    const [owner, other] = [randomUUID(), randomUUID()];
    const ownerRes = await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(owner));
    const otherCookie = cookieFrom(
      (await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(other))).headers['set-cookie'],
    );
    const standby = pathOf(character(ownerRes).media.videos.standby!);

    const withOther = await kit.get(standby, { cookie: otherCookie });
    const withNone = await kit.get(standby);

    expect(withOther.statusCode).toBe(403);
    expect(withOther.json()).toMatchObject({ code: 'SIGNATURE_OTHER_USER' });
    expect(withNone.statusCode).toBe(403);
    expect((await kit.get(standby, { cookie: cookieFrom(ownerRes.headers['set-cookie']) })).statusCode).toBe(200);
  });

  it('a signed clip URL past its expiry answers 403', async () => {
    const paid = await kit.pricedCharacter();
    const user = randomUUID();
    const res = await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(user));
    const expired = new URL(
      await svc.platform.files.signedUrl(`characters/${paid.id}/videos/standby.mp4`, {
        user,
        expiresAt: new Date(Date.now() - 1000),
      }),
      'http://gateway',
    );

    const reply = await kit.get(`${expired.pathname}${expired.search}`, {
      cookie: cookieFrom(res.headers['set-cookie']),
    });

    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'SIGNATURE_EXPIRED' });
  });

  it("a visitor's preview clip is signed without a user and plays without a cookie; other clips stay refused", async () => {
    const paid = await kit.pricedCharacter();
    const served = character(await kit.get(`/api/characters/by-slug/${paid.slug}`));
    expect((await kit.get(pathOf(served.media.videos.standby!))).statusCode).toBe(200);
    expect((await kit.get(`/files/characters/${paid.id}/videos/greet.mp4`)).statusCode).toBe(403);
  });
});

describe('the admin console and priced media', () => {
  it('video library, an operator, sets an operator media cookie with which the unsigned clips of a priced character play', async () => {
    const paid = await kit.pricedCharacter();
    const library = await kit.get(`/api/admin/characters/${paid.id}/videos`, kit.bearer(randomUUID(), ['admin']));
    const clip = `/files/characters/${paid.id}/videos/greet.mp4`;

    const withCookie = await kit.get(clip, { cookie: cookieFrom(library.headers['set-cookie']), range: 'bytes=0-9' });
    const customerCookie = cookieFrom(
      (await kit.get(`/api/characters/by-slug/${paid.slug}`, kit.bearer(randomUUID()))).headers['set-cookie'],
    );

    expect(library.statusCode).toBe(200);
    expect(withCookie.statusCode).toBe(206);
    expect((await kit.get(clip, { cookie: customerCookie })).statusCode).toBe(403);
  });
});
