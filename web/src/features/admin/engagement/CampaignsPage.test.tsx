import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { campaign, paged } from './testing.ts';

const formCard = () =>
  within(screen.getByRole('button', { name: /作成する|保存する/ }).closest('.card') as HTMLElement);

describe('CampaignsPage', () => {
  it('campaigns, answered with a list, show the period, grant, state and entries', async () => {
    const points = campaign({
      title: '春のキャンペーン',
      grant: { kind: 'points', amount: 1000 },
      entries: 1500,
      ends_at: '2999-01-01T00:00:00.000Z',
    });
    const off = campaign({ title: '停止したキャンペーン', active: false, grant: { kind: 'tickets', amount: 3 } });
    scriptedServer({ [`GET ${API}/campaigns`]: paged('campaigns', [points, off]) });

    await renderConsole('/ops/campaigns');

    const row = within((await screen.findByText('春のキャンペーン')).closest('tr')!);
    expect(row.getByText('1,000 ポイント')).toBeTruthy();
    expect(row.getByText('開催中')).toBeTruthy();
    expect(row.getByText('1,500')).toBeTruthy();
    const other = within(screen.getByText('停止したキャンペーン').closest('tr')!);
    expect(other.getByText('トークチケット 3 枚')).toBeTruthy();
    expect(other.getByText('停止中')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'キャンペーン' }).getAttribute('href')).toBe('/ops/campaigns');
  });

  it('campaigns, none yet, say so', async () => {
    scriptedServer({ [`GET ${API}/campaigns`]: paged('campaigns', []) });
    await renderConsole('/ops/campaigns');
    expect(await screen.findByText('キャンペーンはまだありません。')).toBeTruthy();
  });

  it('campaigns, refused by the server, show its message', async () => {
    scriptedServer({
      [`GET ${API}/campaigns`]: [403, { ok: false, code: 'FORBIDDEN', message: '管理者のみが利用できます。' }],
    });
    await renderConsole('/ops/campaigns');
    expect((await screen.findByRole('alert')).textContent).toBe('管理者のみが利用できます。');
  });

  it('campaign create, a filled form, posts the period in UTC and the ticket grant', async () => {
    const server = scriptedServer({
      [`GET ${API}/campaigns`]: paged('campaigns', []),
      [`POST ${API}/campaigns`]: [201, { ok: true, campaign: campaign({ title: '新規登録キャンペーン' }) }],
    });
    await renderConsole('/ops/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'キャンペーンを作成' }));
    const form = formCard();

    fireEvent.change(form.getByLabelText('タイトル'), { target: { value: '新規登録キャンペーン' } });
    fireEvent.change(form.getByLabelText('説明'), { target: { value: 'チケット 2 枚プレゼント' } });
    fireEvent.change(form.getByLabelText('開始日時'), { target: { value: '2026-04-01T00:00' } });
    fireEvent.change(form.getByLabelText('終了日時'), { target: { value: '2026-04-30T23:59' } });
    fireEvent.change(form.getByLabelText('特典'), { target: { value: 'tickets' } });
    fireEvent.change(form.getByLabelText('付与する数'), { target: { value: '2' } });
    fireEvent.click(form.getByRole('button', { name: '作成する' }));

    expect(await screen.findByText('「新規登録キャンペーン」を保存しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '新規登録キャンペーン',
      description: 'チケット 2 枚プレゼント',
      starts_at: '2026-03-31T15:00:00.000Z',
      ends_at: '2026-04-30T14:59:00.000Z',
      active: true,
      grant: { kind: 'tickets', amount: 2 },
    });
  });

  it('campaign create, an end before the start or 101 tickets, is refused before any request', async () => {
    const server = scriptedServer({ [`GET ${API}/campaigns`]: paged('campaigns', []) });
    await renderConsole('/ops/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'キャンペーンを作成' }));
    const form = formCard();
    fireEvent.change(form.getByLabelText('タイトル'), { target: { value: 'テスト' } });
    fireEvent.change(form.getByLabelText('開始日時'), { target: { value: '2026-04-02T00:00' } });
    fireEvent.change(form.getByLabelText('終了日時'), { target: { value: '2026-04-01T00:00' } });
    fireEvent.click(form.getByRole('button', { name: '作成する' }));
    expect((await form.findByRole('alert')).textContent).toBe('終了日時は開始日時より後にしてください。');

    fireEvent.change(form.getByLabelText('終了日時'), { target: { value: '2026-04-09T00:00' } });
    fireEvent.change(form.getByLabelText('特典'), { target: { value: 'tickets' } });
    fireEvent.change(form.getByLabelText('付与する数'), { target: { value: '101' } });
    fireEvent.click(form.getByRole('button', { name: '作成する' }));
    expect((await form.findByRole('alert')).textContent).toBe('トークチケットは 1〜100 の整数で入力してください。');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('campaign edit, switched off, puts the prefilled fields with active false; a refusal is shown', async () => {
    const existing = campaign({
      title: '春のキャンペーン',
      starts_at: '2026-03-01T00:00:00.000Z',
      ends_at: '2026-03-31T15:00:00.000Z',
    });
    const server = scriptedServer({
      [`GET ${API}/campaigns`]: paged('campaigns', [existing]),
      [`PUT ${API}/campaigns/${existing.id}`]: [
        409,
        { ok: false, code: 'CONFLICT', message: '変更できませんでした。' },
      ],
    });
    await renderConsole('/ops/campaigns');

    fireEvent.click(await screen.findByRole('button', { name: '「春のキャンペーン」を編集' }));
    const form = formCard();
    fireEvent.click(form.getByLabelText('有効にする'));
    fireEvent.click(form.getByRole('button', { name: '保存する' }));

    expect((await form.findByRole('alert')).textContent).toBe('変更できませんでした。');
    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: '春のキャンペーン',
        description: existing.description,
        starts_at: existing.starts_at,
        ends_at: existing.ends_at,
        active: false,
        grant: existing.grant,
      }),
    );
  });
});
