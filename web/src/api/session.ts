import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from '@talkwith/proto/identity';

/**
 * Who is signed in. The access token is kept in memory only (never in
 * storage); the refresh token is an httpOnly cookie the page cannot read.
 * It lives in api/ because the transport needs it and every feature reads it.
 */
export type SessionStatus = 'unknown' | 'guest' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  user: PublicUser | null;
}

const initialState: SessionState = { status: 'unknown', accessToken: null, user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ accessToken: string; user: PublicUser }>) {
      state.status = 'authenticated';
      state.accessToken = action.payload.accessToken;
      state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
    },
    signedOut() {
      return { status: 'guest' as const, accessToken: null, user: null };
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectUser: (state) => state.user,
    selectIsAdmin: (state) => state.user?.roles.includes('admin') ?? false,
  },
});

export const { signedIn, userUpdated, signedOut } = sessionSlice.actions;
export const { selectSession, selectUser, selectIsAdmin } = sessionSlice.selectors;
