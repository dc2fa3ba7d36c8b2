import { blockVideoReferences } from '@talkwith/dialogue-engine';
import type { VideoReference } from '@talkwith/proto/catalog';
import type { Character } from '../characters.ts';
import { blockOf, openBlocks } from '../model.ts';
import type { MediaContext } from './context.ts';

/** Every place of the character's draft that names the video: block fields, the standby setting, the random and replacement lists. */
export async function videoReferences(
  ctx: MediaContext,
  character: Character,
  videoId: string,
): Promise<VideoReference[]> {
  const refs: VideoReference[] = [];
  for (const doc of await openBlocks(ctx.platform.store).find({ character_id: character._id }, { sort: { id: 1 } })) {
    for (const ref of blockVideoReferences(blockOf(doc)))
      if (ref.id === videoId) refs.push({ kind: 'block', block_id: doc.id, field: ref.field });
  }
  if (character.setting?.standby_video_id === videoId) refs.push({ kind: 'setting', field: 'standby_video_id' });
  if (character.draft?.random.trigger_videos.includes(videoId))
    refs.push({ kind: 'draft', field: 'random.trigger_videos' });
  if (character.draft?.replacement.video_ids.includes(videoId))
    refs.push({ kind: 'draft', field: 'replacement.video_ids' });
  return refs;
}
