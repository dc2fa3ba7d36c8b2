import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { closed, opened } from './popupSlice.ts';

describe('popupSlice', () => {
  it('popupSlice, opened twice, resets unspecified fields to their defaults and bumps the serial', () => {
    const store = makeStore();
    store.dispatch(opened({ message: 'a', canClose: false, fullPage: true, buttons: { ok: { title: 'OK' } } }));
    store.dispatch(opened({ message: 'b' }));
    expect(store.getState().popup).toMatchObject({
      open: true,
      message: 'b',
      canClose: true,
      fullPage: false,
      buttons: {},
      serial: 2,
    });
  });

  it('popupSlice, closed, sets open false and clears the message unless keepMsg', () => {
    const store = makeStore();
    store.dispatch(opened({ message: 'keep', keepMsg: true }));
    store.dispatch(closed());
    expect(store.getState().popup).toMatchObject({ open: false, message: 'keep' });
  });

  it('popupSlice, action types, follow domain/eventName', () => {
    expect(opened.type).toBe('popup/opened');
    expect(closed.type).toBe('popup/closed');
  });
});
