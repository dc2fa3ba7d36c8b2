import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startConsoleWorld, type ConsoleWorld } from './console-world.ts';
import { shooter } from './engagement-driver.ts';
import { CHROMIUM, hasChromium as chromiumFound } from './standalone.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: block copy e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** BLOCK_COPY_SHOTS=<dir> also saves the copy page at phone and desktop sizes. */
const shoot = shooter(process.env.BLOCK_COPY_SHOTS);

interface Draft {
  character: { blocks: Array<{ id: string; play_final_block: string[] }>; videos: Array<{ id: string }> };
}

/**
 * Issue 25's block copy, end to end: from ミライ's コピー tab the operator
 * picks blocks and where they go (characters by name, or every character of a
 * category), sees the server's plan — blocks, clips, subtitles, the
 * transitions that leave the copy kept or cleared, collisions refused by name —
 * copies, and the targets' drafts hold the blocks.
 */
describe.skipIf(!hasChromium)(
  'block copy end to end: preview the plan, copy to characters and to a category (standalone gateway, headless Chromium)',
  () => {
    let world: ConsoleWorld;
    let admin: Page;
    /** Characters made for this file: a lone one, and two listed in a category's group. */
    const made = { lone: '', kept: '', cleared: '', category: '' };

    const draftOf = (id: string) => world.adminApi.get<Draft>(`/characters/${id}/all`);
    const addCharacter = async (name: string, groupId?: string) =>
      (await world.adminApi.post<{ character: { id: string } }>('/characters', { name, group_id: groupId })).character
        .id;
    const plan = () => admin.getByRole('region', { name: 'コピーされる内容' });
    const targetIn = (region: Locator, name: string) =>
      region.locator('article', { has: admin.getByRole('heading', { name, exact: true }) });
    const check = (name: string | RegExp) => admin.getByRole('checkbox', { name }).check();
    const uncheck = (name: string | RegExp) => admin.getByRole('checkbox', { name }).uncheck();
    const openCopyTab = async () => {
      await admin.goto(world.consolePath('characters/demo-mirai'));
      await admin.getByRole('link', { name: 'コピー', exact: true }).click();
      await admin.getByRole('heading', { name: 'ブロックを他のキャラクターにコピー' }).waitFor();
      await admin.getByRole('checkbox', { name: '食べ物の話（topic-food）' }).waitFor({ timeout: 15_000 });
    };

    beforeAll(async () => {
      world = await startConsoleWorld('block-copy');
      ({ admin } = world);
      made.lone = await addCharacter('コピー先ハナ');
      const category = await world.adminApi.post<{ category: { id: string } }>('/categories', {
        name: 'コピー試験',
        slug: 'copy-test',
      });
      made.category = category.category.id;
      const group = await world.adminApi.post<{ group: { id: string } }>('/groups', {
        category_id: made.category,
        name: 'コピー試験の組',
      });
      made.kept = await addCharacter('コピー先カイ', group.group.id);
      made.cleared = await addCharacter('コピー先ユウ', group.group.id);
      // カイ already has ミライ's まとめ (wrap-up): a transition to it is kept there, cleared at ユウ's.
      await world.adminApi.post('/blocks/characterBlockCopy', {
        character_id: 'demo-mirai',
        copy_target_character_ids: [made.kept],
        block_ids: ['wrap-up'],
      });
    }, 180_000);

    afterAll(async () => {
      await world?.close();
    });

    it('copy tab, two blocks to one character, shows the blocks, clips and cleared transitions by name, then the target holds them', async () => {
      await openCopyTab();
      await check('食べ物の話（topic-food）');
      await check('食べ物の返事（food-reply）');
      await admin.getByLabel('キャラクター名で絞り込む').fill('ハナ');
      // The list narrows when the search answers; a click while it reflows can land on a neighbour.
      await admin.getByRole('checkbox', { name: /^コピー先カイ（/ }).waitFor({ state: 'detached', timeout: 15_000 });
      await check(/^コピー先ハナ（/);

      await admin.getByRole('button', { name: 'コピー内容を確認' }).click();

      const target = targetIn(plan(), 'コピー先ハナ');
      await target.waitFor({ timeout: 15_000 });
      expect((await target.locator('dd').first().textContent())?.split('、').sort()).toEqual([
        '食べ物の話',
        '食べ物の返事',
      ]);
      const clips = await target.locator('dd').nth(1).textContent();
      for (const clip of ['topic_food.mp4', 'food_reply.mp4', 'listen_1.mp4']) expect(clips).toContain(clip);
      await target
        .getByText('「食べ物の返事」の再生後のブロック（聞き取りなし） →「まとめ」: コピー先にないため外されます')
        .waitFor();
      await shoot(admin, 'block-copy-plan');

      await admin.getByRole('button', { name: '1 人のキャラクターにコピーする' }).click();

      await admin.getByText('1 人のキャラクターにコピーしました。').waitFor({ timeout: 15_000 });
      const draft = await draftOf(made.lone);
      expect(draft.character.blocks.map((b) => b.id).sort()).toEqual(['food-reply', 'topic-food']);
      expect(draft.character.blocks.find((b) => b.id === 'food-reply')?.play_final_block).toEqual([]);
      expect(draft.character.videos.map((v) => v.id)).toEqual(expect.arrayContaining(['topic_food', 'food_reply']));
    }, 120_000);

    it('copy tab, to a category, refuses a block a member already has by name, and without it copies to both with the transition kept where the block exists', async () => {
      await openCopyTab();
      await check('食べ物の返事（food-reply）');
      await check('まとめ（wrap-up）');
      await admin.getByRole('radio', { name: 'カテゴリーのキャラクター全員' }).check();
      await admin.getByLabel('コピー先のカテゴリー').selectOption({ label: 'コピー試験' });
      await admin.getByRole('button', { name: 'コピー内容を確認' }).click();

      await targetIn(plan(), 'コピー先カイ').getByText('ブロック「まとめ」がすでにあります（上書きしません）').waitFor({
        timeout: 15_000,
      });
      expect(await admin.getByRole('button', { name: '2 人のキャラクターにコピーする' }).isDisabled()).toBe(true);
      await shoot(admin, 'block-copy-collision');

      await uncheck('まとめ（wrap-up）');
      expect(await plan().count()).toBe(0);
      await admin.getByRole('button', { name: 'コピー内容を確認' }).click();
      const wrapUp = '「食べ物の返事」の再生後のブロック（聞き取りなし） →「まとめ」';
      await targetIn(plan(), 'コピー先カイ')
        .getByText(`${wrapUp}: コピー先にある同じIDのブロックにつながります`)
        .waitFor({ timeout: 15_000 });
      await targetIn(plan(), 'コピー先ユウ').getByText(`${wrapUp}: コピー先にないため外されます`).waitFor();

      await admin.getByRole('button', { name: '2 人のキャラクターにコピーする' }).click();

      await admin.getByText('2 人のキャラクターにコピーしました。').waitFor({ timeout: 15_000 });
      const kept = (await draftOf(made.kept)).character.blocks.find((b) => b.id === 'food-reply');
      const cleared = (await draftOf(made.cleared)).character.blocks.find((b) => b.id === 'food-reply');
      expect(kept?.play_final_block).toEqual(['wrap-up']);
      expect(cleared?.play_final_block).toEqual([]);
      expect((await draftOf('demo-mirai')).character.blocks.some((b) => b.id === 'food-reply')).toBe(true);
    }, 120_000);
  },
);
