import { cleanup, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';
import { fakeServer, renderRoutes } from '../test/harness.tsx';

/** Every route object of a table, nested ones included (what React Router flattens and ranks on each render). */
function countRoutes(table: RouteObject[]): number {
  return table.reduce((sum, route) => sum + 1 + countRoutes(route.children ?? []), 0);
}

describe('app routes', () => {
  afterEach(() => {
    cleanup();
  });

  it('when the table is flattened, holds each full page once, not once per language prefix (under 70 routes)', () => {
    expect(countRoutes(routes)).toBeLessThan(70);
  });

  it('when an unknown page under /full opens, shows not found', async () => {
    fakeServer(() => [404, { ok: false, code: 'NOT_FOUND', message: 'not found' }]);

    await renderRoutes(routes, { path: '/full/no_such_page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeTruthy();
  });

  it('when an unknown page under a language prefix opens, shows not found', async () => {
    fakeServer(() => [404, { ok: false, code: 'NOT_FOUND', message: 'not found' }]);

    await renderRoutes(routes, { path: '/ja/full/no_such_page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeTruthy();
  });
});
