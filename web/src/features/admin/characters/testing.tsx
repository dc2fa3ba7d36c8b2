import { fakeServer, renderRoutes, sampleUser, type RecordedCall } from '../../../test/harness.tsx';
import AdminConsole from '../AdminConsole.tsx';

/** Test helpers of the character and video screens: the whole console at /ops over a scripted API at /api/ops. */

export const BASE = '/ops';
export const API = '/api/ops';

export const adminSession = { status: 'authenticated' as const, accessToken: 'admin-token', user: { ...sampleUser, roles: ['admin' as const] } };

/** A route table for fakeServer: "METHOD /path" → [status, body]; anything else answers 404. */
export function scriptedServer(routes: Record<string, [number, unknown] | ((call: RecordedCall) => [number, unknown])>) {
  return fakeServer((call) => {
    const answer = routes[`${call.method} ${call.url}`];
    if (!answer) return [404, { ok: false, code: 'NOT_FOUND', message: `not scripted: ${call.method} ${call.url}` }];
    return typeof answer === 'function' ? answer(call) : answer;
  });
}

export function renderConsole(path: string) {
  return renderRoutes([{ path: `${BASE}/*`, element: <AdminConsole basePath={BASE} apiBase={API} /> }], { path, state: { session: adminSession } });
}

export const listItem = (over: Record<string, unknown> = {}) => ({
  id: 'mirai', name: 'ミライ', slug: 'mirai', price: 0, group_id: null, avatar_url: null, published_at: '2026-01-01T00:00:00.000Z',
  published_version: 1, updated_at: '2026-01-02T00:00:00.000Z', block_count: 12, video_count: 20, ...over,
});

export const setting = (characterId: string, over: Record<string, unknown> = {}) => ({
  character_id: characterId, silence_enabled: true, spj_url: '', spj_api_key: '', google_key: '', standby_video_id: null,
  default_start_button_id: null, listen_video_prefix: '', hit_word_delay: 0, show_speech_mic: true, show_recognition_text: true,
  use_web_speech_api: true, landscape_mode: true, hide_cursor: true, for_mic_test: null, es_index_name: '', ...over,
});

export const adminCharacter = (over: Record<string, unknown> = {}) => {
  const id = (over.id as string | undefined) ?? 'c1';
  return {
    id, name: 'ハナコ', slug: 'hanako', price: 300, group_id: null, avatar_url: null, published_at: null, published_version: 0,
    updated_at: '2026-01-02T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z', description: '説明です', setting: setting(id),
    draft: {
      startButtons: [], slots: [], summary: { title: '', slot_names: [] }, kikiwasure: [], replacement: { video_ids: [], block_ids: [] },
      random: { count: 0, final_block_id: null, trigger_videos: [], end_blocks: [] }, conversations: [],
    },
    ...over,
  };
};
