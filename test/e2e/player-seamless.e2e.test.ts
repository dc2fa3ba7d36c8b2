import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CONVERSATIONS, dumpProbe, playConversation } from '../../scripts/bench/player-conversation.ts';
import {
  ARGS,
  CHROMIUM,
  hasChromium as chromiumFound,
  startStandalone,
  stopStandalone,
  type Standalone,
} from './standalone.ts';
import { LISTENING } from './talk-driver.ts';
import {
  analyzeProbe,
  clipName,
  videoProbeScript,
  type ProbeAnalysis,
  type ProbeData,
  type ProbeScriptOptions,
} from './video-probe.ts';

const hasChromium = chromiumFound();
if (!hasChromium) console.warn(`skipped: player seamless e2e — set CHROMIUM_PATH (no browser at ${CHROMIUM})`);

/** The switch that starts again after the end waits for the user's click, not for the player. */
const USER_WAITS = ['click:もう一度話す'];

function describeRun(result: ProbeAnalysis): string {
  const switches = result.switches.map(
    (s) => `${s.kind} ${clipName(s.fromSrc)}→${clipName(s.toSrc)} ${s.gapMs.toFixed(1)} ms`,
  );
  const blanks = result.blankEpisodes.map(
    (e) => `${e.frames} blank frame(s) (${e.reason}) on ${clipName(e.src) || 'no video'} at ${e.start.toFixed(0)} ms`,
  );
  return [...switches, ...blanks].join('\n');
}

describe.skipIf(!hasChromium)(
  'player, seamless clip switches (standalone gateway, headless Chromium, ミライ, video probe)',
  () => {
    let dataDir: string;
    let server: Standalone;
    let browser: Browser;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'player-seamless-e2e-'));
      server = await startStandalone(dataDir);
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await stopStandalone(server);
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function openPlayer(options: ProbeScriptOptions = {}): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
      await context.addInitScript({ content: videoProbeScript(options) });
      const page = await context.newPage();
      await page.goto(`${server.url}/full/chat/mirai`);
      await page.getByRole('button', { name: '話す', exact: true }).waitFor();
      return page;
    }

    it('player, a conversation typed at once (start button, ラーメン cutting the greeting, 京都 cutting the listening loop, clips ending by themselves), shows a frame of the current clip in every rendering frame across every switch', async () => {
      const page = await openPlayer();
      const conversation = CONVERSATIONS[0];
      if (!conversation) throw new Error('no scripted conversation');
      const played = await playConversation(page, conversation);
      const result = analyzeProbe(await dumpProbe<ProbeData>(page), { userWaits: USER_WAITS });
      await page.context().close();
      console.log(
        `player seamless e2e: ${result.switches.length} switches, ${result.blankFrames} blank frames over ${result.renderFrames} rendering frames\n${describeRun(result)}`,
      );

      expect(played.ended).toBe(true);
      const kinds = result.switches.map((s) => s.kind);
      expect(kinds.filter((k) => k === 'interrupt').length, describeRun(result)).toBeGreaterThanOrEqual(3);
      expect(kinds.filter((k) => k === 'natural').length, describeRun(result)).toBeGreaterThanOrEqual(4);
      expect(result.blankFrames, describeRun(result)).toBe(0);
    }, 90_000);

    it('video probe, a fault injected at each of the first three switches (the new clip hidden for 3 rendering frames), reports those blank frames', async () => {
      const hideFrames = 3;
      const page = await openPlayer({ fault: { hideFrames, maxFaults: 3 } });
      await page.getByRole('button', { name: '話す', exact: true }).click();
      await page.getByText(LISTENING).waitFor({ timeout: 15_000 });
      await page.fill('input[name=utterance]', 'ラーメン');
      await page.getByRole('button', { name: '送る' }).click();
      // greet → skip → food_reply: three switches after the first clip shown.
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { __probe: { dump(): ProbeData } }).__probe
            .dump()
            .faults.filter((f) => f.end !== null).length >= 3,
        undefined,
        { timeout: 20_000 },
      );
      const data = await dumpProbe<ProbeData>(page);
      await page.context().close();
      const result = analyzeProbe(data);

      expect(data.faults).toHaveLength(3);
      for (const fault of data.faults) {
        // Hidden in the update that starts the fault (the probe re-samples it) up to the one that ends it.
        const inWindow = data.renders.filter((r) => fault.end !== null && r.now >= fault.start && r.now < fault.end);
        const blank = result.blankTimes.filter((t) => fault.end !== null && t >= fault.start && t < fault.end).length;
        expect(inWindow.every((r) => r.active === -1)).toBe(true);
        expect(blank).toBe(hideFrames);
      }
      expect(result.blankFrames).toBeGreaterThanOrEqual(3 * hideFrames);
    }, 60_000);
  },
);
