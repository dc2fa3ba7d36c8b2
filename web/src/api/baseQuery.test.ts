import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store.ts';
import { fakeServer, sampleUser } from '../test/harness.tsx';
import { api } from './api.ts';
import { REFRESH_LOCK } from './baseQuery.ts';
import { signedIn } from './session.ts';

function setCsrfCookie(value: string) {
  document.cookie = `talkwith-csrf=${value}; path=/`;
}

describe('baseQueryWithReauth', () => {
  it('a call answered 401, refreshes once with the CSRF header and retries with the new token', async () => {
    setCsrfCookie('csrf-abc');
    const server = fakeServer((call) => {
      if (call.url === '/api/auth/refresh') return [200, { ok: true, accessToken: 'fresh', user: sampleUser }];
      return call.headers.get('authorization') === 'Bearer fresh'
        ? [200, { ok: true, user: sampleUser }]
        : [401, { ok: false, code: 'UNAUTHENTICATED', message: 'expired', error: 'Unauthorized' }];
    });
    const store = makeStore();
    store.dispatch(signedIn({ accessToken: 'stale', user: sampleUser }));
    const result = await store.dispatch(api.endpoints.me.initiate());
    expect(result.data?.user.email).toBe(sampleUser.email);
    expect(server.calls.map((c) => c.url)).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    expect(server.calls[1]!.headers.get('x-csrf-token')).toBe('csrf-abc');
    expect(store.getState().session.accessToken).toBe('fresh');
  });

  it('two parallel 401s, share a single refresh', async () => {
    setCsrfCookie('c');
    const server = fakeServer((call) => {
      if (call.url === '/api/auth/refresh') return [200, { ok: true, accessToken: 'fresh', user: sampleUser }];
      return call.headers.get('authorization') === 'Bearer fresh'
        ? [200, { ok: true, user: sampleUser }]
        : [401, { ok: false }];
    });
    const store = makeStore();
    store.dispatch(signedIn({ accessToken: 'stale', user: sampleUser }));
    await Promise.all([
      store.dispatch(api.endpoints.me.initiate()),
      store.dispatch(api.endpoints.config.initiate(sampleUser.id)),
    ]);
    expect(server.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('a failed refresh, signs the user out and returns the original 401', async () => {
    setCsrfCookie('c');
    fakeServer(() => [401, { ok: false, message: 'セッションの有効期限が切れました。' }]);
    const store = makeStore();
    store.dispatch(signedIn({ accessToken: 'stale', user: sampleUser }));
    const result = await store.dispatch(api.endpoints.me.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session).toMatchObject({ status: 'guest', accessToken: null });
  });

  it('a mutation, carries the CSRF header; a login 401 never triggers a refresh', async () => {
    setCsrfCookie('tok');
    const server = fakeServer(() => [
      401,
      { ok: false, errorMessage: 'メールアドレスまたはパスワードが正しくありません。' },
    ]);
    const store = makeStore();
    await store.dispatch(api.endpoints.login.initiate({ username: 'a@b.jp', password: 'x' }));
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      body: { username: 'a@b.jp', password: 'x' },
    });
    expect(server.calls[0]!.headers.get('x-csrf-token')).toBe('tok');
  });

  it('a guest without a session cookie, gets the 401 without a refresh attempt', async () => {
    const server = fakeServer(() => [401, { ok: false }]);
    const store = makeStore();
    await store.dispatch(api.endpoints.me.initiate());
    expect(server.calls.map((c) => c.url)).toEqual(['/api/auth/me']);
  });

  describe('across tabs', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('a refresh while another tab holds the refresh lock, waits and sends the CSRF token that tab left', async () => {
      setCsrfCookie('before-the-other-tab');
      let releaseOtherTab = () => {};
      const otherTab = new Promise<void>((resolve) => {
        releaseOtherTab = resolve;
      });
      const names: string[] = [];
      const request = async <T>(name: string, work: () => Promise<T>) => {
        names.push(name);
        await otherTab;
        return work();
      };
      vi.stubGlobal('navigator', { ...navigator, locks: { request } });
      const server = fakeServer((call) => {
        if (call.url === '/api/auth/refresh') return [200, { ok: true, accessToken: 'fresh', user: sampleUser }];
        return call.headers.get('authorization') === 'Bearer fresh'
          ? [200, { ok: true, user: sampleUser }]
          : [401, { ok: false }];
      });
      const store = makeStore();
      store.dispatch(signedIn({ accessToken: 'stale', user: sampleUser }));

      const pending = store.dispatch(api.endpoints.me.initiate());
      await vi.waitFor(() => expect(names).toEqual([REFRESH_LOCK]));
      setCsrfCookie('after-the-other-tab');
      releaseOtherTab();
      await pending;

      const refresh = server.calls.find((c) => c.url === '/api/auth/refresh');
      expect(refresh?.headers.get('x-csrf-token')).toBe('after-the-other-tab');
      expect(store.getState().session.accessToken).toBe('fresh');
    });
  });
});
