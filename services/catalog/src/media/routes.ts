import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { createMediaSigning } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import { SUBTITLE_MAX_BYTES } from '@talkwith/proto/catalog';
import type { CatalogDeps } from '../deps.ts';
import { loadMediaConfig } from './config.ts';
import type { MediaContext } from './context.ts';
import { createWorkGate } from './image-work.ts';
import { detectTools, type MediaTools } from './tools.ts';
import { registerAvatarRoutes } from './avatar-routes.ts';
import { registerSubtitleRoutes } from './subtitle-routes.ts';
import { registerVideoRoutes } from './video-routes.ts';
import { registerVodRoutes } from './vod-routes.ts';
import { FILES_PREFIX } from '../files-prefix.ts';
import type { StandbyChanges } from '../standby-changes.ts';
import { rerunContinuity } from './edits.ts';

export interface MediaRouteOptions extends CatalogDeps {
  /** The platform configuration (PUBLIC_URL for absolute URLs). */
  config?: Pick<PlatformConfig, 'PUBLIC_URL' | 'JWT_SECRET'>;
  /** Where the media variables (config.ts) are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Forces ffmpeg/ffprobe on or off (tests); default: what is installed. */
  tools?: Omit<MediaTools, 'timeoutMs'>;
  /** A changed standby clip: every clip's continuity is checked again (standby-changes.ts). */
  standbyChanges?: StandbyChanges;
}

/** Admin media: videos, avatars, subtitles, media info and the continuity check. */
export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (
  app,
  { platform, config, env, tools, standbyChanges },
) => {
  const media = loadMediaConfig(env ?? process.env);
  // Only this plugin's routes take multipart bodies: one file, a few fields, the configured size.
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: 50,
      parts: 51,
      fieldSize: 10_000,
      fileSize: media.MEDIA_UPLOAD_MAX_BYTES,
      headerPairs: 100,
    },
  });
  app.addContentTypeParser('text/vtt', { parseAs: 'string', bodyLimit: SUBTITLE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const signing = config?.JWT_SECRET ? createMediaSigning(config.JWT_SECRET) : undefined;
  const ctx: MediaContext = {
    platform,
    config: media,
    publicOrigin: config?.PUBLIC_URL,
    imageWork: createWorkGate({ running: media.MEDIA_IMAGE_WORK_CONCURRENCY, waiting: media.MEDIA_IMAGE_WORK_QUEUE }),
    ...(signing
      ? { operatorCookie: (adminId: string) => signing.userCookie(adminId, { path: FILES_PREFIX, operator: true }) }
      : {}),
    tools: async () =>
      tools ? { ...tools, timeoutMs: media.MEDIA_TOOL_TIMEOUT_MS } : detectTools(media.MEDIA_TOOL_TIMEOUT_MS),
  };
  standbyChanges?.onChange((characterId, adminId) => rerunContinuity(ctx, adminId, characterId));
  registerVideoRoutes(app, ctx);
  registerVodRoutes(app, ctx);
  registerSubtitleRoutes(app, ctx);
  registerAvatarRoutes(app, ctx);
};
