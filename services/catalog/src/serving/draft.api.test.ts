import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { openCharacters } from '../characters.ts';
import { replaceDraftDocs } from '../authoring/drafts.ts';
import { localId, openBlocks } from '../model.ts';
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
const admin = () => kit.bearer(`admin-${randomUUID()}`, ['admin']);
const post = (url: string, headers: Record<string, string> = {}) => svc.app.inject({ method: 'POST', url, headers });
const served = (res: { json(): unknown }) => (res.json() as PlayableCharacter).character;

/** A copy of ミライ (price 0 or priced) with its draft in block documents, unpublished unless asked; its greeting renamed in the draft only. */
async function draftCharacter(
  opts: { price?: number; published?: boolean } = {},
): Promise<{ id: string; slug: string }> {
  const made = await kit.pricedCharacter(opts.price ?? 0);
  const characters = openCharacters(svc.platform.store);
  const c = await characters.findOne({ _id: made.id });
  await svc.platform.store.withTransaction(async (tx) => {
    await replaceDraftDocs(tx, made.id, c!.dialogue!);
    await openCharacters(tx).updateOne(
      { _id: made.id },
      { $set: { published_at: opts.published ? new Date().toISOString() : null } },
    );
    await openBlocks(tx).updateOne({ _id: localId(made.id, 'greet') }, { $set: { title: '下書きのあいさつ' } });
  });
  return made;
}

describe('operators try the draft', () => {
  it('try by id, an admin and an unpublished character, answers the draft (access draft, the edited block) with clips signed for the admin', async () => {
    const c = await draftCharacter();

    const res = await post(`/api/admin/characters/${c.id}/try`, admin());

    expect(res.statusCode).toBe(200);
    const character = served(res);
    expect(character.access).toBe('draft');
    expect(character.dialogue.blocks.find((b) => b.id === 'greet')?.title).toBe('下書きのあいさつ');
    expect(character.media.videos['greet']).toMatch(/[?&]/);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('try by URL name, a priced published character, answers its draft to an admin without any entitlement', async () => {
    const c = await draftCharacter({ price: 800, published: true });

    const res = await post(`/api/admin/characters/by-slug/${c.slug}/try`, admin());

    expect(res.statusCode).toBe(200);
    expect(served(res).access).toBe('draft');
    expect(served(res).dialogue.blocks.map((b) => b.id)).toContain('fortune');
  });

  it('try, a customer or a visitor, is refused (403 / 401) by id and by URL name', async () => {
    const c = await draftCharacter();
    const customer = kit.bearer(randomUUID());

    for (const url of [`/api/admin/characters/${c.id}/try`, `/api/admin/characters/by-slug/${c.slug}/try`]) {
      expect((await post(url, customer)).statusCode, url).toBe(403);
      expect((await post(url)).statusCode, url).toBe(401);
    }
    expect((await kit.get(`/api/characters/by-slug/${c.slug}`, customer)).statusCode).toBe(404);
  });

  it("a draft clip, without the operator's cookie or with a customer's, answers 403; with the operator's cookie 200", async () => {
    const c = await draftCharacter();
    const res = await post(`/api/admin/characters/${c.id}/try`, admin());
    const clip = pathOf(served(res).media.videos['greet']!);
    const subtitle = pathOf(served(res).media.subtitles['ja-JP']!['greet']!);
    const unsigned = `/files/characters/${c.id}/videos/greet.mp4`;

    expect((await kit.get(clip)).statusCode).toBe(403);
    expect((await kit.get(unsigned)).statusCode).toBe(403);
    expect((await kit.get(unsigned, { cookie: 'talkwith_media=forged' })).statusCode).toBe(403);
    expect((await kit.get(`/files/subtitles/${c.id}/ja-JP/greet.vtt`)).statusCode).toBe(403);
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect((await kit.get(clip, { cookie })).statusCode).toBe(200);
    expect((await kit.get(subtitle, { cookie })).statusCode).toBe(200);
  });

  it("a published free character's published clip stays public; a clip only its draft has needs the operator", async () => {
    const c = await draftCharacter({ published: true });
    await svc.platform.files.put(`characters/${c.id}/videos/draft-only.mp4`, Buffer.from('clip'), 'video/mp4');

    expect((await kit.get(`/files/characters/${c.id}/videos/greet.mp4`)).statusCode).toBe(200);
    expect((await kit.get(`/files/subtitles/${c.id}/ja-JP/greet.vtt`)).statusCode).toBe(200);
    expect((await kit.get(`/files/characters/${c.id}/videos/draft-only.mp4`)).statusCode).toBe(403);
  });

  it("try, announces the draft's recognition (character.draft_tried) and publishes nothing", async () => {
    const c = await draftCharacter();
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume(
      `draft-${randomUUID()}`,
      ['character.draft_tried', 'character.published'],
      async (e) => {
        seen.push(e);
      },
    );

    await post(`/api/admin/characters/${c.id}/try`, admin());

    const tried = await eventually(async () =>
      seen.find(
        (e) => e.type === 'character.draft_tried' && (e.data as { character_id: string }).character_id === c.id,
      ),
    );
    await sub.close();
    const recognition = (tried.data as { recognition: { blocks: Array<{ block_id: string; title: string }> } })
      .recognition;
    expect(recognition.blocks.find((b) => b.block_id === 'greet')?.title).toBe('下書きのあいさつ');
    expect(
      seen.some((e) => e.type === 'character.published' && (e.data as { character_id: string }).character_id === c.id),
    ).toBe(false);
    expect((await openCharacters(svc.platform.store).findOne({ _id: c.id }))?.published_at).toBeNull();
  });
});
