import { randomUUID } from 'node:crypto';
import { isAppError } from '@talkwith/platform';
import type { VideoFields } from '@talkwith/proto/catalog';
import { makeVideo } from '@talkwith/proto/dialogue';
import { mediaKeys } from '../characters.ts';
import { localId, openVideos, type VideoDoc } from '../model.ts';
import { analyseClip, standbyOf, storedVideoKind } from './analysis.ts';
import { audit, deleteQuietly, requireCharacter, type MediaContext } from './context.ts';
import type { VideoKind } from './sniff.ts';
import { mediaErrors } from '../errors.ts';

/** Video.title from a file name: its base name with .mp4 (proto's rule; subtitles are named after it). */
export function titleFromFileName(fileName: string | undefined, fallback: string): string {
  const base = (fileName ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 190);
  return `${base || fallback}.mp4`;
}

/** The id and title a new video will have; refuses ones the character already uses (before any byte is stored). */
export async function claimVideoNames(
  ctx: MediaContext,
  characterId: string,
  fields: VideoFields,
  fileName: string | undefined,
): Promise<{ id: string; title: string }> {
  await requireCharacter(ctx, characterId);
  const id = fields.id ?? randomUUID();
  const title = fields.title ?? titleFromFileName(fileName, id);
  const videos = openVideos(ctx.platform.store);
  if (await videos.findOne({ _id: localId(characterId, id) }, { projection: { _id: 1 } }))
    throw mediaErrors.videoIdTaken(id);
  if (await videos.findOne({ character_id: characterId, title }, { projection: { _id: 1 } }))
    throw mediaErrors.videoTitleTaken(title);
  return { id, title };
}

export const videoPathFor = (id: string, kind: VideoKind) => `videos/${id}.${kind}`;

export interface StoredClip {
  key: string;
  kind: VideoKind;
  path: string;
  /** The file was stored by this request: delete it when the video cannot be created. */
  uploaded: boolean;
  /** A local copy made while it was uploaded (saves reading it back for the analysis). */
  localPath?: string;
}

/** After the file is stored: media info, continuity, poster, then the VideoDoc and its audit entry in one transaction. */
export async function createVideo(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  names: { id: string; title: string },
  fields: VideoFields,
  clip: StoredClip,
): Promise<VideoDoc> {
  try {
    const character = await requireCharacter(ctx, characterId);
    const analysis = await analyseClip(ctx, characterId, names.id, clip, await standbyOf(ctx, character));
    const now = new Date().toISOString();
    const video = makeVideo({
      ...fields,
      id: names.id,
      title: names.title,
      character_id: characterId,
      path: clip.path,
      media_info: analysis.media_info,
    });
    return await ctx.platform.store.withTransaction(async (tx) => {
      const doc = await openVideos(tx).insertOne({
        ...video,
        _id: localId(characterId, names.id),
        paths: {},
        original_url: null,
        continuity: analysis.continuity,
        created_at: now,
        updated_at: now,
      });
      await audit(ctx, tx, adminId, 'video.uploaded', {
        character_id: characterId,
        video_id: names.id,
        path: clip.path,
      });
      return doc;
    });
  } catch (err) {
    await deleteQuietly(ctx, [...(clip.uploaded ? [clip.key] : []), mediaKeys(characterId).poster(names.id)]);
    if (isAppError(err) && err.code === 'DUPLICATE_KEY') throw mediaErrors.videoIdTaken(names.id);
    throw err;
  }
}

/** A fresh file name for a replacement, so the old file stays whole until the document points at the new one. */
export const replacementPathFor = (id: string, kind: VideoKind, stamp: string) => `videos/${id}-${stamp}.${kind}`;

/** vod_upload: the video keeps its document (and references); its file, media info, continuity and poster are new. */
export async function replaceVideoFile(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  videoId: string,
  clip: StoredClip,
): Promise<VideoDoc> {
  try {
    const character = await requireCharacter(ctx, characterId);
    const analysis = await analyseClip(ctx, characterId, videoId, clip, await standbyOf(ctx, character));
    const changes = {
      path: clip.path,
      media_info: analysis.media_info,
      continuity: analysis.continuity,
      updated_at: new Date().toISOString(),
    };
    const before = await ctx.platform.store.withTransaction(async (tx) => {
      const previous = await openVideos(tx).findOneAndUpdate(
        { _id: localId(characterId, videoId) },
        { $set: changes },
        { returnDocument: 'before' },
      );
      if (!previous) throw mediaErrors.videoNotFound();
      await audit(ctx, tx, adminId, 'video.file_replaced', {
        character_id: characterId,
        video_id: videoId,
        path: clip.path,
        previous_path: previous.path,
      });
      return previous;
    });
    if (before.path !== clip.path) await deleteUnusedFile(ctx, characterId, before.path);
    return { ...before, ...changes };
  } catch (err) {
    await deleteQuietly(ctx, [clip.key]);
    throw err;
  }
}

/** Deletes a video file unless another video of the character (or another rendition) still points at it. */
export async function deleteUnusedFile(ctx: MediaContext, characterId: string, path: string): Promise<void> {
  try {
    const videos = await openVideos(ctx.platform.store).find(
      { character_id: characterId },
      { projection: { path: 1, paths: 1 } },
    );
    const used = videos.some((v) => v.path === path || Object.values(v.paths ?? {}).includes(path));
    if (!used) await deleteQuietly(ctx, [mediaKeys(characterId).media(path)]);
  } catch (err) {
    // A file left behind costs disk space only; the answer stays the write that succeeded.
    ctx.platform.logger.warn({ err, characterId, path }, 'media: could not check whether a file is unused');
  }
}

/** insert_video: a VideoDoc for a file already in the files port (400 when it is not there or not a video). */
export async function insertVideo(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  fields: VideoFields & { path: string },
): Promise<VideoDoc> {
  const key = mediaKeys(characterId).media(fields.path);
  if (!(await ctx.platform.files.stat(key))) throw mediaErrors.notUploadedYet(fields.path);
  const kind = await storedVideoKind(ctx, key);
  if (!kind) throw mediaErrors.pathNotVideo(fields.path);
  const names = await claimVideoNames(ctx, characterId, fields, fields.path);
  const { path, ...rest } = fields;
  return createVideo(ctx, adminId, characterId, names, rest, { key, kind, path, uploaded: false });
}
