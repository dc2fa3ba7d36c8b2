import { buffer } from 'node:stream/consumers';
import { TTLCache } from '@isaacs/ttlcache';
import sharp from 'sharp';
import type { FileStore, StoredFile } from '@talkwith/platform';
import { coverPositionFor, FOCUS_SAMPLE, focusOfPixels, PORTRAIT_VISIBLE_SHARE } from '@talkwith/proto/framing';

/**
 * How the standby poster is framed on a portrait phone before any script runs
 * (GET /api/characters/by-slug/{slug}/framing.css, linked from the page of
 * /full/chat/{slug}): a landscape character's landscape frame is cropped
 * (cover) around the figure, read from the poster's pixels with the player's
 * own algorithm (proto/src/framing); anything else (a portrait layout, a
 * portrait frame) is shown whole (contain). A stylesheet, not a style
 * attribute: the page's CSP allows no inline style.
 */

export interface PosterFraming {
  /** Cover around `positionX` (object-position, percent), or the whole frame. */
  fit: 'cover' | 'contain';
  positionX: number;
}

/** The poster's layout in a portrait player: the frame's shape is read from the image (a clip's video_style may be left at its default). */
export async function framingOfPoster(
  files: FileStore,
  poster: StoredFile,
  landscapeMode: boolean,
): Promise<PosterFraming> {
  const image = sharp(await buffer(await files.read(poster.key)));
  const { width = 0, height = 0 } = await image.metadata();
  if (!landscapeMode || width <= height) return { fit: 'contain', positionX: 50 };
  const { data } = await image
    .resize(FOCUS_SAMPLE.width, FOCUS_SAMPLE.height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const focus = focusOfPixels(data, FOCUS_SAMPLE.width, FOCUS_SAMPLE.height);
  return { fit: 'cover', positionX: coverPositionFor(focus, PORTRAIT_VISIBLE_SHARE) };
}

/** A slug as the gateway's chat page writes it (chat-page.ts SLUG): nothing that could leave a CSS string. */
const CSS_SAFE_SLUG = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The rules for this character's boot poster and player (data-boot-slug / data-player-slug, so a
 * stylesheet left in the page never frames another character after an in-app navigation).
 */
export function framingCss(slug: string, framing: PosterFraming): string {
  if (!CSS_SAFE_SLUG.test(slug)) return '';
  const scope = `[data-boot-slug="${slug}"], [data-player-slug="${slug}"]`;
  if (framing.fit === 'cover') return `${scope} { --player-focus-x: ${framing.positionX}%; }\n`;
  return `@media (orientation: portrait) {\n  [data-boot-slug="${slug}"] .player__poster { object-fit: contain; }\n}\n`;
}

/** One reading per poster file version: decoding a poster for every page load would be waste. */
export class FramingCache {
  readonly #byVersion: TTLCache<string, PosterFraming>;

  constructor(max = 500) {
    this.#byVersion = new TTLCache({ max, ttl: Infinity });
  }

  async get(files: FileStore, poster: StoredFile, landscapeMode: boolean): Promise<PosterFraming> {
    const version = `${poster.key}|${poster.etag}|${landscapeMode}`;
    const known = this.#byVersion.get(version);
    if (known) return known;
    const framing = await framingOfPoster(files, poster, landscapeMode);
    this.#byVersion.set(version, framing);
    return framing;
  }
}
