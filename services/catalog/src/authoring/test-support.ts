import type { ServiceUnderTest } from '@talkwith/platform/platform';
import type { Video } from '@talkwith/proto/dialogue';
import { localId, openVideos } from '../model.ts';

/** Helpers of the authoring API tests (each test still makes its own data through them). */

export const adminHeaders = (svc: ServiceUnderTest) => ({ authorization: `Bearer ${svc.tokenFor('admin-1', ['admin'])}` });

export async function addCharacterFor(svc: ServiceUnderTest, payload: Record<string, unknown> = {}): Promise<string> {
  const res = await svc.app.inject({ method: 'POST', url: '/api/admin/characters', headers: adminHeaders(svc), payload: { name: 'テスト', ...payload } });
  if (res.statusCode !== 201) throw new Error(`add character answered ${res.statusCode}: ${res.body}`);
  return res.json().character.id as string;
}

/** A video document as the media routes would store it (the file itself is not needed by authoring). */
export async function addVideoDoc(svc: ServiceUnderTest, characterId: string, id: string, path = `videos/${id}.mp4`): Promise<void> {
  const now = new Date().toISOString();
  const video: Video = {
    id, character_id: characterId, path, original_id: null, title: `${id}.mp4`, play_end: false, loop: false, loop_count: 0, mic_on: false,
    play_now: false, mic_on_millisecond: null, comment: '', file_id: null, media_info: {}, video_style: 'portrait',
  };
  await openVideos(svc.platform.store).insertOne({ ...video, _id: localId(characterId, id), created_at: now, updated_at: now });
}

export async function addBlocks(svc: ServiceUnderTest, characterId: string, blocks: Array<Record<string, unknown>>) {
  return svc.app.inject({ method: 'POST', url: '/api/admin/blocks', headers: adminHeaders(svc), payload: { character_id: characterId, blocks } });
}
