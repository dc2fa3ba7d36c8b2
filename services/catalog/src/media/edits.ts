import type { ChangeVideoPathBody, ContinuityRun, SetOriginalUrlBody, VideoEditBody } from '@talkwith/proto/catalog';
import { mediaKeys } from '../characters.ts';
import { localId, openVideos, type VideoDoc } from '../model.ts';
import { analyseClip, standbyOf, storedVideoKind } from './analysis.ts';
import { checkContinuity, unreadableClipReport } from './continuity.ts';
import { audit, deleteQuietly, requireCharacter, requireVideo, type MediaContext } from './context.ts';
import { withLocalCopy } from './local-copy.ts';
import { videoReferences } from './references.ts';
import { carrySubtitlesToNewTitle } from './subtitle-rename.ts';
import { deleteUnusedFile } from './videos.ts';
import { mediaErrors } from '../errors.ts';

/** Sets fields of one video with its audit entry; 404 when it is gone. */
async function updateVideo(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  videoId: string,
  set: Partial<VideoDoc>,
  action: string,
): Promise<VideoDoc> {
  return ctx.platform.store.withTransaction(async (tx) => {
    const doc = await openVideos(tx).findOneAndUpdate(
      { _id: localId(characterId, videoId) },
      { $set: { ...set, updated_at: new Date().toISOString() } },
    );
    if (!doc) throw mediaErrors.videoNotFound();
    await audit(ctx, tx, adminId, action, { character_id: characterId, video_id: videoId, fields: Object.keys(set) });
    return doc;
  });
}

/** PUT: any Video field but id, character_id, path and media_info (those have their own calls). */
export async function editVideo(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  videoId: string,
  body: VideoEditBody,
): Promise<VideoDoc> {
  // Unknown fields (path, media_info, …) are dropped by the validator: nothing left means nothing this call can change.
  if (Object.keys(body).length === 0) throw mediaErrors.nothingToEdit();
  const before = await requireVideo(ctx, characterId, videoId);
  if (body.title) {
    const clash = await openVideos(ctx.platform.store).findOne(
      { character_id: characterId, title: body.title, id: { $ne: videoId } },
      { projection: { _id: 1 } },
    );
    if (clash) throw mediaErrors.videoTitleTaken(body.title);
  }
  const updated = await updateVideo(ctx, adminId, characterId, videoId, body, 'video.updated');
  if (body.title) await carrySubtitlesToNewTitle(ctx, characterId, before.title, body.title);
  return updated;
}

/** Refuses while anything uses the video (409 VIDEO_REFERENCED with the list); else removes the document, its file and poster. */
export async function deleteVideo(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  videoId: string,
): Promise<void> {
  const character = await requireCharacter(ctx, characterId);
  const video = await requireVideo(ctx, characterId, videoId);
  const references = await videoReferences(ctx, character, videoId);
  if (references.length > 0) {
    throw mediaErrors.videoReferenced(references);
  }
  await ctx.platform.store.withTransaction(async (tx) => {
    const { deletedCount } = await openVideos(tx).deleteOne({ _id: localId(characterId, videoId) });
    if (deletedCount === 0) throw mediaErrors.videoNotFound();
    await audit(ctx, tx, adminId, 'video.deleted', { character_id: characterId, video_id: videoId, path: video.path });
  });
  for (const path of new Set([video.path, ...Object.values(video.paths ?? {})]))
    await deleteUnusedFile(ctx, characterId, path);
  await deleteQuietly(ctx, [mediaKeys(characterId).poster(videoId)]);
}

/** vod/changeVideoPath/{definition}: 'default' sets path, any other definition paths[definition]; the file must exist. */
export async function changeVideoPath(
  ctx: MediaContext,
  adminId: string,
  definition: string,
  body: ChangeVideoPathBody,
): Promise<VideoDoc> {
  await requireVideo(ctx, body.character_id, body.video_id);
  if (!(await ctx.platform.files.stat(mediaKeys(body.character_id).media(body.path)))) {
    throw mediaErrors.fileNotFound(body.path);
  }
  const set = definition === 'default' ? { path: body.path } : { [`paths.${definition}`]: body.path };
  return updateVideo(ctx, adminId, body.character_id, body.video_id, set, 'video.path_changed');
}

export async function setOriginalUrl(ctx: MediaContext, adminId: string, body: SetOriginalUrlBody): Promise<VideoDoc> {
  return updateVideo(
    ctx,
    adminId,
    body.character_id,
    body.video_id,
    { original_url: body.original_url },
    'video.original_url_set',
  );
}

/** vod/updateMediaInfo: probe the stored file again (and redo its continuity check and poster). */
export async function refreshMediaInfo(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
  videoId: string,
): Promise<VideoDoc> {
  const character = await requireCharacter(ctx, characterId);
  const video = await requireVideo(ctx, characterId, videoId);
  const key = mediaKeys(characterId).media(video.path);
  if (!(await ctx.platform.files.stat(key))) throw mediaErrors.videoFileNotFound(video.path);
  const kind = (await storedVideoKind(ctx, key)) ?? 'mp4';
  const analysis = await analyseClip(ctx, characterId, videoId, { key, kind }, await standbyOf(ctx, character));
  return updateVideo(
    ctx,
    adminId,
    characterId,
    videoId,
    { media_info: analysis.media_info, continuity: analysis.continuity },
    'video.media_info_updated',
  );
}

/** Re-runs the continuity check of every clip of the character (after the standby clip changed). */
export async function rerunContinuity(
  ctx: MediaContext,
  adminId: string,
  characterId: string,
): Promise<ContinuityRun['videos']> {
  const character = await requireCharacter(ctx, characterId);
  const standby = await standbyOf(ctx, character);
  const tools = await ctx.tools();
  const results: ContinuityRun['videos'] = [];
  for (const video of await openVideos(ctx.platform.store).find({ character_id: characterId }, { sort: { id: 1 } })) {
    const key = mediaKeys(characterId).media(video.path);
    const continuity = await withLocalCopy(ctx.platform.files, key, (path) =>
      checkContinuity({ clipPath: path, standby }, tools),
    ).catch(() => unreadableClipReport(standby?.videoId ?? null));
    results.push({ video_id: video.id, continuity });
  }
  await ctx.platform.store.withTransaction(async (tx) => {
    for (const { video_id, continuity } of results)
      await openVideos(tx).updateOne({ _id: localId(characterId, video_id) }, { $set: { continuity } });
    await audit(ctx, tx, adminId, 'video.continuity_checked', {
      character_id: characterId,
      videos: results.length,
      standby_video_id: standby?.videoId ?? null,
    });
  });
  return results;
}
