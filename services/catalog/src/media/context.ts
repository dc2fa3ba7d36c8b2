import type { Platform, Transaction } from '@talkwith/platform';
import { openCharacters, type Character } from '../characters.ts';
import { localId, openVideos, type VideoDoc } from '../model.ts';
import type { MediaConfig } from './config.ts';
import type { MediaTools } from './tools.ts';
import type { WorkGate } from './image-work.ts';
import { mediaErrors } from '../errors.ts';

/** What the media functions work with (never the request). */
export interface MediaContext {
  platform: Platform;
  config: MediaConfig;
  /** ffmpeg/ffprobe availability (detected once; tests force either path). */
  tools: () => Promise<MediaTools>;
  /** How many images this process decodes at once (image-work.ts). */
  imageWork: WorkGate;
  /** PUBLIC_URL: the origin absolute URLs start with when the files port answers relative ones. */
  publicOrigin: string | undefined;
  /**
   * The media cookie of an operator (Set-Cookie value): with it the console
   * plays every clip and subtitle unsigned, priced characters' too (the files
   * route's guard, serving/media-guard.ts). Set by the routes that list URLs.
   */
  operatorCookie?: (adminId: string) => string;
}

export async function requireCharacter(ctx: MediaContext, characterId: string): Promise<Character> {
  const found = await openCharacters(ctx.platform.store).findOne({ _id: characterId }, { projection: { dialogue: 0 } });
  if (!found) throw mediaErrors.characterNotFound();
  return found;
}

export async function requireVideo(ctx: MediaContext, characterId: string, videoId: string): Promise<VideoDoc> {
  const found = await openVideos(ctx.platform.store).findOne({ _id: localId(characterId, videoId) });
  if (!found) throw mediaErrors.videoNotFound();
  return found;
}

/** The admin audit entry of a media write, inside the write's transaction. */
export async function audit(
  ctx: MediaContext,
  tx: Transaction,
  adminId: string,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await ctx.platform.events.publish('admin.acted', adminId, { admin_id: adminId, action, detail }, tx);
}

/** Stored-file cleanup that must not hide the error being reported. */
export async function deleteQuietly(ctx: MediaContext, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.platform.files.delete(key).catch((err: unknown) => {
        ctx.platform.logger.warn({ err, key }, 'media: could not delete a file');
        return false;
      }),
    ),
  );
}
