import type { ServiceUnderTest } from '@talkwith/platform/platform';
import type { Video } from '@talkwith/proto/dialogue';
import { localId, openVideos } from '../model.ts';
import { adminHeaders } from '../test-support.ts';

/** Helpers of the authoring API tests (each test still makes its own data through them). */

export { addCharacterFor, adminHeaders, opened } from '../test-support.ts';

/** A video document as the media routes would store it (the file itself is not needed by authoring). */
export async function addVideoDoc(
  svc: ServiceUnderTest,
  characterId: string,
  id: string,
  path = `videos/${id}.mp4`,
): Promise<void> {
  const now = new Date().toISOString();
  const video: Video = {
    id,
    character_id: characterId,
    path,
    original_id: null,
    title: `${id}.mp4`,
    play_end: false,
    loop: false,
    loop_count: 0,
    mic_on: false,
    play_now: false,
    mic_on_millisecond: null,
    comment: '',
    file_id: null,
    media_info: {},
    video_style: 'portrait',
  };
  await openVideos(svc.platform.store).insertOne({
    ...video,
    _id: localId(characterId, id),
    created_at: now,
    updated_at: now,
  });
}

export async function addBlocks(svc: ServiceUnderTest, characterId: string, blocks: Array<Record<string, unknown>>) {
  return svc.app.inject({
    method: 'POST',
    url: '/api/admin/blocks',
    headers: adminHeaders(svc),
    payload: { character_id: characterId, blocks },
  });
}
