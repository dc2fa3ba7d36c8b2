import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp, sampleUser } from '../../test/harness.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LanguageSwitcher', () => {
  it('LanguageSwitcher, signed in, switching to English saves the language on the account', async () => {
    const server = fakeServer(() => [200, { ok: true, user: { ...sampleUser, language: 'en-US' } }]);
    const { store } = await renderWithApp(<LanguageSwitcher />, {
      state: { session: { status: 'authenticated', accessToken: 'token', user: sampleUser } },
    });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'en-US' } });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({ url: '/api/auth/language', method: 'PUT', body: { language: 'en-US' } });
    await vi.waitFor(() => expect(store.getState().session.user?.language).toBe('en-US'));
  });

  it('LanguageSwitcher, a guest, switching language calls no server', async () => {
    const server = fakeServer(() => [200, { ok: true }]);
    const { store } = await renderWithApp(<LanguageSwitcher />, {
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zh-TW' } });
    await vi.waitFor(() => expect(store.getState().language.current).toBe('zh-TW'));
    expect(server.calls).toHaveLength(0);
  });
});
