import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, listItem, renderConsole } from '../characters/testing.tsx';
import { FakeWebSocket, fakeWebSockets, logEntry, logsServer } from './testing.ts';

const FILTER = `POST ${API}/logs/filter`;
const CHARACTERS = {
  [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem()], total: 1, page: 1, per_page: 20 }] as [
    number,
    unknown,
  ],
};
const reply = (logs: unknown[], total = logs.length, page = 1) =>
  [200, { ok: true, total, page, limit: 50, logs }] as [number, unknown];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LogsPage results', () => {
  it('logs page, opened, posts the first page and shows each entry in Japan time (saying JST) with its type, a user link and details that open on demand', async () => {
    const entry = logEntry({
      type: 'error',
      user_id: 'u-42',
      message: 'マイクが許可されていません。',
      extra: { device: { os: 'iOS' } },
      source: 'client',
    });
    const server = logsServer({ ...CHARACTERS, [FILTER]: reply([entry]) });

    await renderConsole('/ops/logs');

    const row = within((await screen.findByText('マイクが許可されていません。')).closest('tr')!);
    expect(server.bodiesOf(`${API}/logs/filter`)[0]).toEqual({ page: 1, limit: 50 });
    expect(row.getByText('2026/03/01 10:00:05')).toBeTruthy();
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
    expect(row.getByText('エラー')).toBeTruthy();
    expect(row.getByRole('link', { name: 'u-42' }).getAttribute('href')).toBe('/ops/full/users/u-42');
    expect(screen.queryByLabelText('追加情報')).toBeNull();
    fireEvent.click(row.getByRole('button', { name: '表示' }));
    expect(screen.getByLabelText('追加情報').textContent).toContain('"os": "iOS"');
    expect(within(screen.getByLabelText('追加情報').closest('tr')!).getByText('クライアント')).toBeTruthy();
    expect(row.getByRole('button', { name: '閉じる' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('1 件')).toBeTruthy();
  });

  it('logs page, 120 matching entries, pages by 50 and asks for page 2 with the same filter', async () => {
    const server = logsServer({
      ...CHARACTERS,
      [FILTER]: (call) =>
        reply(
          [logEntry({ message: `page ${(call.body as { page: number }).page}` })],
          120,
          (call.body as { page: number }).page,
        ),
    });
    const { router } = await renderConsole('/ops/logs?types=error');
    expect(await screen.findByText('1 / 3 ページ（全 120 件）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '次へ' }));

    expect(await screen.findByText('page 2')).toBeTruthy();
    expect(server.bodiesOf(`${API}/logs/filter`).at(-1)).toEqual({ types: ['error'], page: 2, limit: 50 });
    expect(router.state.location.search).toBe('?types=error&page=2');
    expect(screen.getByText('2 / 3 ページ（全 120 件）')).toBeTruthy();
  });

  it('logs page, nothing stored, says there are no logs yet', async () => {
    logsServer({ ...CHARACTERS, [FILTER]: reply([]) });
    await renderConsole('/ops/logs');
    expect(await screen.findByText('ログはまだありません。')).toBeTruthy();
  });

  it('logs page, refused by the server, shows its Japanese message', async () => {
    logsServer({
      ...CHARACTERS,
      [FILTER]: [403, { ok: false, code: 'FORBIDDEN', error: 'Forbidden', message: '管理者のみ利用できます。' }],
    });
    await renderConsole('/ops/logs');
    expect((await screen.findByRole('alert')).textContent).toBe('管理者のみ利用できます。');
  });
});

describe('LogsPage filter', () => {
  it('filter form, every criterion set and searched, posts exactly those fields and puts them in the address', async () => {
    const server = logsServer({ ...CHARACTERS, [FILTER]: reply([]) });
    const { router } = await renderConsole('/ops/logs');
    await screen.findByText('ログはまだありません。');

    fireEvent.click(screen.getByLabelText('再生'));
    fireEvent.click(screen.getByLabelText('エラー'));
    fireEvent.change(screen.getByLabelText('ユーザー'), { target: { value: ' u-9 ' } });
    fireEvent.change(await screen.findByLabelText('キャラクター'), { target: { value: 'mirai' } });
    fireEvent.change(screen.getByLabelText('記録元'), { target: { value: 'audit' } });
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-03-07' } });
    fireEvent.change(screen.getByLabelText('内容に含む文字'), { target: { value: 'マイク' } });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));

    await vi.waitFor(() => expect(server.bodiesOf(`${API}/logs/filter`)).toHaveLength(2));
    expect(server.bodiesOf(`${API}/logs/filter`)[1]).toEqual({
      types: ['error', 'play'],
      user_id: 'u-9',
      character_id: 'mirai',
      from: '2026-03-01',
      to: '2026-03-07',
      text: 'マイク',
      source: 'audit',
      page: 1,
      limit: 50,
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      types: 'error,play',
      user_id: 'u-9',
      character_id: 'mirai',
      from: '2026-03-01',
      to: '2026-03-07',
      text: 'マイク',
      source: 'audit',
    });
    expect(await screen.findByText('条件に合うログはありません。')).toBeTruthy();
  });

  it('logs page, a shared address with an unknown type, a bad date and a stray field, sends only what the contract accepts and shows it in the form', async () => {
    const server = logsServer({ ...CHARACTERS, [FILTER]: reply([]) });

    await renderConsole('/ops/logs?types=error,bogus&user_id=u-1&from=yesterday&evil=1&source=nobody');

    await vi.waitFor(() =>
      expect(server.bodiesOf(`${API}/logs/filter`)[0]).toEqual({
        types: ['error'],
        user_id: 'u-1',
        page: 1,
        limit: 50,
      }),
    );
    expect((screen.getByLabelText('エラー') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('再生') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('ユーザー') as HTMLInputElement).value).toBe('u-1');
  });

  it('filter form, cleared, posts an empty filter and empties the address', async () => {
    const server = logsServer({ ...CHARACTERS, [FILTER]: reply([]) });
    const { router } = await renderConsole('/ops/logs?types=error&user_id=u-1');
    await screen.findByText('条件に合うログはありません。');

    fireEvent.click(screen.getByRole('button', { name: '条件をクリア' }));

    await vi.waitFor(() => expect(server.bodiesOf(`${API}/logs/filter`).at(-1)).toEqual({ page: 1, limit: 50 }));
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('ユーザー') as HTMLInputElement).value).toBe('');
  });
});

