import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, listItem, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { coupon, paged, searchesOf, serial } from './testing.ts';
import { todayInJapan } from './time.ts';

const emptyStats = [
  200,
  { ok: true, stats: { start: null, end: todayInJapan(), generated: 0, redeemed: 0, by_day: [], by_coupon: [] } },
] as [number, unknown];
const characters = [
  200,
  { ok: true, characters: [listItem({ id: 'mirai', name: 'ミライ' })], total: 1, page: 1, per_page: 20 },
] as [number, unknown];
const blocksOf = (blocks: { id: string; title: string }[]) =>
  [200, { ok: true, character: { id: 'mirai', blocks }, faults: [] }] as [number, unknown];
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const baseRoutes = { [`GET ${API}/serials/stats`]: emptyStats, [`GET ${API}/characters`]: characters };

describe('SerialsPage', () => {
  it('serials, answered with batches, lists each with its counters, type and a link to the batch, saying times are JST', async () => {
    const normal = coupon({ name: 'CD 特典', redeemed: 12, count: 1000 });
    const debug = coupon({ name: 'スタッフ確認用', is_debug: true });
    scriptedServer({ ...baseRoutes, [`GET ${API}/serials/coupons`]: paged('coupons', [normal, debug]) });

    await renderConsole('/ops/serials');

    const link = await screen.findByRole('link', { name: 'CD 特典' });
    expect(link.getAttribute('href')).toBe(`/ops/serials/${normal.coupon_id}`);
    const row = within(link.closest('tr')!);
    expect(row.getByText('12 / 1,000')).toBeTruthy();
    expect(row.getByText('通常')).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: 'スタッフ確認用' }).closest('tr')!).getByText('デバッグ用'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'シリアルコード' }).className).toContain('active');
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
  });

  it('serials, a batch of a known character, names the character and the block (their ids on hover)', async () => {
    scriptedServer({
      ...baseRoutes,
      [`GET ${API}/serials/coupons`]: paged('coupons', [coupon({ name: 'CD 特典', block_id: 'b-bonus' })]),
      [`GET ${API}/characters/mirai`]: [200, { ok: true, character: adminCharacter({ id: 'mirai', name: 'ミライ' }) }],
      [`GET ${API}/characters/mirai/all`]: blocksOf([{ id: 'b-bonus', title: '特典トーク' }]),
    });

    await renderConsole('/ops/serials');

    const row = within((await screen.findByRole('link', { name: 'CD 特典' })).closest('tr')!);
    expect((await row.findByText('ミライ')).getAttribute('title')).toBe('mirai');
    expect((await row.findByText('特典トーク')).getAttribute('title')).toBe('b-bonus');
  });

  it('serials, a name search and a character filter, are sent as query parameters; none found says so', async () => {
    scriptedServer({ ...baseRoutes, [`GET ${API}/serials/coupons`]: paged('coupons', []) });
    await renderConsole('/ops/serials');
    expect(await screen.findByText('まだシリアルを発行していません。')).toBeTruthy();
    await screen.findByRole('option', { name: 'ミライ（mirai）' });

    fill('名前で検索', 'CD');
    fill('キャラクター', 'mirai');

    await vi.waitFor(() =>
      expect(searchesOf(`${API}/serials/coupons`).at(-1)?.toString()).toBe('page=1&character_id=mirai&q=CD'),
    );
    expect(await screen.findByText('該当するシリアルはありません。')).toBeTruthy();
  });

  it('serials, the list refused by the server, shows its Japanese message', async () => {
    scriptedServer({
      ...baseRoutes,
      [`GET ${API}/serials/coupons`]: [403, { ok: false, code: 'FORBIDDEN', message: '管理者のみが利用できます。' }],
    });

    await renderConsole('/ops/serials');

    expect((await screen.findByRole('alert')).textContent).toBe('管理者のみが利用できます。');
  });

  it('serials stats, on opening, ask for the range ending today with no start and show totals, days and batches', async () => {
    const today = todayInJapan();
    scriptedServer({
      ...baseRoutes,
      [`GET ${API}/serials/coupons`]: paged('coupons', []),
      [`GET ${API}/serials/stats`]: [
        200,
        {
          ok: true,
          stats: {
            start: null,
            end: today,
            generated: 2000,
            redeemed: 500,
            by_day: [{ date: '2026-03-01', redeemed: 321 }],
            by_coupon: [{ coupon_id: 'cp-9', name: '春の特典', count: 2000, redeemed: 500 }],
          },
        },
      ],
    });

    await renderConsole('/ops/serials');

    expect(await screen.findByText('25%', { selector: '.engagement-total__count' })).toBeTruthy();
    expect(within(screen.getByRole('link', { name: '春の特典' }).closest('tr')!).getByText('25%')).toBeTruthy();
    expect(screen.getByText('2,000', { selector: '.engagement-total__count' })).toBeTruthy();
    expect(within(screen.getByText('2026-03-01').closest('tr')!).getByText('321')).toBeTruthy();
    expect(screen.getByRole('link', { name: '春の特典' }).getAttribute('href')).toBe('/ops/serials/cp-9');
    expect((screen.getByLabelText('終了日') as HTMLInputElement).value).toBe(today);
    expect(searchesOf(`${API}/serials/stats`)[0]!.toString()).toBe(`end=${today}`);

    fill('開始日', '2026-02-01');
    await vi.waitFor(() =>
      expect(searchesOf(`${API}/serials/stats`).at(-1)?.toString()).toBe(`start=2026-02-01&end=${today}`),
    );
  });

  it('serials generate, a filled form, posts the batch with the Japan-day validity and opens the new batch', async () => {
    const created = coupon({ name: '2nd シングル特典', count: 500 });
    const server = scriptedServer({
      ...baseRoutes,
      [`GET ${API}/serials/coupons`]: paged('coupons', []),
      [`GET ${API}/characters/mirai/all`]: blocksOf([
        { id: 'b-1', title: '秘密の話' },
        { id: 'b-2', title: 'おまけ' },
      ]),
      [`POST ${API}/serials/generate`]: [201, { ok: true, coupon: created }],
      [`GET ${API}/serials/${created.coupon_id}`]: [200, { ok: true, coupon: created }],
      [`GET ${API}/serials/list`]: paged('serials', []),
      [`POST ${API}/serials`]: paged('redemptions', []),
    });
    await renderConsole('/ops/serials');
    fireEvent.click(await screen.findByRole('button', { name: 'シリアルを発行' }));
    const form = within(
      screen.getByRole('heading', { name: 'シリアルコードを発行する' }).closest('.card') as HTMLElement,
    );

    fireEvent.change(form.getByLabelText('名前'), { target: { value: '2nd シングル特典' } });
    fireEvent.change(form.getByLabelText('発行数'), { target: { value: '500' } });
    fireEvent.change(form.getByLabelText('接頭辞'), { target: { value: 'cd2' } });
    fireEvent.change(form.getByLabelText('付与するトークチケット（1 回あたり）'), { target: { value: '3' } });
    await form.findByRole('option', { name: 'ミライ（mirai）' });
    fireEvent.change(form.getByLabelText('キャラクター'), { target: { value: 'mirai' } });
    await form.findByRole('option', { name: 'おまけ（b-2）' });
    fireEvent.change(form.getByLabelText('解放するブロック'), { target: { value: 'b-2' } });
    fireEvent.change(form.getByLabelText('有効期間の開始日'), { target: { value: '2026-04-01' } });
    fireEvent.change(form.getByLabelText('有効期間の終了日'), { target: { value: '2026-04-30' } });
    fireEvent.click(form.getByRole('button', { name: '発行する' }));

    expect(await screen.findByText('500 件のコードを発行しました。印刷用に CSV をダウンロードできます。')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST' && c.url === `${API}/serials/generate`)?.body).toEqual({
      name: '2nd シングル特典',
      count: 500,
      prefix: 'CD2',
      character_id: 'mirai',
      block_id: 'b-2',
      tickets: 3,
      is_debug: false,
      valid_from: '2026-03-31T15:00:00.000Z',
      valid_until: '2026-04-30T14:59:59.999Z',
    });
    expect(screen.getByRole('heading', { name: '2nd シングル特典' })).toBeTruthy();
  });

  it('serials generate, a missing block or too many codes, is refused before any request; a server refusal is shown', async () => {
    const server = scriptedServer({
      ...baseRoutes,
      [`GET ${API}/serials/coupons`]: paged('coupons', []),
      [`GET ${API}/characters/mirai/all`]: blocksOf([{ id: 'b-1', title: '秘密の話' }]),
      [`POST ${API}/serials/generate`]: [
        400,
        { ok: false, code: 'VALIDATION_FAILED', message: 'ブロックが見つかりません。' },
      ],
    });
    await renderConsole('/ops/serials');
    fireEvent.click(await screen.findByRole('button', { name: 'シリアルを発行' }));
    fill('名前', 'テスト');
    fill('発行数', '20001');
    fireEvent.click(screen.getByRole('button', { name: '発行する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('発行数は 1〜20,000 の整数で入力してください。');
    fill('発行数', '10');
    fireEvent.click(screen.getByRole('button', { name: '発行する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('キャラクターと解放するブロックを選んでください。');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);

    const form = within(
      screen.getByRole('heading', { name: 'シリアルコードを発行する' }).closest('.card') as HTMLElement,
    );
    await form.findByRole('option', { name: 'ミライ（mirai）' });
    fireEvent.change(form.getByLabelText('キャラクター'), { target: { value: 'mirai' } });
    await form.findByRole('option', { name: '秘密の話（b-1）' });
    fill('解放するブロック', 'b-1');
    fireEvent.click(screen.getByRole('button', { name: '発行する' }));

    expect((await screen.findByText('ブロックが見つかりません。')).getAttribute('role')).toBe('alert');
  });

  it('serials lookup, a used code typed with spaces, shows its state, user and batch; an unknown code shows the server message', async () => {
    const batch = coupon({ name: 'CD 特典' });
    const code = serial({
      id: 'CD1ABCDEFGHJKMNPQR',
      coupon_id: batch.coupon_id,
      redeemed_by: 'u-77',
      redeemed_at: '2026-03-02T03:00:00.000Z',
    });
    scriptedServer({
      ...baseRoutes,
      [`GET ${API}/serials/coupons`]: paged('coupons', []),
      [`GET ${API}/serials/CD1ABCD-EFGH`]: [200, { ok: true, coupon: batch, serial: code }],
      [`GET ${API}/serials/NOPE`]: [
        404,
        { ok: false, code: 'SERIAL_NOT_FOUND', message: 'シリアルコードが正しくありません。' },
      ],
    });
    await renderConsole('/ops/serials');
    const lookup = within(await screen.findByRole('search', { name: 'コードを調べる' }));

    fireEvent.change(lookup.getByLabelText('シリアルコード'), { target: { value: ' CD1ABCD-EFGH ' } });
    fireEvent.click(lookup.getByRole('button', { name: '調べる' }));

    expect(await screen.findByText('CD1ABCDEFGHJKMNPQR')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'u-77' }).getAttribute('href')).toBe('/ops/full/users/u-77');
    expect(screen.getAllByText('使用済み').length).toBeGreaterThan(0);

    fireEvent.change(lookup.getByLabelText('シリアルコード'), { target: { value: 'NOPE' } });
    fireEvent.click(lookup.getByRole('button', { name: '調べる' }));
    expect((await screen.findByRole('alert')).textContent).toBe('シリアルコードが正しくありません。');
  });
});
