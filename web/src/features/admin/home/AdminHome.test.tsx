import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, listItem, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { summary } from '../logs/testing.ts';

const counts = {
  [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem()], total: 1, page: 1, per_page: 20 }] as [
    number,
    unknown,
  ],
  [`GET ${API}/users`]: [200, { ok: true, users: [], total: 7, page: 1, pageSize: 20 }] as [number, unknown],
};
const figureOf = (label: string) =>
  screen.getByText(label, { selector: '.home-figure__label' }).closest('.home-figure')! as HTMLElement;

describe('AdminHome', () => {
  it('admin home, with two characters (one published) and 7 users, shows the counts and links to each area', async () => {
    scriptedServer({
      [`GET ${API}/characters`]: [
        200,
        {
          ok: true,
          characters: [listItem(), listItem({ id: 'c2', name: 'ハナコ', published_at: null })],
          total: 2,
          page: 1,
          per_page: 20,
        },
      ],
      [`GET ${API}/users`]: [200, { ok: true, users: [], total: 7, page: 1, pageSize: 20 }],
    });
    await renderConsole('/ops');
    const characters = (await screen.findByText('2')).closest('a')!;
    expect(characters.getAttribute('href')).toBe('/ops/characters');
    expect(characters.textContent).toContain('キャラクター');
    expect((await screen.findByText('7')).closest('a')?.getAttribute('href')).toBe('/ops/users');
    expect(screen.getByText('公開中のキャラクター').closest('a')?.textContent).toContain('1');
    expect(screen.getByRole('link', { name: /カテゴリーとグループ/ }).getAttribute('href')).toBe(
      '/ops/full/categories',
    );
  });

  it('admin home, the users call refused, still shows the character count and a dash for users', async () => {
    scriptedServer({
      [`GET ${API}/characters`]: [200, { ok: true, characters: [listItem()], total: 1, page: 1, per_page: 20 }],
      [`GET ${API}/users`]: [500, { ok: false, code: 'INTERNAL', message: 'エラー' }],
    });
    await renderConsole('/ops');
    expect(await screen.findByText('—')).toBeTruthy();
    expect(screen.getByText('ユーザー', { selector: '.home-tile__label' }).closest('a')?.textContent).toBe('—ユーザー');
  });

  it("admin home, with today's summary, shows talks, sign-ups, revenue in yen and errors, each with its week", async () => {
    scriptedServer({ ...counts, [`GET ${API}/logs/summary`]: [200, summary({ talks: 1234, revenue_yen: 12_300 })] });

    await renderConsole('/ops');

    expect(await screen.findByRole('heading', { name: '今日の数字（2026/03/07）' })).toBeTruthy();
    expect(within(figureOf('今日のトーク数')).getByText('1,234')).toBeTruthy();
    expect(within(figureOf('新規登録')).getByText('3')).toBeTruthy();
    expect(within(figureOf('売上')).getByText('¥12,300')).toBeTruthy();
    expect(within(figureOf('エラー')).getByText('4').className).toContain('home-figure__value--alert');
    const week = within(figureOf('エラー')).getByRole('img');
    expect(week.getAttribute('aria-label')).toBe(
      '7日間の推移: 03/01 0、03/02 0、03/03 0、03/04 0、03/05 0、03/06 0、03/07 4',
    );
    expect(week.querySelectorAll('rect')).toHaveLength(7);
    expect(figureOf('売上').getAttribute('href')).toBe('/ops/payment/history?from=2026-03-07&to=2026-03-07');
  });

  it("admin home, errors figure followed, opens the logs filtered to today's errors", async () => {
    const { calls } = scriptedServer({
      ...counts,
      [`GET ${API}/logs/summary`]: [200, summary()],
      [`POST ${API}/logs/filter`]: [200, { ok: true, total: 0, page: 1, limit: 50, logs: [] }],
    });
    const { router } = await renderConsole('/ops');
    await screen.findByText('今日の数字（2026/03/07）');
    expect(figureOf('エラー').getAttribute('href')).toBe('/ops/logs?types=error&from=2026-03-07&to=2026-03-07');

    fireEvent.click(figureOf('エラー'));

    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url === `${API}/logs/filter`).map((c) => c.body)).toEqual([
        { types: ['error'], from: '2026-03-07', to: '2026-03-07', page: 1, limit: 50 },
      ]),
    );
    expect(router.state.location.pathname).toBe('/ops/logs');
  });

  it('admin home, a day of refunds, shows the revenue with a minus sign before the yen mark', async () => {
    scriptedServer({ ...counts, [`GET ${API}/logs/summary`]: [200, summary({ revenue_yen: -500 })] });
    await renderConsole('/ops');
    expect(
      within(
        await screen.findByText('売上', { selector: '.home-figure__label' }).then((l) => l.closest('a')!),
      ).getByText('-¥500'),
    ).toBeTruthy();
  });

  it('admin home, the summary refused, says so and still shows the counts', async () => {
    scriptedServer({
      ...counts,
      [`GET ${API}/logs/summary`]: [503, { ok: false, code: 'UNAVAILABLE', message: '集計を取得できません。' }],
    });
    await renderConsole('/ops');
    expect((await screen.findByRole('alert')).textContent).toBe('集計を取得できません。');
    expect((await screen.findByText('7')).closest('a')?.getAttribute('href')).toBe('/ops/users');
  });
});
