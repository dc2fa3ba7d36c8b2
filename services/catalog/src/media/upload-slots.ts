import { reserve } from '@talkwith/platform/limits';
import type { MediaContext } from './context.ts';
import { mediaErrors } from '../errors.ts';

/**
 * Uploads one operator may have in flight at once (videos, avatars): each
 * holds a request body, a scratch file and, for videos, ffprobe/ffmpeg runs,
 * so a script or a stuck console cannot open dozens in parallel. Counted with
 * the services' one limiter (reserved before the body is read, given back
 * when the upload ends) in the cache port, so every catalog replica shares
 * the count. The window is a lease: an upload whose process died stops
 * counting when it ends, and it is longer than any upload should take.
 */
export const UPLOAD_LEASE_MS = 60 * 60 * 1000;

export async function withUploadSlot<T>(ctx: MediaContext, adminId: string, upload: () => Promise<T>): Promise<T> {
  const max = ctx.config.MEDIA_UPLOADS_PER_ADMIN;
  const slot = await reserve(ctx.platform.cache, [
    { name: 'media.uploads_in_flight', key: adminId, max, windowMs: UPLOAD_LEASE_MS },
  ]);
  if (!slot.ok) throw mediaErrors.uploadsInFlight(max);
  try {
    return await upload();
  } finally {
    await slot.giveBack();
  }
}
