import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import SerialPage from './SerialPage.tsx';
import { RATE_LIMIT_TEXT, aUser, anUnlock, engagementServer, holdAnswers, refusal, signedInAs } from './testing.tsx';

const routes = [
  { path: '/serial', element: <SerialPage /> },
  { path: '/full/select_chat', element: <p>select chat</p> },
];

const codeInput = () => screen.getByLabelText('シリアルコード') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登録する' }));

describe('SerialPage', () => {
  it('SerialPage, a good code, redeems it for the caller and shows what it unlocked with a link to play', async () => {
    const unlock = anUnlock({ character_id: 'yui', tickets: 3 });
    let redeemed = false;
    const server = engagementServer({
      'GET serial/unlocks': () => [200, { ok: true, unlocks: redeemed ? [unlock] : [] }],
      'POST serial/check': () => {
        redeemed = true;
        return [200, { ok: true, message: 'シリアルコードを登録しました。', unlock }];
      },
    });
    await renderRoutes(routes, { path: '/serial', state: signedInAs(aUser()) });
    expect(await screen.findByText('まだ登録したシリアルコードはありません。')).toBeTruthy();

    fireEvent.change(codeInput(), { target: { value: 'tw01-abcd efgh' } });
    expect(codeInput().value).toBe('TW01-ABCD EFGH');
    submit();

    const done = await screen.findByText('シリアルコードを登録しました。');
    const notice = done.closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByText('キャラクター「yui」の特典ストーリー')).toBeTruthy();
    expect(within(notice).getByText('トークチケット 3枚を付与しました')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'さっそく話してみる' }).getAttribute('href')).toBe(
      '/full/select_chat',
    );
    expect(server.calls.find((c) => c.url === '/api/serial/check')?.body).toEqual({ serial_id: 'TW01-ABCD EFGH' });
    const list = await screen.findByRole('list', { name: '登録済みのシリアルコード' });
    expect(within(list).getByText('*************X7Q')).toBeTruthy();
    expect(codeInput().value).toBe('');
  });

  it('SerialPage, a full-width code typed on a Japanese keyboard, is sent half-width', async () => {
    const server = engagementServer({
      'GET serial/unlocks': [200, { ok: true, unlocks: [] }],
      'POST serial/check': refusal(404, 'SERIAL_NOT_FOUND', 'シリアルコードが正しくありません。'),
    });
    await renderRoutes(routes, { path: '/serial', state: signedInAs(aUser()) });

    fireEvent.change(codeInput(), { target: { value: 'ａｂｃｄー１２３４' } });
    submit();

    await screen.findByRole('alert');
    expect(server.calls.find((c) => c.url === '/api/serial/check')?.body).toEqual({ serial_id: 'ABCD-1234' });
  });

  it.each([
    [
      'a wrong code (404)',
      refusal(404, 'SERIAL_NOT_FOUND', 'シリアルコードが正しくありません。'),
      'シリアルコードが正しくありません。',
    ],
    [
      'a used code (409)',
      refusal(409, 'SERIAL_USED', 'このシリアルコードはすでに使用されています。'),
      'このシリアルコードはすでに使用されています。',
    ],
    [
      'a bonus already received (409)',
      refusal(409, 'SERIAL_ALREADY_UNLOCKED', 'この特典はすでに受け取っています。'),
      'この特典はすでに受け取っています。',
    ],
    [
      'an expired code (409)',
      refusal(409, 'SERIAL_EXPIRED', 'このシリアルコードは有効期限が切れています。'),
      'このシリアルコードは有効期限が切れています。',
    ],
    [
      'too many attempts (429)',
      [
        429,
        { ok: false, code: 'RATE_LIMITED', rateLimited: true, message: RATE_LIMIT_TEXT, error: 'Too Many Requests' },
      ] as [number, unknown],
      RATE_LIMIT_TEXT,
    ],
  ])("SerialPage, %s, shows the server's message and keeps the code", async (_situation, answer, text) => {
    engagementServer({ 'GET serial/unlocks': [200, { ok: true, unlocks: [] }], 'POST serial/check': answer });
    await renderRoutes(routes, { path: '/serial', state: signedInAs(aUser()) });

    fireEvent.change(codeInput(), { target: { value: 'WRONG-CODE' } });
    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(codeInput().value).toBe('WRONG-CODE');
    expect(screen.queryByText('シリアルコードを登録しました。')).toBeNull();
  });

  it('SerialPage, while the check runs, disables the button so a code is not sent twice', async () => {
    const server = engagementServer({
      'GET serial/unlocks': [200, { ok: true, unlocks: [] }],
      'POST serial/check': [200, { ok: true, message: 'シリアルコードを登録しました。', unlock: anUnlock() }],
    });
    await renderRoutes(routes, { path: '/serial', state: signedInAs(aUser()) });
    await screen.findByText('まだ登録したシリアルコードはありません。');
    const held = holdAnswers();

    fireEvent.change(codeInput(), { target: { value: 'ABCD-EFGH' } });
    submit();

    const busy = await screen.findByRole('button', { name: '確認しています…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    held.release();
    await screen.findByText('シリアルコードを登録しました。');
    expect(server.calls.filter((c) => c.url === '/api/serial/check')).toHaveLength(1);
  });

  it.each([
    ['nothing', '', 'シリアルコードを入力してください。'],
    ['only separators', ' - ', 'シリアルコードを入力してください。'],
    ['other characters', 'ABCD/EFGH', 'シリアルコードは英数字（ハイフン・スペース可）で入力してください。'],
  ])('SerialPage, %s typed, says why and sends nothing', async (_situation, typed, text) => {
    const server = engagementServer({ 'GET serial/unlocks': [200, { ok: true, unlocks: [] }] });
    await renderRoutes(routes, { path: '/serial', state: signedInAs(aUser()) });

    fireEvent.change(codeInput(), { target: { value: typed } });
    submit();

    expect(await screen.findByText(text)).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(server.calls.some((c) => c.url === '/api/serial/check')).toBe(false));
  });

  it('SerialPage, the unlock list failing, says so and keeps the form usable', async () => {
    engagementServer({ 'GET serial/unlocks': [500, { ok: false }] });
    await renderRoutes(routes, { path: '/serial', state: signedInAs(aUser()) });

    expect((await screen.findByRole('alert')).textContent).toBe(
      '読み込めませんでした。時間をおいて再度お試しください。',
    );
    expect((screen.getByRole('button', { name: '登録する' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
