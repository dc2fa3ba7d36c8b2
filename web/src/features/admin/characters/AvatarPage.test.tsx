import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, renderConsole, scriptedServer } from './testing.tsx';

/** A stand-in XMLHttpRequest: records the request and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  url = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  FakeXhr.last = null;
  vi.unstubAllGlobals();
});

function avatarPage() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
  scriptedServer({ [`GET ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter() }] });
  return renderConsole('/ops/characters/c1/avatar');
}

describe('AvatarPage', () => {
  it('avatar upload, accepted, shows a progress bar while sending and then every rendition width', async () => {
    await avatarPage();
    const input = (await screen.findByText('画像を選んでアップロード…')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'face.png', { type: 'image/png' })] } });
    await vi.waitFor(() => expect(FakeXhr.last?.url).toBe('/api/ops/characters/c1/avatar_upload'));
    act(() => FakeXhr.last!.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }));
    expect((screen.getByLabelText('アバターの送信状況') as HTMLProgressElement).value).toBe(50);
    act(() =>
      FakeXhr.last!.answer(200, {
        ok: true,
        avatar_url: '/files/c1/avatar/384.webp',
        renditions: [
          { width: 16, url: '/files/a16.webp' },
          { width: 384, url: '/files/a384.webp' },
        ],
      }),
    );
    expect(await screen.findByText('アバターを更新しました。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '384w' }).getAttribute('href')).toBe('/files/a384.webp');
    expect(screen.getByAltText('現在のアバター').getAttribute('src')).toBe('/files/c1/avatar/384.webp');
  });

  it("avatar upload, refused as not an image, shows the server's message", async () => {
    await avatarPage();
    const input = (await screen.findByText('画像を選んでアップロード…')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'virus.png', { type: 'image/png' })] } });
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() =>
      FakeXhr.last!.answer(415, {
        ok: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: '画像ファイル（PNG / JPEG / WebP）を送ってください。',
      }),
    );
    expect(await screen.findByText('画像ファイル（PNG / JPEG / WebP）を送ってください。')).toBeTruthy();
  });
});

describe('AvatarPage, an upload in flight', () => {
  const unloadPrevented = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('avatar upload, still sending, asks the browser before the tab is closed and no longer once answered', async () => {
    await avatarPage();
    const input = (await screen.findByText('画像を選んでアップロード…')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'face.png', { type: 'image/png' })] } });
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());

    expect(unloadPrevented()).toBe(true);
    act(() => FakeXhr.last!.answer(200, { ok: true, avatar_url: '/files/c1/avatar/384.webp', renditions: [] }));
    await screen.findByText('アバターを更新しました。');
    expect(unloadPrevented()).toBe(false);
  });

  it('avatar upload, still sending, another console page is opened without asking (the upload goes on)', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    await avatarPage();
    const input = (await screen.findByText('画像を選んでアップロード…')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'face.png', { type: 'image/png' })] } });
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());

    fireEvent.click(screen.getByRole('link', { name: '初期設定' }));

    await vi.waitFor(() => expect(screen.queryByText('画像を選んでアップロード…')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});
