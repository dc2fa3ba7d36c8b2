import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import { makeStore } from '../app/store.ts';
import { fakeServer, sampleUser } from '../test/harness.tsx';
import { useClientConfig } from './client-config.ts';
import { signedIn } from './session.ts';

const admin = { ...sampleUser, roles: ['admin' as const] };

describe('useClientConfig', () => {
  it('useClientConfig, the same admin signs in again with a new token, fetches the config again with that token', async () => {
    // A config fetched with a token the server no longer honours (e.g. revoked by a password change) answers {};
    // the next session of the same user must not keep that answer.
    const server = fakeServer((call) => [
      200,
      call.headers.get('authorization') === 'Bearer second' ? { adminPath: 'ops-secret' } : {},
    ]);
    const store = makeStore();
    store.dispatch(signedIn({ accessToken: 'first', user: admin }));
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useClientConfig(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    act(() => {
      store.dispatch(signedIn({ accessToken: 'second', user: admin }));
    });

    await waitFor(() => expect(result.current.data?.adminPath).toBe('ops-secret'));
    expect(server.calls.filter((c) => c.url === '/api/config').map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
  });
});
