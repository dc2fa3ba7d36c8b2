import type { ContinuityReport, MediaInfo } from '@talkwith/proto/catalog';
import { mediaKeys, type Character } from '../characters.ts';
import { localId, openVideos } from '../model.ts';
import { checkContinuity, type ContinuityInput } from './continuity.ts';
import type { MediaContext } from './context.ts';
import { firstFrame, posterWebp } from './frames.ts';
import { withLocalCopy } from './local-copy.ts';
import { probeMedia } from './probe.ts';
import { SNIFF_BYTES, videoKindOf, type VideoKind } from './sniff.ts';

export type Standby = ContinuityInput['standby'];

/** The first frame of the character's standby clip (null: none set, or its file cannot be read). */
export async function standbyOf(ctx: MediaContext, character: Character): Promise<Standby> {
  const standbyId = character.setting?.standby_video_id;
  if (!standbyId) return null;
  const tools = await ctx.tools();
  const doc = await openVideos(ctx.platform.store).findOne({ _id: localId(character._id, standbyId) });
  if (!doc || !tools.ffmpeg) return { videoId: standbyId, firstFrame: Buffer.alloc(0) };
  try {
    const frame = await withLocalCopy(ctx.platform.files, mediaKeys(character._id).media(doc.path), (path) =>
      firstFrame(path, tools.timeoutMs),
    );
    return { videoId: standbyId, firstFrame: frame };
  } catch (err) {
    ctx.platform.logger.warn({ err, characterId: character._id, standbyId }, 'media: standby clip unreadable');
    return { videoId: standbyId, firstFrame: Buffer.alloc(0) };
  }
}

/** MP4 or WebM, from the stored file's first bytes (null: neither). */
export async function storedVideoKind(ctx: MediaContext, key: string): Promise<VideoKind | null> {
  const stream = await ctx.platform.files.read(key, { start: 0, end: SNIFF_BYTES - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return videoKindOf(Buffer.concat(chunks));
}

export interface ClipAnalysis {
  media_info: MediaInfo | Record<string, never>;
  continuity: ContinuityReport;
  poster: boolean;
}

/**
 * Media info, the continuity report and the first-frame poster of one stored
 * clip. A clip the tools cannot decode is kept (its media_info stays empty and
 * the report says the check could not run): the admin sees why in the library.
 */
export async function analyseClip(
  ctx: MediaContext,
  characterId: string,
  videoId: string,
  clip: { key: string; kind: VideoKind; localPath?: string },
  standby: Standby,
): Promise<ClipAnalysis> {
  const tools = await ctx.tools();
  const { key, kind } = clip;
  const onLocalFile = (use: (path: string) => Promise<ClipAnalysis>) =>
    clip.localPath ? use(clip.localPath) : withLocalCopy(ctx.platform.files, key, use);
  return onLocalFile(async (path) => {
    const media_info = await probeMedia(path, kind, tools).catch((err: unknown) => {
      ctx.platform.logger.warn({ err, key }, 'media: probe failed');
      return {};
    });
    const continuity = await checkContinuity({ clipPath: path, standby }, tools);
    const poster =
      tools.ffmpeg && (await writePoster(ctx, path, mediaKeys(characterId).poster(videoId), tools.timeoutMs));
    return { media_info, continuity, poster };
  });
}

async function writePoster(ctx: MediaContext, path: string, key: string, timeoutMs: number): Promise<boolean> {
  try {
    await ctx.platform.files.put(key, await posterWebp(path, timeoutMs), 'image/webp');
    return true;
  } catch (err) {
    ctx.platform.logger.warn({ err, key }, 'media: no poster');
    return false;
  }
}
