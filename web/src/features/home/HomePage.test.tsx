import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderRoutes } from '../../test/harness.tsx';
import { HomePage } from './HomePage.tsx';

const routes = [{ path: '/', element: <HomePage /> }];
const loggedOut = { session: { status: 'guest' as const, accessToken: null, user: null } };

describe('HomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('HomePage, Google sign-in not configured, never promises a Google account', async () => {
    fakeServer((call) => [200, call.url === '/api/config' ? { googleSignIn: false } : {}]);

    await renderRoutes(routes, { path: '/', state: loggedOut });

    expect(await screen.findByText('メールアドレスで登録')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Google/)).toBeNull();
  });

  it('HomePage, Google sign-in configured, says a Google account works too', async () => {
    fakeServer((call) => [200, call.url === '/api/config' ? { googleSignIn: true } : {}]);

    await renderRoutes(routes, { path: '/', state: loggedOut });

    expect(await screen.findByText('メールアドレスで登録（Google アカウントでも OK）')).toBeTruthy();
  });
});
