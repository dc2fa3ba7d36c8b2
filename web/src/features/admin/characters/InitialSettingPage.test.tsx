import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, renderConsole, scriptedServer, setting } from './testing.tsx';

const video = (id: string, title: string) => ({
  id,
  character_id: 'c1',
  path: `videos/${title}`,
  original_id: null,
  title,
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
});

function settingServer(characterOver: Record<string, unknown> = {}, extra: Parameters<typeof scriptedServer>[0] = {}) {
  const character = adminCharacter({ setting: setting('c1', { spj_api_key: '*****xyz' }), ...characterOver });
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [200, { ok: true, character }],
    [`GET ${API}/characters/c1/all`]: [
      200,
      {
        ok: true,
        faults: [],
        character: {
          ...character,
          setting: character.setting,
          videos: [video('v1', 'standby.mp4'), video('v2', 'greet.mp4')],
          blocks: [{ id: 'b1', title: 'あいさつ' }],
          ...character.draft,
        },
      },
    ],
    [`PUT ${API}/characters/c1`]: (call) => [200, { ok: true, character: { ...character, ...(call.body as object) } }],
    ...extra,
  });
}

const puts = (server: ReturnType<typeof scriptedServer>) =>
  server.calls
    .filter((c) => c.method === 'PUT')
    .map((c) => c.body as { setting?: Record<string, unknown>; draft?: Record<string, unknown> });

describe('InitialSettingPage', () => {
  it('setting form, shows Japanese labels with the schema defaults and the stored key only masked', async () => {
    settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    expect(await screen.findByLabelText('ブラウザの音声認識を使う')).toBeTruthy();
    expect(screen.getAllByText('既定: オン').length).toBeGreaterThanOrEqual(5);
    const key = screen.getByLabelText('SPJ の API キー') as HTMLInputElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('*****xyz');
    expect(key.type).toBe('password');
  });

  it('standby clip picker, clips with ids in another order, lists them by title with the id after it', async () => {
    settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    const picker = (await screen.findByLabelText('待機動画')) as HTMLSelectElement;
    const labels = [...picker.options].map((o) => o.textContent).filter((label) => label?.includes('.mp4'));
    expect(labels).toEqual(['greet.mp4（v2）', 'standby.mp4（v1）']);
  });

  it('setting form, a standby clip picked and the key left empty, sends the clip id and no key at all', async () => {
    const server = settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    fireEvent.change(await screen.findByLabelText('待機動画'), { target: { value: 'v1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await vi.waitFor(() => expect(puts(server)).toHaveLength(1));
    const sent = puts(server)[0]!.setting!;
    expect(sent.standby_video_id).toBe('v1');
    expect('spj_api_key' in sent).toBe(false);
    expect('google_key' in sent).toBe(false);
    expect('character_id' in sent).toBe(false);
  });

  it('setting form, a new key typed, sends it; 「削除」 sends an empty key to clear the stored one', async () => {
    const server = settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    fireEvent.change(await screen.findByLabelText('SPJ の API キー'), { target: { value: 'new-secret-key' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await vi.waitFor(() => expect(puts(server)[0]?.setting?.spj_api_key).toBe('new-secret-key'));
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    await vi.waitFor(() => expect(puts(server)[1]).toEqual({ setting: { spj_api_key: '' } }));
  });

  it('setting form, a negative hit-word delay, is refused by the schema beside the field without a call', async () => {
    const server = settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    fireEvent.change(await screen.findByLabelText('ヒットワード後の待ち時間（ミリ秒）'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('0 以上の値を入力してください。')).toBeTruthy();
    expect(puts(server)).toEqual([]);
  });

  it('lists editor, a start button added with a title and block, sends only the start buttons list', async () => {
    const server = settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    fireEvent.click(await screen.findByRole('button', { name: 'スタートボタンを追加' }));
    fireEvent.change(screen.getByLabelText('スタートボタン 1 行目 表示名'), { target: { value: 'はじめる' } });
    fireEvent.change(screen.getByLabelText('スタートボタン 1 行目 最初のブロック'), { target: { value: 'b1' } });
    fireEvent.click(screen.getByRole('button', { name: 'リストを保存する' }));
    await vi.waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(puts(server)[0]).toEqual({
      draft: { startButtons: [{ id: 'start-1', character_id: 'c1', title: 'はじめる', block_id: 'b1' }] },
    });
  });

  it("lists editor, a start button without a title, names the row's problem and sends nothing", async () => {
    const server = settingServer();
    await renderConsole('/ops/characters/c1/initialSetting');
    fireEvent.click(await screen.findByRole('button', { name: 'スタートボタンを追加' }));
    fireEvent.change(screen.getByLabelText('スタートボタン 1 行目 最初のブロック'), { target: { value: 'b1' } });
    fireEvent.click(screen.getByRole('button', { name: 'リストを保存する' }));
    expect(await screen.findByText('/startButtons/0/title')).toBeTruthy();
    expect(puts(server)).toEqual([]);
  });
});

describe('InitialSettingPage, unsaved edits', () => {
  it('setting form, a standby clip picked but not saved and another tab clicked, asks and stays when declined', async () => {
    settingServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/characters/c1/initialSetting');
    fireEvent.change(await screen.findByLabelText('待機動画'), { target: { value: 'v1' } });

    fireEvent.click(screen.getByRole('link', { name: '基本情報' }));

    expect(confirm).toHaveBeenCalledWith('保存していない変更があります。移動すると変更は失われます。移動しますか？');
    expect(screen.getByLabelText('待機動画')).toBeTruthy();
    confirm.mockRestore();
  });

  it('setting form, nothing changed, leaves for another tab without asking', async () => {
    settingServer();
    const confirm = vi.spyOn(window, 'confirm');
    await renderConsole('/ops/characters/c1/initialSetting');
    await screen.findByLabelText('待機動画');

    fireEvent.click(screen.getByRole('link', { name: '基本情報' }));

    expect(await screen.findByText('基本情報', { selector: 'h2' })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});