describe('LogsPage export', () => {
  it('CSV export, nothing matches (204), says so and downloads nothing', async () => {
    const saved = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: () => undefined }));
    const server = logsServer({ ...CHARACTERS, [FILTER]: reply([]), [`GET ${API}/logs/export`]: [204, null] });
    await renderConsole('/ops/logs?types=error,play&user_id=u-1');

    fireEvent.click(await screen.findByRole('button', { name: 'CSV出力' }));

    expect((await screen.findByText('出力するログがありません。')).getAttribute('role')).toBe('status');
    expect(saved).not.toHaveBeenCalled();
    expect(server.calls.find((c) => c.url === `${API}/logs/export`)?.search.toString()).toBe(
      'types=error%2Cplay&user_id=u-1',
    );
  });

  it('CSV export, answered with a file, saves it under the name of Content-Disposition with the bytes as sent', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const csv = '\uFEFF時間,種類,ユーザーID,キャラクターID,内容,詳細\r\n';
    logsServer({
      ...CHARACTERS,
      [FILTER]: reply([]),
      [`GET ${API}/logs/export`]: [
        200,
        csv,
        {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="logs_20260307.csv"',
        },
      ],
    });
    await renderConsole('/ops/logs');

    fireEvent.click(await screen.findByRole('button', { name: 'CSV出力' }));

    expect(await screen.findByText('logs_20260307.csv を保存しました。')).toBeTruthy();
    expect(clicked).toEqual(['logs_20260307.csv']);
    expect(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});

