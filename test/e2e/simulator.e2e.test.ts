import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { shooter, type AdminApi } from './engagement-driver.ts';
import { waitForPlaying } from './authoring/player.ts';
import { CHROMIUM, hasChromium as chromiumFound } from './standalone.ts';
import { MIRAI, priceMirai, say, talkCallsOf } from './talk-driver.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: simulator e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** Not one of ミライ's words: the draft alone learns it. */
const NEW_WORD = 'パンダ';
/** The word of the second draft edit, made after ミライ is priced and published (with パンダ). */
const PREVIEW_WORD = 'コアラ';
/** SIMULATOR_SHOTS=<dir> also saves the simulator at phone and desktop sizes. */
const shoot = shooter(process.env.SIMULATOR_SHOTS, {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
});

interface HitRoute {
  words: string[];
  block_id: string;
  slot: unknown;
}

/** The operator's edit of the greeting in the draft: `word` leads to `target` (PUT of the block, as the block panel saves it). */
async function addDraftHitWord(admin: AdminApi, word = NEW_WORD, target = 'topic-travel'): Promise<void> {
  const { blocks } = await admin.post<{ blocks: Array<{ id: string; hit_words: HitRoute[] }> }>('/blocks/getBlocks', {
    character_id: MIRAI,
  });
  const greet = blocks.find((b) => b.id === 'greet')!;
  const hit_words = [{ words: [word], block_id: target, slot: null }, ...greet.hit_words];
  const reply = await fetch(`${admin.root}/blocks/${MIRAI}/greet`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ hit_words }),
  });
  if (!reply.ok) throw new Error(`PUT greet: ${reply.status} ${await reply.text()}`);
}

/** The words of the greeting's hit words in what players of ミライ are served. */
async function publishedGreetingWords(base: string): Promise<string[]> {
  const published = (await (await fetch(`${base}/api/characters/by-slug/mirai`)).json()) as {
    character: { dialogue: { price: number; blocks: Array<{ id: string; hit_words: HitRoute[] }> } };
  };
  return published.character.dialogue.blocks.find((b) => b.id === 'greet')!.hit_words.flatMap((r) => r.words);
}

/**
 * Issue 25's simulator end to end: an operator edits the published ミライ's
 * greeting in the draft, opens 試す, types the new hit word and sees the talk
 * go to the expected block with the reason; customers still get the published
 * ミライ, and the try opened no talk on the server. Then ミライ is priced and
 * edited again: the operator's /full/chat/mirai plays that draft as a
 * preview, free, with no talk and no log socket.
 */
describe.skipIf(!hasChromium)(
  'simulator end to end: an operator tries an edit of a published character without publishing (standalone gateway, headless Chromium)',
  () => {
    let world: ConsoleWorld;
    let admin: Page;

    beforeAll(async () => {
      world = await startConsoleWorld('simulator', { API_RATE_LIMIT_PER_MINUTE: '6000' });
      admin = world.admin;
    }, 180_000);
    afterAll(async () => {
      await world?.close();
    });

    it('simulator, the greeting given a hit word in the draft, typing it goes to 旅行の話 and says why; nothing is published and no talk is opened', async () => {
      await addDraftHitWord(world.adminApi);
      const talkCalls = talkCallsOf(admin);

      await admin.goto(world.consolePath(`characters/${MIRAI}/try`));
      await admin.getByTestId('preview-marker').waitFor({ timeout: 30_000 });
      await admin.getByRole('button', { name: '話す', exact: true }).click();
      await say(admin, `${NEW_WORD}が好き`);

      await admin.getByTestId('sim-block').filter({ hasText: '旅行の話' }).waitFor({ timeout: 30_000 });
      const trace = await admin.getByTestId('sim-trace').textContent();
      expect(trace).toContain(`聞き取り: 「${NEW_WORD}が好き」`);
      expect(trace).toContain(`旅行の話（ヒットワード「${NEW_WORD}」）`);
      // The draft's graph beside the status has followed the talk to the same block.
      await admin
        .locator('.sim__graph .bg-node--selected')
        .filter({ hasText: '旅行の話' })
        .waitFor({ timeout: 10_000 });
      await shoot(admin, 'simulator');
      expect(talkCalls).toEqual([]);
      expect(await publishedGreetingWords(world.server.url)).not.toContain(NEW_WORD);
    }, 120_000);

    it('/full/chat of a priced ミライ with a newer draft, opened by the operator, is marked プレビュー and plays the draft free: no ticket, no talk, no log socket', async () => {
      await priceMirai(world.adminApi, 800);
      await addDraftHitWord(world.adminApi, PREVIEW_WORD, 'topic-food');
      const talkCalls = talkCallsOf(admin);
      const sockets: string[] = [];
      admin.on('websocket', (socket) => sockets.push(socket.url()));

      await admin.goto(`${world.server.url}/full/chat/mirai`);
      await admin.getByTestId('preview-marker').filter({ hasText: 'プレビュー' }).waitFor({ timeout: 30_000 });
      await admin.getByRole('button', { name: '話す', exact: true }).click();
      await waitForPlaying(admin, 'greet.mp4', 30_000);
      await say(admin, `${PREVIEW_WORD}が好き`);

      // 食べ物の話: only the draft has コアラ (the published greeting does not know it).
      await waitForPlaying(admin, 'topic_food.mp4', 30_000);
      await shoot(admin, 'simulator-full-chat-preview');
      expect(await admin.getByText(/チケット/).count()).toBe(0);
      expect(talkCalls).toEqual([]);
      expect(sockets.filter((url) => url.includes('/api/socketio'))).toEqual([]);
      // What played is still only the draft: nothing was published by the preview.
      const { character } = await world.adminApi.get<{ character: { draft_differs: boolean } }>(`/characters/${MIRAI}`);
      expect(character.draft_differs).toBe(true);
    }, 120_000);
  },
);
