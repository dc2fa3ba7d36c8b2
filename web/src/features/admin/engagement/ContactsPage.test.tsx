import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { contact, contactSummary, paged, searchesOf } from './testing.ts';

describe('ContactsPage', () => {
  it('contacts, answered with a list, show the category names of SPEC §9, status badges and a link to each', async () => {
    const billing = contactSummary({ category: 3, status: 'in_progress', email: 'hanako@example.jp' });
    const bug = contactSummary({ category: 2, channel: 'contact_dev', email: 'dev@example.jp' });
    scriptedServer({ [`GET ${API}/contacts`]: paged('contacts', [billing, bug]) });

    await renderConsole('/ops/contacts');

    const link = await screen.findByRole('link', { name: 'hanako@example.jp' });
    expect(link.getAttribute('href')).toBe(`/ops/contacts/${billing.id}`);
    const row = within(link.closest('tr')!);
    expect(row.getByText('課金・購入のトラブル')).toBeTruthy();
    expect(row.getByText('対応中')).toBeTruthy();
    const other = within(screen.getByRole('link', { name: 'dev@example.jp' }).closest('tr')!);
    expect(other.getByText('不具合の報告')).toBeTruthy();
    expect(other.getByText('技術的なお問い合わせ')).toBeTruthy();
  });

  it('contacts, filters chosen, are sent as query parameters; none found says so', async () => {
    scriptedServer({ [`GET ${API}/contacts`]: paged('contacts', []) });
    await renderConsole('/ops/contacts');
    expect(await screen.findByText('お問い合わせはまだありません。')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('対応状況'), { target: { value: 'new' } });
    fireEvent.change(screen.getByLabelText('種別'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('フォーム'), { target: { value: 'contact' } });
    fireEvent.change(screen.getByLabelText('メールアドレス・本文で検索'), { target: { value: 'taro' } });

    await vi.waitFor(() =>
      expect(searchesOf(`${API}/contacts`).at(-1)?.toString()).toBe(
        'page=1&status=new&category=4&channel=contact&q=taro',
      ),
    );
    expect(await screen.findByText('該当するお問い合わせはありません。')).toBeTruthy();
  });

  it('contacts, refused by the server, shows its Japanese message', async () => {
    scriptedServer({
      [`GET ${API}/contacts`]: [500, { ok: false, code: 'INTERNAL', message: 'サーバーでエラーが発生しました。' }],
    });

    await renderConsole('/ops/contacts');

    expect((await screen.findByRole('alert')).textContent).toBe('サーバーでエラーが発生しました。');
  });
});

describe('ContactDetailPage', () => {
  it('contact of category 2, with device information and a reply, shows the message, the device table and the thread', async () => {
    const sent = contact({
      category: 2,
      user_id: 'u-12',
      message: '動画が止まります。',
      device: { os: 'iOS', os_version: '17.4', browser_name: 'Safari', is_mobile: true },
      thread: [
        { from: 'customer', body: '動画が止まります。', at: '2026-03-01T01:00:00.000Z' },
        { from: 'admin', body: '再読み込みをお試しください。', at: '2026-03-01T02:00:00.000Z', admin_id: 'admin-1' },
      ],
    });
    scriptedServer({ [`GET ${API}/contacts/${sent.id}`]: [200, { ok: true, contact: sent }] });

    await renderConsole(`/ops/contacts/${sent.id}`);

    expect(await screen.findByRole('heading', { name: '不具合の報告' })).toBeTruthy();
    expect(screen.getAllByText('動画が止まります。')).toHaveLength(1);
    const device = within(screen.getByRole('table', { name: '端末の情報' }));
    expect(
      within(device.getByRole('rowheader', { name: 'OS のバージョン' }).closest('tr')!).getByText('17.4'),
    ).toBeTruthy();
    expect(
      within(device.getByRole('rowheader', { name: 'スマートフォン' }).closest('tr')!).getByText('はい'),
    ).toBeTruthy();
    expect(screen.getByText('再読み込みをお試しください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'u-12' }).getAttribute('href')).toBe('/ops/full/users/u-12');
  });

  it('contact of category 0, has no device section', async () => {
    const sent = contact({ category: 0 });
    scriptedServer({ [`GET ${API}/contacts/${sent.id}`]: [200, { ok: true, contact: sent }] });

    await renderConsole(`/ops/contacts/${sent.id}`);

    expect(await screen.findByRole('heading', { name: 'ご利用前のお問い合わせ' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '端末の情報' })).toBeNull();
    expect(screen.getByText('ログインせずに送信')).toBeTruthy();
  });

  it('contact status, changed to in progress, puts the status', async () => {
    const sent = contact({ status: 'new' });
    const server = scriptedServer({
      [`GET ${API}/contacts/${sent.id}`]: [200, { ok: true, contact: sent }],
      [`PUT ${API}/contacts/${sent.id}/status`]: [200, { ok: true, contact: { ...sent, status: 'in_progress' } }],
    });
    await renderConsole(`/ops/contacts/${sent.id}`);
    const form = within(await screen.findByRole('form', { name: '対応状況の変更' }));

    fireEvent.change(form.getByLabelText('対応状況'), { target: { value: 'in_progress' } });
    fireEvent.click(form.getByRole('button', { name: '変更する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'in_progress' }),
    );
  });

  it('contact reply, sent, posts the text and the thread shows it after the refetch', async () => {
    const sent = contact({ email: 'taro@example.jp' });
    let replied = false;
    const server = scriptedServer({
      [`GET ${API}/contacts/${sent.id}`]: () => [
        200,
        {
          ok: true,
          contact: replied
            ? {
                ...sent,
                status: 'answered',
                thread: [
                  {
                    from: 'admin',
                    body: '料金表をご覧ください。',
                    at: '2026-03-02T00:00:00.000Z',
                    admin_id: 'admin-1',
                  },
                ],
              }
            : sent,
        },
      ],
      [`POST ${API}/contacts/${sent.id}/reply`]: () => {
        replied = true;
        return [200, { ok: true, contact: sent }];
      },
    });
    await renderConsole(`/ops/contacts/${sent.id}`);
    const form = within(await screen.findByRole('form', { name: 'メールで返信' }));

    fireEvent.click(form.getByRole('button', { name: '返信を送る' }));
    expect((await form.findByRole('alert')).textContent).toBe('返信の本文を入力してください。');
    fireEvent.change(form.getByLabelText('本文'), { target: { value: '料金表をご覧ください。' } });
    fireEvent.click(form.getByRole('button', { name: '返信を送る' }));

    expect(await form.findByText('taro@example.jp に返信を送りました。')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ body: '料金表をご覧ください。' });
    expect(await screen.findByText('料金表をご覧ください。', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('回答済み', { selector: '.badge' })).toBeTruthy();
  });

  it('contact reply, refused by the mail port, shows the server message', async () => {
    const sent = contact();
    scriptedServer({
      [`GET ${API}/contacts/${sent.id}`]: [200, { ok: true, contact: sent }],
      [`POST ${API}/contacts/${sent.id}/reply`]: [
        502,
        { ok: false, code: 'MAIL_FAILED', message: 'メールを送信できませんでした。' },
      ],
    });
    await renderConsole(`/ops/contacts/${sent.id}`);
    const form = within(await screen.findByRole('form', { name: 'メールで返信' }));

    fireEvent.change(form.getByLabelText('本文'), { target: { value: 'ご連絡ありがとうございます。' } });
    fireEvent.click(form.getByRole('button', { name: '返信を送る' }));

    expect((await form.findByRole('alert')).textContent).toBe('メールを送信できませんでした。');
  });

  it('contact delete, confirmed, deletes it and returns to the list', async () => {
    const sent = contact({ email: 'gone@example.jp' });
    const server = scriptedServer({
      [`GET ${API}/contacts/${sent.id}`]: [200, { ok: true, contact: sent }],
      [`DELETE ${API}/contacts/${sent.id}`]: [200, { ok: true }],
      [`GET ${API}/contacts`]: paged('contacts', []),
    });
    await renderConsole(`/ops/contacts/${sent.id}`);

    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('gone@example.jp からのお問い合わせとやりとりを削除します。元に戻せません。')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '削除' }));

    expect(await screen.findByText('お問い合わせはまだありません。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
