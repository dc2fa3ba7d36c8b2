import type { Page } from 'playwright-core';
import { LISTENING } from '../../test/e2e/talk-driver.ts';

/**
 * Scripted conversations with the demo character ミライ on `/full/chat/mirai`, played
 * through the page as a user would: a start button, then typed utterances (the text
 * input works in headless Chromium, where there is no speech recogniser).
 * Her graph is services/dialogue-engine/demo/character.ts.
 */
/** Once she listens: type a word, or press a button (an action button). */
export type Step = { say: string } | { press: string };

export interface Conversation {
  name: string;
  /** The start button pressed on the standby screen. */
  start: string;
  steps: Step[];
  /** Typed each time she listens after the steps, until the conversation ends. */
  then: string;
  /**
   * How long to wait once she listens before typing. 0 types as soon as the microphone
   * opens: during the greeting (mic_on at 4.5 s of 6.2 s) that cuts the clip.
   */
  sayAfterMs: number;
}

export const CONVERSATIONS: Conversation[] = [
  // standby (cut by 話す) → greet (cut by ラーメン) → skip → food_reply → topic_travel (kikiwasure) → listen_2 (cut by 京都) → kyoto → summary → goodbye
  {
    name: 'food, typed at once',
    start: '話す',
    steps: [{ say: 'ラーメン' }, { say: '京都' }],
    then: 'バイバイ',
    sayAfterMs: 0,
  },
  // greet ends → listen loops (cut by 旅行) → skip → topic_travel → listen_2 (cut by 北海道) → hokkaido → topic_food (kikiwasure) → listen_1
  // (cut by the もう一度きく action button) → topic_food → listen_1 (cut by ラーメン) → food_reply → summary → goodbye
  {
    name: 'travel, typed after a listening loop',
    start: '話す',
    steps: [{ say: '旅行' }, { say: '北海道' }, { press: 'もう一度きく' }, { say: 'ラーメン' }],
    then: 'バイバイ',
    sayAfterMs: 2600,
  },
  // standby (cut by 占い) → random fortune → listen_1 (cut by もう一回, twice) → fortune_end → greet (cut by ラーメン) → … → goodbye
  {
    name: 'fortune, then food',
    start: '占い',
    steps: [{ say: 'もう一回' }, { say: 'もう一回' }, { say: 'ラーメン' }, { say: '京都' }],
    then: 'バイバイ',
    sayAfterMs: 300,
  },
];

const ENDED = '会話が終わりました';
const AGAIN = 'もう一度話す';

export interface Played {
  steps: string[];
  ended: boolean;
}

/**
 * Plays one conversation from the standby screen to its end (or until `timeoutMs`,
 * then stops it with the bar's end button), and returns to the standby screen.
 */
export async function playConversation(page: Page, conversation: Conversation, timeoutMs = 60_000): Promise<Played> {
  await waitForVisibleClip(page);
  await page.getByRole('button', { name: conversation.start, exact: true }).click();
  const listening = page.getByText(LISTENING);
  const ended = page.getByText(ENDED);
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const done: string[] = [];
  let finished = false;
  while (!finished && Date.now() < deadline) {
    // Every step waits until she listens (or the conversation ends), then `sayAfterMs`.
    if (
      await listening
        .or(ended)
        .first()
        .waitFor({ timeout: left() })
        .then(
          () => false,
          () => true,
        )
    )
      break;
    if (await ended.isVisible()) {
      finished = true;
      break;
    }
    if (conversation.sayAfterMs > 0) await page.waitForTimeout(conversation.sayAfterMs);
    const step = conversation.steps[done.length] ?? { say: conversation.then };
    if ('press' in step) {
      if (
        await page
          .getByRole('button', { name: step.press, exact: true })
          .click({ timeout: 2_000 })
          .then(
            () => true,
            () => false,
          )
      )
        done.push(`press ${step.press}`);
    } else {
      await page.fill('input[name=utterance]', step.say);
      // The send button is enabled only while she listens: she may have stopped meanwhile.
      if (
        await page
          .getByRole('button', { name: '送る' })
          .click({ timeout: 2_000 })
          .then(
            () => true,
            () => false,
          )
      )
        done.push(`say ${step.say}`);
    }
    await listening.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
  if (!finished) {
    await page.locator('.player__bar-tools').getByRole('button', { name: 'おわる', exact: true }).click();
  }
  await ended.waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: AGAIN }).click();
  await page.getByRole('button', { name: conversation.start, exact: true }).waitFor();
  return { steps: done, ended: finished };
}

/** Waits until the visible video (the standby loop, on the standby screen) plays, as a user sees it before pressing start. */
export async function waitForVisibleClip(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      // Runs in the page; the root tsconfig has no DOM types, hence the structural cast.
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): { paused: boolean; currentTime: number } | null };
      };
      const video = document.querySelector('.player__stage video.player__video--active');
      return !!video && !video.paused && video.currentTime > 0;
    },
    undefined,
    { timeout },
  );
}

/** The page's `window.__probe.dump()` (test/e2e/video-probe.ts). */
export async function dumpProbe<T>(page: Page): Promise<T> {
  return page.evaluate(() => (globalThis as unknown as { __probe: { dump(): unknown } }).__probe.dump()) as Promise<T>;
}
