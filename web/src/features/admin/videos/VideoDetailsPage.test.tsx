import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  API,
  adminCharacter,
  renderConsole,
  scriptedServer,
  setting,
  videoEntry as entry,
} from '../characters/testing.tsx';

const continuity = {
  checked_at: '2026-01-01T00:00:00.000Z',
  standby_video_id: 'standby',
  first_frame_distance: 0.42,
  last_frame_distance: 0.05,
  warnings: ['最初のフレームで姿勢が違います。'],
};

function detailsServer(extra: Parameters<typeof scriptedServer>[0] = {}, report: unknown = continuity) {
  const video = entry('greet');
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [
      200,
      { ok: true, character: adminCharacter({ setting: setting('c1', { standby_video_id: 'standby' }) }) },
    ],
    [`GET ${API}/characters/details/greet`]: [
      200,
      {
        ok: true,
        video,
        media_info: video.media_info,
        continuity: report,
        used_by: [{ kind: 'block', block_id: 'b1', field: 'trigger_video_id' }],
      },
    ],
    [`GET ${API}/characters/c1/subtitles/ja-JP/greet`]: [200, 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nこんにちは\n'],
    ...extra,
  });
}

describe('VideoDetailsPage', () => {
  it('details page, shows media info, the continuity distances and warning, and the block that uses the clip', async () => {
    detailsServer();
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    expect(await screen.findByText('h264 / aac')).toBeTruthy();
    expect(screen.getByText('0.420')).toBeTruthy();
    expect(screen.getByText('最初のフレームで姿勢が違います。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ブロック b1（trigger_video_id）' }).getAttribute('href')).toBe(
      '/ops/characters/c1/blocks?block=b1',
    );
  });

  it('details page, the standby clip the continuity was compared with, is named by its title with the id on hover', async () => {
    const standby = entry('9f1c2d3e', { title: '待機ループ.mp4' });
    detailsServer(
      { [`GET ${API}/characters/c1/videos`]: [200, { ok: true, videos: [standby] }] },
      {
        ...continuity,
        standby_video_id: '9f1c2d3e',
      },
    );

    await renderConsole('/ops/characters/details/greet?character_id=c1');

    const name = await screen.findByText('待機ループ.mp4');
    expect(name.getAttribute('title')).toBe('9f1c2d3e');
  });

  it('details page without ?character_id=, says the character is missing and calls nothing', async () => {
    const server = detailsServer();
    await renderConsole('/ops/characters/details/greet');
    expect(await screen.findByText('キャラクターが指定されていません（?character_id= が必要です）。')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("subtitle editor, loads the Japanese WebVTT, and shows the server's line-numbered error when a save is refused", async () => {
    const server = detailsServer({
      [`PUT ${API}/characters/c1/subtitles/ja-JP/greet`]: [
        400,
        {
          ok: false,
          code: 'SUBTITLE_INVALID',
          field: 'body',
          message: '3 行目: タイムスタンプの形式が正しくありません。',
        },
      ],
    });
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    const editor = (await screen.findByLabelText('ja-JP/greet.vtt')) as HTMLTextAreaElement;
    await vi.waitFor(() => expect(editor.value).toContain('こんにちは'));
    fireEvent.change(editor, { target: { value: 'WEBVTT\n\n00:00 -> oops\n' } });
    fireEvent.click(screen.getByRole('button', { name: '字幕を保存する' }));
    expect(await screen.findByText('3 行目: タイムスタンプの形式が正しくありません。')).toBeTruthy();
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.headers.get('content-type')).toBe('text/vtt');
  });

  it('subtitle editor, a language without a file, starts from an empty WebVTT template', async () => {
    detailsServer({
      [`GET ${API}/characters/c1/subtitles/en-US/greet`]: [
        404,
        { ok: false, code: 'NOT_FOUND', message: 'ありません' },
      ],
    });
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    fireEvent.change(await screen.findByLabelText('言語'), { target: { value: 'en-US' } });
    expect(await screen.findByText('en-US の字幕はまだありません。保存すると作成されます。')).toBeTruthy();
    expect((screen.getByLabelText('en-US/greet.vtt') as HTMLTextAreaElement).value.startsWith('WEBVTT')).toBe(true);
  });

  it('translate into a draft, a language the clip has no file in, fills the editor from the Japanese cues without saving', async () => {
    const server = detailsServer({
      [`GET ${API}/characters/c1/subtitles/en-US/greet`]: [
        404,
        { ok: false, code: 'NOT_FOUND', message: 'ありません' },
      ],
      [`POST ${API}/translate`]: (call) => [
        200,
        { ok: true, text: 'Hello', target: (call.body as { target: string }).target, available: true },
      ],
    });
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    fireEvent.change(await screen.findByLabelText('言語'), { target: { value: 'en-US' } });

    fireEvent.click(await screen.findByRole('button', { name: '翻訳して下書き' }));

    const editor = screen.getByLabelText('en-US/greet.vtt') as HTMLTextAreaElement;
    await vi.waitFor(() => expect(editor.value).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n'));
    expect(server.calls.find((c) => c.url === `${API}/translate`)?.body).toEqual({
      text: 'こんにちは',
      target: 'en-US',
    });
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByText('ja-JP の字幕を翻訳して下書きにしました。確認してから保存してください。')).toBeTruthy();
  });

  it('translate into a draft, then saved, says saved and no longer that the draft awaits a check', async () => {
    detailsServer({
      [`GET ${API}/characters/c1/subtitles/en-US/greet`]: [
        404,
        { ok: false, code: 'NOT_FOUND', message: 'ありません' },
      ],
      [`POST ${API}/translate`]: [200, { ok: true, text: 'Hello', target: 'en-US', available: true }],
      [`PUT ${API}/characters/c1/subtitles/en-US/greet`]: [200, { ok: true, cues: 1 }],
    });
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    fireEvent.change(await screen.findByLabelText('言語'), { target: { value: 'en-US' } });
    fireEvent.click(await screen.findByRole('button', { name: '翻訳して下書き' }));
    const translated = 'ja-JP の字幕を翻訳して下書きにしました。確認してから保存してください。';
    await screen.findByText(translated);

    fireEvent.click(screen.getByRole('button', { name: '字幕を保存する' }));

    expect(await screen.findByText('保存しました（1 件の字幕）。')).toBeTruthy();
    expect(screen.queryByText(translated)).toBeNull();
  });

  it('continuity, a report made before the standby clip was chosen, gives no all-clear and says it compared with no standby', async () => {
    detailsServer(
      {},
      { ...continuity, standby_video_id: null, first_frame_distance: null, last_frame_distance: null, warnings: [] },
    );
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    expect(
      await screen.findByText(
        'この結果は前の待機動画と比べたものです。「すべて再チェック」で今の待機動画と比べてください。',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('切り替えても目立たない見込みです。')).toBeNull();
  });
});
