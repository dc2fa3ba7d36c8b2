import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@talkwith/platform';

/** The environment variables only the catalog's media routes read. */
export const MediaConfig = Type.Object({
  MEDIA_UPLOAD_MAX_BYTES: Type.Integer({
    minimum: 1,
    default: 2 * 1024 ** 3,
    description:
      'largest video file an admin may upload, bytes (default 2 GB); larger uploads answer 413 and leave nothing behind',
  }),
  MEDIA_TOOL_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    default: 60_000,
    description:
      'time limit of one ffprobe/ffmpeg run (media info, frames for the continuity check, posters), milliseconds',
  }),
  MEDIA_IMAGE_WORK_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 2,
    description: 'images (avatar renditions) this process decodes at once; more wait in line',
  }),
  MEDIA_IMAGE_WORK_QUEUE: Type.Integer({
    minimum: 0,
    maximum: 1000,
    default: 8,
    description: 'images allowed to wait for MEDIA_IMAGE_WORK_CONCURRENCY; one more is refused with 503',
  }),
  MEDIA_UPLOADS_PER_ADMIN: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 3,
    description: 'uploads (videos, avatars) one operator may have in flight at once; one more answers 429',
  }),
});
export type MediaConfig = Static<typeof MediaConfig>;

export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  return loadConfig(MediaConfig, env);
}