describe('LogsPage live view', () => {
  it('live view, turned on, starts the tail with the token and filter, shows its state and prepends arriving entries', async () => {
    const sockets = fakeWebSockets();
    logsServer({ ...CHARACTERS, [FILTER]: reply([]) });
    await renderConsole('/ops/logs?types=error&text=mic');
    await screen.findByText('条件に合うログはありません。');

    fireEvent.click(screen.getByRole('button', { name: 'ライブ表示' }));
    const socket = sockets[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/api/ops/logs/tail`);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'start', token: 'admin-token', filter: { types: ['error'] } }]);
    expect(screen.getByText('接続中…')).toBeTruthy();
    act(() => socket.receive({ type: 'started' }));
    expect(screen.getByText('受信中')).toBeTruthy();
    act(() =>
      socket.receive({ type: 'entry', entry: logEntry({ id: 'first', type: 'error', message: '最初のエラー' }) }),
    );
    act(() =>
      socket.receive({ type: 'entry', entry: logEntry({ id: 'second', type: 'error', message: '次のエラー' }) }),
    );
    act(() => socket.receive({ type: 'entry', entry: { id: 'broken' } }));

    const live = within(screen.getByRole('table', { name: 'ライブ表示' }));
    expect(
      live
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('.logs-message')?.textContent),
    ).toEqual(['次のエラー', '最初のエラー']);
  });

  it('live view, more entries than it keeps, shows only the newest 200', async () => {
    const sockets = fakeWebSockets();
    logsServer({ ...CHARACTERS, [FILTER]: reply([]) });
    await renderConsole('/ops/logs');
    await screen.findByText('ログはまだありません。');
    fireEvent.click(screen.getByRole('button', { name: 'ライブ表示' }));
    act(() => sockets[0]!.open());

    act(() => {
      for (let n = 1; n <= 205; n += 1)
        sockets[0]!.receive({ type: 'entry', entry: logEntry({ id: `e${n}`, message: `line ${n}` }) });
    });

    const rows = within(screen.getByRole('table', { name: 'ライブ表示' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(200);
    expect(rows[0]!.querySelector('.logs-message')?.textContent).toBe('line 205');
    expect(rows.at(-1)!.querySelector('.logs-message')?.textContent).toBe('line 6');
  });

  it('live view, turned off or the page left, closes the socket', async () => {
    const sockets = fakeWebSockets();
    logsServer({
      ...CHARACTERS,
      [FILTER]: reply([]),
      [`GET ${API}/users`]: [200, { ok: true, users: [], total: 0, page: 1, pageSize: 20 }],
    });
    const { router } = await renderConsole('/ops/logs');
    await screen.findByText('ログはまだありません。');

    fireEvent.click(screen.getByRole('button', { name: 'ライブ表示' }));
    act(() => sockets[0]!.open());
    fireEvent.click(screen.getByRole('button', { name: 'ライブ表示' }));
    expect(sockets[0]!.readyState).toBe(FakeWebSocket.CLOSED);
    expect(screen.queryByRole('table', { name: 'ライブ表示' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'ライブ表示' }));
    act(() => sockets[1]!.open());
    await act(() => router.navigate('/ops/users'));
    expect(sockets[1]!.readyState).toBe(FakeWebSocket.CLOSED);
    expect(sockets).toHaveLength(2);
  });

  it('live view, refused by the service, shows the refusal and does not reconnect', async () => {
    const sockets = fakeWebSockets();
    logsServer({ ...CHARACTERS, [FILTER]: reply([]) });
    await renderConsole('/ops/logs');
    await screen.findByText('ログはまだありません。');

    fireEvent.click(screen.getByRole('button', { name: 'ライブ表示' }));
    act(() => sockets[0]!.open());
    act(() => sockets[0]!.receive({ type: 'error', code: 'FORBIDDEN', message: '管理者のみ利用できます。' }));

    expect(screen.getByText('接続できませんでした')).toBeTruthy();
    expect(screen.getByText('管理者のみ利用できます。')).toBeTruthy();
    expect(sockets).toHaveLength(1);
  });
});
