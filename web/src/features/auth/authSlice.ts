import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the account pages remember between steps: the address a confirmation mail went to, and a notice for the log-in page. */
export interface AuthFlowState {
  pendingConfirmationEmail: string | null;
  loginNotice: 'passwordChanged' | 'passwordReset' | 'emailConfirmed' | 'accountDeleted' | null;
}

const initialState: AuthFlowState = { pendingConfirmationEmail: null, loginNotice: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signupSubmitted(state, action: PayloadAction<string>) {
      state.pendingConfirmationEmail = action.payload;
    },
    loginNoticeSet(state, action: PayloadAction<AuthFlowState['loginNotice']>) {
      state.loginNotice = action.payload;
    },
  },
  selectors: {
    selectPendingConfirmationEmail: (state) => state.pendingConfirmationEmail,
    selectLoginNotice: (state) => state.loginNotice,
  },
});

export const { signupSubmitted, loginNoticeSet } = authSlice.actions;
export const { selectPendingConfirmationEmail, selectLoginNotice } = authSlice.selectors;
