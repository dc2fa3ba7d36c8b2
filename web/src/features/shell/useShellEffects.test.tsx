import { describe, expect, it } from 'vitest';
import { fakeServer, renderWithApp } from '../../test/harness.tsx';
import { useShellEffects } from './useShellEffects.ts';

function ShellEffects() {
  useShellEffects();
  return null;
}

const noCookie = () => {
  document.cookie = 'talkwith-csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe('useShellEffects', () => {
  it('when the page started a visitor without the session cookie as a guest, keeps that state (no second render of the page)', async () => {
    noCookie();
    fakeServer(() => [200, { ok: true }]);
    const guest = { status: 'guest' as const, accessToken: null, user: null };
    const { store } = await renderWithApp(<ShellEffects />, { state: { session: guest } });

    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(store.getState().session).toBe(guest);
  });

  it('when the session is still unknown and there is no cookie, marks the visitor a guest', async () => {
    noCookie();
    fakeServer(() => [200, { ok: true }]);
    const { store } = await renderWithApp(<ShellEffects />);

    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(store.getState().session.status).toBe('guest');
  });
});
