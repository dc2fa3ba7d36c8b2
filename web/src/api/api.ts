import { createApi } from '@reduxjs/toolkit/query/react';
import type { ClientConfig } from '@talkwith/proto/gateway';
import type { OkBody } from '@talkwith/proto';
import type {
  AccountDeleteBody,
  EmailChangeBody,
  LoginBody,
  LoginResult,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  LanguageBody,
  ProfileBody,
  SignupBody,
  ConfirmResendBody,
  TokenBody,
  UserReply,
} from '@talkwith/proto/identity';
import { baseQueryWithReauth, refreshSessionOnce } from './baseQuery.ts';
import { signedIn, signedOut, userUpdated } from './session.ts';

/** The one API of the web client, pointed at the gateway under /api. Admin endpoints are injected by the lazily loaded console. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  // Wallet and PlayableCharacter cross features: a redeemed serial or an entered campaign (engagement)
  // changes the wallet (billing) and what the player is served (catalog).
  tagTypes: ['Me', 'Config', 'AdminUsers', 'AdminMail', 'Wallet', 'PlayableCharacter'],
  endpoints: (build) => ({
    /**
     * GET /api/config, cached per viewer (a user id, or 'guest'): what it
     * answers depends on who asks (the admin prefix is told to admins only), so
     * a log-in or a restored session is a new entry fetched with the new token.
     * Use useClientConfig(), which passes the viewer.
     */
    config: build.query<ClientConfig, string>({ query: () => 'config', providesTags: ['Config'] }),
    /** Restores the session from the refresh cookie (POST /api/auth/refresh); concurrent calls share one refresh. */
    restoreSession: build.mutation<boolean, void>({
      queryFn: async (_arg, baseApi, extraOptions) => ({
        data: await refreshSessionOnce(baseApi, extraOptions as object),
      }),
    }),
    login: build.mutation<LoginResult, LoginBody>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const outcome = await queryFulfilled.catch(() => null);
        const data = outcome?.data;
        if (data?.ok && data.accessToken && data.user)
          dispatch(signedIn({ accessToken: data.accessToken, user: data.user }));
      },
    }),
    logout: build.mutation<OkBody, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // The local session ends even when the server call fails (e.g. the cookie already expired).
        await queryFulfilled.catch(() => null);
        dispatch(signedOut());
        dispatch(api.util.resetApiState());
      },
    }),
    signup: build.mutation<UserReply, SignupBody>({ query: (body) => ({ url: 'auth/signup', method: 'POST', body }) }),
    confirmEmail: build.mutation<UserReply, TokenBody>({
      query: (body) => ({ url: 'auth/email_confirm', method: 'POST', body }),
    }),
    resendConfirmation: build.mutation<OkBody, ConfirmResendBody>({
      query: (body) => ({ url: 'auth/email_confirm/resend', method: 'POST', body }),
    }),
    me: build.query<UserReply, void>({ query: () => 'auth/me', providesTags: ['Me'] }),
    updateProfile: build.mutation<UserReply, ProfileBody>({
      query: (body) => ({ url: 'auth/profile', method: 'PUT', body }),
      invalidatesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const outcome = await queryFulfilled.catch(() => null);
        if (outcome) dispatch(userUpdated(outcome.data.user));
      },
    }),
    /** The signed-in user's interface language, kept by identity (billing writes its mails in it). */
    changeLanguage: build.mutation<UserReply, LanguageBody>({
      query: (body) => ({ url: 'auth/language', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const outcome = await queryFulfilled.catch(() => null);
        if (outcome) dispatch(userUpdated(outcome.data.user));
      },
    }),
    requestPasswordReset: build.mutation<OkBody, PasswordResetRequestBody>({
      query: (body) => ({ url: 'auth/password_reset', method: 'POST', body }),
    }),
    // The reset page checks its link on load (a POST that consumes nothing), so a dead link is said before any typing.
    checkResetToken: build.query<OkBody, TokenBody>({
      query: (body) => ({ url: 'auth/password_reset/check', method: 'POST', body }),
    }),
    resetPassword: build.mutation<OkBody, PasswordResetBody>({
      query: (body) => ({ url: 'auth/password_reset', method: 'PUT', body }),
    }),
    changePassword: build.mutation<OkBody, PasswordChangeBody>({
      query: (body) => ({ url: 'auth/password_change', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // The server ends every session of the account after a password change.
        if (
          await queryFulfilled.then(
            () => true,
            () => false,
          )
        )
          dispatch(signedOut());
      },
    }),
    requestEmailChange: build.mutation<OkBody, EmailChangeBody>({
      query: (body) => ({ url: 'auth/email_change', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<OkBody, AccountDeleteBody>({
      query: (body) => ({ url: 'auth/account/delete', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (
          await queryFulfilled.then(
            () => true,
            () => false,
          )
        )
          dispatch(signedOut());
      },
    }),
  }),
});

export const {
  useRestoreSessionMutation,
  useLoginMutation,
  useLogoutMutation,
  useSignupMutation,
  useConfirmEmailMutation,
  useResendConfirmationMutation,
  useMeQuery,
  useUpdateProfileMutation,
  useChangeLanguageMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useCheckResetTokenQuery,
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useDeleteAccountMutation,
} = api;
