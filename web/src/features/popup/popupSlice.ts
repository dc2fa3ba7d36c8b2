import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The shared popup dialog of SPEC.md §3. The store holds what is serialisable;
 * children and click actions live in popupHandlers (functions and elements do
 * not belong in Redux state).
 */
export type PopupButtonKind = 'ok' | 'cancel' | 'other';

export interface PopupButtonState {
  title: string;
}

export interface PopupState {
  open: boolean;
  message: string;
  canClose: boolean;
  keepMsg: boolean;
  fullPage: boolean;
  className: string;
  buttons: Partial<Record<PopupButtonKind, PopupButtonState>>;
  /** Bumped on every opening so the component can tell two dialogs apart. */
  serial: number;
}

export type PopupOpenPayload = Partial<Omit<PopupState, 'open' | 'serial'>>;

const initialState: PopupState = {
  open: false,
  message: '',
  canClose: true,
  keepMsg: false,
  fullPage: false,
  className: '',
  buttons: {},
  serial: 0,
};

export const popupSlice = createSlice({
  name: 'popup',
  initialState,
  reducers: {
    opened(state, action: PayloadAction<PopupOpenPayload>) {
      return { ...initialState, ...action.payload, open: true, serial: state.serial + 1 };
    },
    closed(state) {
      state.open = false;
      // keepMsg: the message stays after closing (e.g. shown again on reopen or while fading out).
      if (!state.keepMsg) state.message = '';
    },
  },
  selectors: {
    selectPopup: (state) => state,
  },
});

export const { opened, closed } = popupSlice.actions;
export const { selectPopup } = popupSlice.selectors;
