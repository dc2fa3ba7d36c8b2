import { describe, expect, it } from 'vitest';
import { signedIn, signedOut, userUpdated } from '../api/session.ts';
import { loginNoticeSet, signupSubmitted } from '../features/auth/authSlice.ts';
import { languageChanged } from '../features/language/languageSlice.ts';
import { menuClosed, menuToggled } from '../features/nav/menuSlice.ts';
import { sampleUser } from '../test/harness.tsx';
import { makeStore } from './store.ts';

describe('slices', () => {
  it('makeStore, fresh, starts with an unknown session, closed menu, ja-JP and no popup', () => {
    const state = makeStore().getState();
    expect(state.session.status).toBe('unknown');
    expect(state.menu.open).toBe(false);
    expect(state.language.current).toBe('ja-JP');
    expect(state.popup.open).toBe(false);
  });

  it('session, signedIn then userUpdated then signedOut, tracks the user and drops the token', () => {
    const store = makeStore();
    store.dispatch(signedIn({ accessToken: 't', user: sampleUser }));
    store.dispatch(userUpdated({ ...sampleUser, nickname: '花子' }));
    expect(store.getState().session).toMatchObject({
      status: 'authenticated',
      accessToken: 't',
      user: { nickname: '花子' },
    });
    store.dispatch(signedOut());
    expect(store.getState().session).toEqual({ status: 'guest', accessToken: null, user: null });
  });

  it('menu, toggled twice and closed, ends closed', () => {
    const store = makeStore();
    store.dispatch(menuToggled());
    expect(store.getState().menu.open).toBe(true);
    store.dispatch(menuClosed());
    expect(store.getState().menu.open).toBe(false);
  });

  it('language and auth, their events, update the state and are named domain/eventName', () => {
    const store = makeStore();
    store.dispatch(languageChanged('zh-TW'));
    store.dispatch(signupSubmitted('a@b.jp'));
    store.dispatch(loginNoticeSet('passwordChanged'));
    expect(store.getState().language.current).toBe('zh-TW');
    expect(store.getState().auth).toEqual({ pendingConfirmationEmail: 'a@b.jp', loginNotice: 'passwordChanged' });
    for (const action of [signedIn, signedOut, menuToggled, languageChanged, signupSubmitted, loginNoticeSet]) {
      expect(action.type).toMatch(/^[a-z]+\/[a-z][A-Za-z]+$/);
    }
  });
});
