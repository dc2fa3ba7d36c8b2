import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { notification, paged, searchesOf } from './testing.ts';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const formCard = () =>
  within(screen.getByRole('button', { name: /作成する|保存する/ }).closest('.card') as HTMLElement);

describe('NotificationsPage', () => {
  it('notifications, answered with a list, show state badges, audience and read counts; admin-written ones are asked for', async () => {
    const live = notification({ title: 'メンテナンス', read_count: 1234, is_news: true });
    const scheduled = notification({ title: '新キャラクター', state: 'scheduled', target: { user_id: 'u-3' } });
    scriptedServer({ [`GET ${API}/notifications`]: paged('notifications', [live, scheduled]) });

    await renderConsole('/ops/notifications');

    const row = within((await screen.findByText('メンテナンス')).closest('tr')!);
    expect(row.getByText('公開中')).toBeTruthy();
    expect(row.getByText('1,234')).toBeTruthy();
    expect(row.getByText('ニュース')).toBeTruthy();
    const other = within(screen.getByText('新キャラクター').closest('tr')!);
    expect(other.getByText('公開予定')).toBeTruthy();
    expect(other.getByRole('link', { name: 'u-3' }).getAttribute('href')).toBe('/ops/full/users/u-3');
    expect(searchesOf(`${API}/notifications`)[0]!.toString()).toBe('page=1&kind=admin');
  });

  it('notifications, filters chosen, are sent as query parameters; none found says so', async () => {
    scriptedServer({ [`GET ${API}/notifications`]: paged('notifications', []) });
    await renderConsole('/ops/notifications');
    await screen.findByText('該当するお知らせはありません。');

    fill('公開', 'false');
    fill('種類', 'any');
    fill('タイトルで検索', 'メンテ');
    fill('ユーザーID', 'u-9');

    await vi.waitFor(() =>
      expect(searchesOf(`${API}/notifications`).at(-1)?.toString()).toBe(
        'page=1&kind=any&active=false&user_id=u-9&q=%E3%83%A1%E3%83%B3%E3%83%86',
      ),
    );
  });

  it('notification create, to everyone as news with a window, posts the body with Japan times as UTC', async () => {
    const server = scriptedServer({
      [`GET ${API}/notifications`]: paged('notifications', []),
      [`POST ${API}/notifications/add`]: [201, { ok: true, notification: notification({ title: '春のお知らせ' }) }],
    });
    await renderConsole('/ops/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'お知らせを作成' }));

    const form = formCard();
    fireEvent.change(form.getByLabelText('タイトル'), { target: { value: '春のお知らせ' } });
    fireEvent.change(form.getByLabelText('本文'), { target: { value: '新しいキャラクターが登場します。' } });
    fireEvent.change(form.getByLabelText('公開開始'), { target: { value: '2026-04-01T10:00' } });
    fireEvent.change(form.getByLabelText('公開終了'), { target: { value: '2026-04-30T23:59' } });
    fireEvent.click(form.getByLabelText('ニュースにも載せる'));
    fireEvent.click(form.getByRole('button', { name: '作成する' }));

    expect(await screen.findByText('「春のお知らせ」を保存しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '春のお知らせ',
      body: '新しいキャラクターが登場します。',
      active: true,
      is_news: true,
      publish_from: '2026-04-01T01:00:00.000Z',
      publish_until: '2026-04-30T14:59:00.000Z',
      target: 'all',
    });
  });

  it('notification create, to one user, never sends news and needs the user id first', async () => {
    const server = scriptedServer({
      [`GET ${API}/notifications`]: paged('notifications', []),
      [`POST ${API}/notifications/add`]: [201, { ok: true, notification: notification() }],
    });
    await renderConsole('/ops/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'お知らせを作成' }));
    const form = formCard();
    fireEvent.change(form.getByLabelText('タイトル'), { target: { value: 'お詫び' } });
    fireEvent.change(form.getByLabelText('本文'), { target: { value: 'ご不便をおかけしました。' } });
    fireEvent.click(form.getByLabelText('ニュースにも載せる'));
    fireEvent.change(form.getByLabelText('対象'), { target: { value: 'user' } });
    expect(form.queryByLabelText('ニュースにも載せる')).toBeNull();

    fireEvent.click(form.getByRole('button', { name: '作成する' }));
    expect((await form.findByRole('alert')).textContent).toBe('対象のユーザーIDを入力してください。');
    fireEvent.change(form.getByLabelText('ユーザーID'), { target: { value: 'u-42' } });
    fireEvent.click(form.getByRole('button', { name: '作成する' }));

    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      is_news: false,
      target: { user_id: 'u-42' },
      publish_from: null,
      publish_until: null,
    });
  });

  it('notification edit, refused by the server, shows its message in the form; the edit puts the prefilled fields', async () => {
    const existing = notification({ title: '古いタイトル', publish_from: '2026-03-01T01:00:00.000Z' });
    const server = scriptedServer({
      [`GET ${API}/notifications`]: paged('notifications', [existing]),
      [`PUT ${API}/notifications/edit/${existing.id}`]: [
        400,
        { ok: false, code: 'VALIDATION_FAILED', message: '公開終了は公開開始より後にしてください。' },
      ],
    });
    await renderConsole('/ops/notifications');

    fireEvent.click(await screen.findByRole('button', { name: '「古いタイトル」を編集' }));
    const form = formCard();
    expect((form.getByLabelText('公開開始') as HTMLInputElement).value).toBe('2026-03-01T10:00');
    fireEvent.change(form.getByLabelText('タイトル'), { target: { value: '新しいタイトル' } });
    fireEvent.click(form.getByRole('button', { name: '保存する' }));

    expect((await form.findByRole('alert')).textContent).toBe('公開終了は公開開始より後にしてください。');
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: '新しいタイトル',
      body: existing.body,
      active: true,
      is_news: false,
      publish_from: '2026-03-01T01:00:00.000Z',
      publish_until: null,
      target: 'all',
    });
  });

  it('notification toggle, on a live one, posts active false for it', async () => {
    const live = notification({ title: '公開中のお知らせ' });
    const server = scriptedServer({
      [`GET ${API}/notifications`]: paged('notifications', [live]),
      [`POST ${API}/notifications/active/${live.id}`]: [
        200,
        { ok: true, notification: { ...live, active: false, state: 'inactive' } },
      ],
    });
    await renderConsole('/ops/notifications');

    fireEvent.click(await screen.findByRole('button', { name: '「公開中のお知らせ」を非公開にする' }));

    await vi.waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ active: false }));
  });

  it('notification delete, confirmed, deletes it; cancelled, sends nothing', async () => {
    const doomed = notification({ title: '古いお知らせ', read_count: 5 });
    const server = scriptedServer({
      [`GET ${API}/notifications`]: paged('notifications', [doomed]),
      [`DELETE ${API}/notifications/delete/${doomed.id}`]: [200, { ok: true }],
    });
    await renderConsole('/ops/notifications');

    fireEvent.click(await screen.findByRole('button', { name: '「古いお知らせ」を削除' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'キャンセル' }));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '「古いお知らせ」を削除' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('「古いお知らせ」を削除します。既読の記録（5 件）も消え、元に戻せません。')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '削除' }));

    expect(await screen.findByText('「古いお知らせ」を削除しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
