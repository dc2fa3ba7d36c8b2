import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { shooter, type AdminApi } from './engagement-driver.ts';
import { CHROMIUM, hasChromium as chromiumFound } from './standalone.ts';
import { MIRAI, say, talkCallsOf } from './talk-driver.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: simulator e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** Not one of ミライ's words: the draft alone learns it. */
const NEW_WORD = 'パンダ';
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

/** The operator's edit of the greeting in the draft: パンダ leads to 旅行の話 (PUT of the block, as the block panel saves it). */
async function addDraftHitWord(admin: AdminApi): Promise<void> {
  const { blocks } = await admin.post<{ blocks: Array<{ id: string; hit_words: HitRoute[] }> }>('/blocks/getBlocks', {
    character_id: MIRAI,
  });
  const greet = blocks.find((b) => b.id === 'greet')!;
  const hit_words = [{ words: [NEW_WORD], block_id: 'topic-travel', slot: null }, ...greet.hit_words];
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

/**
 * Issue 25's simulator end to end: an operator edits the published ミライ's
 * greeting in the draft, opens 試す, types the new hit word and sees the talk
 * go to the expected block with the reason; customers still get the published
 * ミライ, and the try opened no talk on the server.
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
      const published = (await (await fetch(`${world.server.url}/api/characters/by-slug/mirai`)).json()) as {
        character: { dialogue: { blocks: Array<{ id: string; hit_words: HitRoute[] }> } };
      };
      const greet = published.character.dialogue.blocks.find((b) => b.id === 'greet')!;
      expect(greet.hit_words.flatMap((r) => r.words)).not.toContain(NEW_WORD);
    }, 120_000);
  },
);
