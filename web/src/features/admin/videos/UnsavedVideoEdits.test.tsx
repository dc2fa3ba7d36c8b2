import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  adminCharacter,
  renderConsole,
  scriptedServer,
  setting,
  videoEntry as entry,
} from '../characters/testing.tsx';

const STORED_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nこんにちは\n';
const UNSAVED = '保存していない変更があります。移動すると変更は失われます。移動しますか？';

function characterAnswer(): Parameters<typeof scriptedServer>[0] {
  return {
    [`GET ${API}/characters/c1`]: [
      200,
      { ok: true, character: adminCharacter({ setting: setting('c1', { standby_video_id: null }) }) },
    ],
  };
}

function detailsServer() {
  const video = entry('greet', { subtitle_languages: ['ja-JP'] });
  return scriptedServer({
    ...characterAnswer(),
    [`GET ${API}/characters/details/greet`]: [
      200,
      {
        ok: true,
        video,
        media_info: video.media_info,
        continuity: null,
        used_by: [{ kind: 'block', block_id: 'b1', field: 'trigger_video_id' }],
      },
    ],
    [`GET ${API}/characters/c1/subtitles/ja-JP/greet`]: [200, STORED_VTT],
  });
}

async function typedSubtitles() {
  await renderConsole('/ops/characters/details/greet?character_id=c1');
  const text = (await screen.findByLabelText('ja-JP/greet.vtt')) as HTMLTextAreaElement;
  await vi.waitFor(() => expect(text.value).toBe(STORED_VTT));
  fireEvent.change(text, { target: { value: `${STORED_VTT}\n00:00:01.000 --> 00:00:02.000\n書きかけ\n` } });
  return text;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unsaved clip edits', () => {
  it('SubtitleEditor, typed subtitles and a link clicked, asks; staying keeps the page and the text', async () => {
    detailsServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const text = await typedSubtitles();

    fireEvent.click(screen.getByRole('link', { name: 'ブロック b1（trigger_video_id）' }));

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect(screen.getByLabelText('ja-JP/greet.vtt')).toBe(text);
    expect(text.value).toContain('書きかけ');
  });

  it('SubtitleEditor, typed subtitles and another language chosen, asks; staying keeps the language and the text', async () => {
    detailsServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const text = await typedSubtitles();

    fireEvent.change(screen.getByLabelText('言語'), { target: { value: 'en-US' } });

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect((screen.getByLabelText('言語') as HTMLSelectElement).value).toBe('ja-JP');
    expect(text.value).toContain('書きかけ');
  });

  it('SubtitleEditor, the stored subtitles untouched, leaves by a link without asking', async () => {
    detailsServer();
    const confirm = vi.spyOn(window, 'confirm');
    await renderConsole('/ops/characters/details/greet?character_id=c1');
    await vi.waitFor(async () =>
      expect(((await screen.findByLabelText('ja-JP/greet.vtt')) as HTMLTextAreaElement).value).toBe(STORED_VTT),
    );

    fireEvent.click(screen.getByRole('link', { name: 'ブロック b1（trigger_video_id）' }));

    await vi.waitFor(() => expect(screen.queryByLabelText('ja-JP/greet.vtt')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });

  it("VideoEditForm, an edited title and another clip's 編集 pressed, asks; staying keeps the form and the title", async () => {
    scriptedServer({
      ...characterAnswer(),
      [`GET ${API}/characters/c1/videos`]: [200, { ok: true, videos: [entry('greet'), entry('bye')] }],
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/characters/c1/videos');
    const row = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
    await screen.findByText('greet.mp4');
    fireEvent.click(within(row('greet.mp4')).getByRole('button', { name: '編集' }));
    const form = screen.getByRole('form', { name: 'greet.mp4 の編集' });
    fireEvent.change(within(form).getByLabelText('タイトル（.mp4）'), { target: { value: 'hello.mp4' } });

    fireEvent.click(within(row('bye.mp4')).getByRole('button', { name: '編集' }));

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect((within(form).getByLabelText('タイトル（.mp4）') as HTMLInputElement).value).toBe('hello.mp4');
    expect(screen.queryByRole('form', { name: 'bye.mp4 の編集' })).toBeNull();
  });

  it('VideoEditForm, an edited title, asks the browser before the tab is closed', async () => {
    scriptedServer({
      ...characterAnswer(),
      [`GET ${API}/characters/c1/videos`]: [200, { ok: true, videos: [entry('greet')] }],
    });
    await renderConsole('/ops/characters/c1/videos');
    fireEvent.click(
      within((await screen.findByText('greet.mp4')).closest('tr')!).getByRole('button', { name: '編集' }),
    );
    fireEvent.change(screen.getByLabelText('タイトル（.mp4）'), { target: { value: 'hello.mp4' } });
    const unload = new Event('beforeunload', { cancelable: true });

    window.dispatchEvent(unload);

    expect(unload.defaultPrevented).toBe(true);
  });
});
