import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  adminCharacter,
  adminSession,
  renderConsole,
  scriptedServer,
  setting,
  videoEntry as entry,
} from '../characters/testing.tsx';

/** A stand-in XMLHttpRequest the test drives: it records what was sent and reports progress and the answer when told. */
class FakeXhr {
  static last: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  constructor() {
    FakeXhr.last.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function libraryServer(
  videos: unknown[],
  extra: Parameters<typeof scriptedServer>[0] = {},
  standby: string | null = 'standby',
) {
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [
      200,
      { ok: true, character: adminCharacter({ setting: setting('c1', { standby_video_id: standby }) }) },
    ],
    [`GET ${API}/characters/c1/videos`]: [200, { ok: true, videos }],
    ...extra,
  });
}

afterEach(() => {
  FakeXhr.last = [];
  vi.unstubAllGlobals();
});

describe('VideoLibraryPage', () => {
  it('video library, answered with a clip, shows its media facts, subtitle languages and links to preview and details', async () => {
    libraryServer([
      entry('greet', {
        continuity: {
          checked_at: 'x',
          standby_video_id: 'standby',
          first_frame_distance: 0.4,
          last_frame_distance: 0.1,
          warnings: ['最初のフレームが待機動画と大きく違います。'],
        },
      }),
    ]);
    await renderConsole('/ops/characters/c1/videos');
    const row = (await screen.findByText('greet.mp4')).closest('tr')!;
    expect(within(row).getByText('3.5 s')).toBeTruthy();
    expect(within(row).getByText('720×1280 · 30 fps')).toBeTruthy();
    expect(within(row).getByText('2.0 MB')).toBeTruthy();
    expect(within(row).getByText('つながり注意 1 件').getAttribute('title')).toBe(
      '最初のフレームが待機動画と大きく違います。',
    );
    expect(within(row).getByRole('link', { name: 'プレビュー' }).getAttribute('href')).toBe(
      '/ops/characters/previewVideo/greet?character_id=c1',
    );
    expect(within(row).getByRole('link', { name: '詳細' }).getAttribute('href')).toBe(
      '/ops/characters/details/greet?character_id=c1',
    );
  });

  it('upload, two files chosen, sends them one after another with the token, a bar each, and shows the continuity warning', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    libraryServer([]);
    await renderConsole('/ops/characters/c1/videos');
    const input = (await screen.findByText('ファイルを選ぶ…')).querySelector('input')!;
    const files = [
      new File(['a'.repeat(10)], 'hello.mp4', { type: 'video/mp4' }),
      new File(['b'], 'bye.mp4', { type: 'video/mp4' }),
    ];
    fireEvent.change(input, { target: { files } });
    await vi.waitFor(() => expect(FakeXhr.last).toHaveLength(1));
    const [first] = FakeXhr.last;
    expect(first!.url).toBe('/api/ops/characters/c1/video/upload');
    expect(first!.headers.authorization).toBe('Bearer admin-token');
    expect((first!.body!.get('file') as File).name).toBe('hello.mp4');

    act(() => first!.progress(40, 100));
    expect((screen.getByLabelText('hello.mp4 の送信状況') as HTMLProgressElement).value).toBe(40);
    expect(screen.getByText(/送信中 40%/)).toBeTruthy();
    expect(screen.getByText(/待機中/)).toBeTruthy();

    act(() =>
      first!.answer(201, {
        ok: true,
        video: entry('hello', {
          continuity: {
            checked_at: 'x',
            standby_video_id: 's',
            first_frame_distance: 0.5,
            last_frame_distance: 0.5,
            warnings: ['構図が待機動画と違います。'],
          },
        }),
      }),
    );
    expect(await screen.findByText('構図が待機動画と違います。')).toBeTruthy();
    await vi.waitFor(() => expect(FakeXhr.last).toHaveLength(2));
    act(() =>
      FakeXhr.last[1]!.answer(413, {
        ok: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'ファイルが大きすぎます（上限 500 MB）。',
      }),
    );
    expect(await screen.findByText('ファイルが大きすぎます（上限 500 MB）。')).toBeTruthy();
  });

  it('upload, answered 401 because the access token expired, refreshes the session once and sends the file again with the new token', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    libraryServer([], {
      'POST /api/auth/refresh': [200, { ok: true, accessToken: 'fresh-token', user: adminSession.user }],
    });
    await renderConsole('/ops/characters/c1/videos');
    const input = (await screen.findByText('ファイルを選ぶ…')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['a'], 'late.mp4', { type: 'video/mp4' })] } });
    await vi.waitFor(() => expect(FakeXhr.last).toHaveLength(1));
    act(() => FakeXhr.last[0]!.answer(401, { ok: false, code: 'UNAUTHORIZED', message: 'ログインしてください。' }));
    await vi.waitFor(() => expect(FakeXhr.last).toHaveLength(2));
    expect(FakeXhr.last[1]!.headers.authorization).toBe('Bearer fresh-token');
    act(() => FakeXhr.last[1]!.answer(201, { ok: true, video: entry('late') }));
    expect(await screen.findByText('完了', { exact: false })).toBeTruthy();
  });

  it('delete, refused with 409 because blocks use the clip, lists the references with links to the blocks', async () => {
    libraryServer([entry('greet')], {
      [`DELETE ${API}/characters/c1/video/greet`]: [
        409,
        {
          ok: false,
          code: 'VIDEO_REFERENCED',
          message: 'この動画は使われているため削除できません（2 か所）。先に参照を外してください。',
          references: [
            { kind: 'block', block_id: 'b1', field: 'trigger_video_id' },
            { kind: 'setting', field: 'standby_video_id' },
          ],
        },
      ],
    });
    await renderConsole('/ops/characters/c1/videos');
    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    fireEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByText(/この動画は使われているため削除できません/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ブロック b1（trigger_video_id）' }).getAttribute('href')).toBe(
      '/ops/characters/c1/blocks?block=b1',
    );
    expect(screen.getByRole('link', { name: '初期設定（standby_video_id）' })).toBeTruthy();
  });

  it('edit form, a title without .mp4, is refused by the proto schema; a valid edit is sent as a PUT', async () => {
    const server = libraryServer([entry('greet')], {
      [`PUT ${API}/characters/c1/videos/greet`]: [200, { ok: true, video: entry('greet', { loop: true }) }],
    });
    await renderConsole('/ops/characters/c1/videos');
    fireEvent.click(await screen.findByRole('button', { name: '編集' }));
    fireEvent.change(screen.getByLabelText('タイトル（.mp4）'), { target: { value: 'greet' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('形式が正しくありません（説明の書式で入力してください）。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('タイトル（.mp4）'), { target: { value: 'greet2.mp4' } });
    fireEvent.click(screen.getByLabelText('ループ再生'));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        title: 'greet2.mp4',
        loop: true,
        loop_count: 0,
        mic_on_millisecond: null,
      }),
    );
  });

  it('VTT files, two chosen, each saved to the clip its name names and listed with its outcome; a name that is no clip is refused', async () => {
    const server = libraryServer([entry('greet'), entry('bye')], {
      [`PUT ${API}/characters/c1/subtitles/en-US/greet`]: [
        200,
        { ok: true, language: 'en-US', title: 'greet', url: '/files/x.vtt', cues: 2 },
      ],
      [`PUT ${API}/characters/c1/subtitles/ja-JP/bye`]: [
        400,
        { ok: false, code: 'VALIDATION_FAILED', message: '1 行目は「WEBVTT」で始めてください。' },
      ],
    });
    await renderConsole('/ops/characters/c1/videos');
    const input = (await screen.findByText('VTT ファイルを選ぶ…')).querySelector('input')!;
    const files = [
      new File(['WEBVTT\n'], 'greet.en-US.vtt'),
      new File(['oops'], 'bye.vtt'),
      new File(['WEBVTT\n'], 'hello.ja-JP.vtt'),
    ];

    fireEvent.change(input, { target: { files } });

    expect(await screen.findByText('greet.mp4（en-US）に登録しました（2 件の字幕）。')).toBeTruthy();
    expect(await screen.findByText('bye.mp4（ja-JP）: 1 行目は「WEBVTT」で始めてください。')).toBeTruthy();
    expect(
      await screen.findByText(
        'タイトル「hello.mp4」の動画がありません。ファイル名を動画のタイトルに合わせてください。',
      ),
    ).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      [`${API}/characters/c1/subtitles/en-US/greet`, 'WEBVTT\n'],
      [`${API}/characters/c1/subtitles/ja-JP/bye`, 'oops'],
    ]);
  });

  it('continuity, a report against an earlier standby clip, is marked out of date; すべて再チェック runs the check and tells the outcome', async () => {
    const old = {
      checked_at: '2026-01-01T00:00:00.000Z',
      standby_video_id: 'old',
      first_frame_distance: 0.01,
      last_frame_distance: 0.01,
      warnings: [],
    };
    const server = libraryServer([entry('greet', { continuity: old })], {
      [`POST ${API}/characters/c1/continuity`]: [
        200,
        {
          ok: true,
          videos: [
            {
              video_id: 'greet',
              continuity: {
                ...old,
                standby_video_id: 'standby',
                warnings: ['最初のフレームの色が待機動画と大きく異なります'],
              },
            },
          ],
        },
      ],
    });
    await renderConsole('/ops/characters/c1/videos');
    const row = (await screen.findByText('greet.mp4')).closest('tr')!;
    expect(within(row).getByText('つながり要再チェック')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'すべて再チェック' }));

    expect(await screen.findByText('1 本のクリップを再チェックしました（注意 1 本）。')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST' && c.url === `${API}/characters/c1/continuity`)).toBe(true);
  });
});
