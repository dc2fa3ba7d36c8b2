import type { Page } from 'playwright-core';

/** The parts of an HTMLVideoElement the checks read (the root tsconfig has no DOM types). */
interface VideoState {
  currentSrc: string;
  currentTime: number;
  paused: boolean;
}

/**
 * Waits until the player's visible <video> plays the file at `path` (the clip's stored path) and has moved past its
 * first frame. The URL's path is compared: a priced character's clips are signed URLs (a query after the file name).
 */
export async function waitForPlaying(page: Page, path: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (file) => {
      const doc = (globalThis as unknown as { document: { querySelector(selector: string): VideoState | null } })
        .document;
      const video = doc.querySelector('video.player__video--active');
      return (
        !!video &&
        !!video.currentSrc &&
        new URL(video.currentSrc).pathname.endsWith(`/${file}`) &&
        !video.paused &&
        video.currentTime > 0
      );
    },
    path,
    { timeout },
  );
}

interface PublishedClips {
  character: { dialogue: { videos: Array<{ title: string; path: string }> } };
}

/**
 * The stored path of each clip of the published character, by its title (the
 * uploaded file name): uploads are stored under generated names, so this is
 * read from the player's own public call, for the assertions only.
 */
export async function publishedClipPaths(page: Page, base: string, slug: string): Promise<Record<string, string>> {
  const reply = await page.request.get(`${base}/api/characters/by-slug/${encodeURIComponent(slug)}`);
  if (!reply.ok()) throw new Error(`GET by-slug ${slug}: ${reply.status()}`);
  const body = (await reply.json()) as PublishedClips;
  return Object.fromEntries(body.character.dialogue.videos.map((v) => [v.title, v.path]));
}
