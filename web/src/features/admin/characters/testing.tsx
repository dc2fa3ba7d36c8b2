import { vi } from 'vitest';
import { renderRoutes, sampleUser, type RecordedCall } from '../../../test/harness.tsx';
import AdminConsole from '../AdminConsole.tsx';

/** Test helpers of the character and video screens: the whole console at /ops over a scripted API at /api/ops. */

export const BASE = '/ops';
export const API = '/api/ops';

export const adminSession = {
  status: 'authenticated' as const,
  accessToken: 'admin-token',
  user: { ...sampleUser, roles: ['admin' as const] },
};

type Answer = [number, unknown] | ((call: RecordedCall) => [number, unknown]);

/**
 * A scripted API like the harness's fakeServer, keyed "METHOD /path" (anything
 * else answers 404), that also carries text bodies both ways: WebVTT is sent
 * and answered as text/vtt (a string answer), everything else as JSON.
 */
export function scriptedServer(routes: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const text = await request.text();
      const isJson = (request.headers.get('content-type') ?? '').includes('json');
      const call: RecordedCall = {
        url: new URL(request.url).pathname,
        method: request.method,
        headers: request.headers,
        body: text && isJson ? (JSON.parse(text) as unknown) : text || undefined,
      };
      calls.push(call);
      const answer = routes[`${call.method} ${call.url}`];
      const [status, body] = !answer
        ? [404, { ok: false, code: 'NOT_FOUND', message: `not scripted: ${call.method} ${call.url}` }]
        : typeof answer === 'function'
          ? answer(call)
          : answer;
      return typeof body === 'string'
        ? new Response(body, { status, headers: { 'content-type': 'text/vtt' } })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}

export function renderConsole(path: string) {
  return renderRoutes([{ path: `${BASE}/*`, element: <AdminConsole basePath={BASE} apiBase={API} /> }], {
    path,
    state: { session: adminSession },
  });
}

export const listItem = (over: Record<string, unknown> = {}) => ({
  id: 'mirai',
  name: 'ミライ',
  slug: 'mirai',
  price: 0,
  group_id: null,
  avatar_url: null,
  published_at: '2026-01-01T00:00:00.000Z',
  published_version: 1,
  updated_at: '2026-01-02T00:00:00.000Z',
  block_count: 12,
  video_count: 20,
  ...over,
});

export const setting = (characterId: string, over: Record<string, unknown> = {}) => ({
  character_id: characterId,
  silence_enabled: true,
  spj_url: '',
  spj_api_key: '',
  google_key: '',
  standby_video_id: null,
  default_start_button_id: null,
  listen_video_prefix: '',
  hit_word_delay: 0,
  show_speech_mic: true,
  show_recognition_text: true,
  use_web_speech_api: true,
  landscape_mode: true,
  hide_cursor: true,
  for_mic_test: null,
  es_index_name: '',
  ...over,
});

export const adminCharacter = (over: Record<string, unknown> = {}) => {
  const id = (over.id as string | undefined) ?? 'c1';
  return {
    id,
    name: 'ハナコ',
    slug: 'hanako',
    price: 300,
    group_id: null,
    avatar_url: null,
    published_at: null,
    published_version: 0,
    updated_at: '2026-01-02T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    description: '説明です',
    setting: setting(id),
    draft: {
      startButtons: [],
      slots: [],
      summary: { title: '', slot_names: [] },
      kikiwasure: [],
      replacement: { video_ids: [], block_ids: [] },
      random: { count: 0, final_block_id: null, trigger_videos: [], end_blocks: [] },
      conversations: [],
    },
    ...over,
  };
};

/** A library entry (VideoEntry) of character c1. */
export const videoEntry = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  character_id: 'c1',
  path: `videos/${id}.mp4`,
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
  video_style: 'portrait',
  media_info: {
    duration_s: 3.5,
    size_bytes: 2_097_152,
    width: 720,
    height: 1280,
    frame_rate: 30,
    video_codec: 'h264',
    audio_codec: 'aac',
    container: 'mp4',
    probed_with: 'ffprobe',
  },
  url: `/files/c1/videos/${id}.mp4`,
  poster_url: null,
  paths: {},
  original_url: null,
  continuity: null,
  subtitle_languages: ['ja-JP'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
