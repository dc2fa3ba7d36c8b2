import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes.tsx';
import { renderRoutes } from '../../test/harness.tsx';
import { engagementServer } from './testing.tsx';

/** The engagement routes of app/routes.tsx, in the lazily loaded chunk, as a visitor without a session meets them. */
describe('engagement routes', () => {
  it.each(['/serial', '/coupon', '/notification'])(
    '%s, logged out, sends the visitor to log in first and back',
    async (path) => {
      engagementServer({});

      const { router } = await renderRoutes(routes, { path });

      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
    },
  );

  it.each([
    ['/contact', 'お問い合わせ'],
    ['/contact_dev', '技術的なお問い合わせ'],
    ['/news', 'ニュース'],
  ])('%s, logged out, opens', async (path, title) => {
    engagementServer({ 'GET news': [200, { ok: true, news: [], total: 0, page: 1, pages: 0 }] });

    await renderRoutes(routes, { path });

    expect((await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).textContent).toBe(title);
  });
});
