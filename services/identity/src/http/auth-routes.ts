import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { OkBody } from '@talkwith/proto';
import {
  AccountDeleteBody,
  ConfirmResendBody,
  EmailChangeBody,
  LoginBody,
  LoginResult,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  ProfileBody,
  LanguageBody,
  SessionReply,
  SignupBody,
  TokenBody,
  UserReply,
} from '@talkwith/proto/identity';
import type { AccountsDeps } from '../accounts/deps.ts';
import { confirmEmail, resendConfirmation, signup } from '../accounts/registration.ts';
import { login, logout, refreshSession } from '../accounts/sessions.ts';
import { changePassword, checkResetToken, requestPasswordReset, resetPassword } from '../accounts/passwords.ts';
import {
  confirmEmailChange,
  changeLanguage,
  deleteAccount,
  getMe,
  requestEmailChange,
  updateProfile,
} from '../accounts/account.ts';
import { requireUser } from './auth-guard.ts';
import { DEVICE_TTL_SECONDS } from '../accounts/devices.ts';
import { loginRefusalStatus } from '../errors.ts';
import {
  assertCsrf,
  clearSessionCookies,
  deviceProofOf,
  refreshTokenOf,
  setDeviceCookie,
  setSessionCookies,
} from './cookies.ts';

export interface AuthRouteOptions {
  deps: AccountsDeps;
  refreshTtlSeconds: number;
  /** Signs CSRF tokens to the session (cookies.ts csrfKeyFrom). */
  csrfKey: Buffer;
}

/** Consumer-facing account routes under /api/auth (SPEC.md §7 Authentication). */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (
  app,
  { deps, refreshTtlSeconds, csrfKey },
) => {
  // Work whose duration would tell which e-mails exist runs after the answer is sent; closing waits for it.
  const background = new Set<Promise<void>>();
  const offResponsePath = (req: FastifyRequest, work: () => Promise<void>) => {
    const job: Promise<void> = work()
      .catch((err: unknown) => {
        req.log.error({ err }, 'background account mail failed');
      })
      .finally(() => {
        background.delete(job);
      });
    background.add(job);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...background]);
  });

  app.post(
    '/api/auth/signup',
    {
      schema: {
        summary: 'Register with e-mail and password; a confirmation mail follows',
        body: SignupBody,
        response: { 201: UserReply },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return { ok: true as const, user: await signup(deps, req.body) };
    },
  );

  app.post(
    '/api/auth/email_confirm/resend',
    {
      schema: {
        summary: 'Send the confirmation mail again (limited per address)',
        body: ConfirmResendBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      const resend = await resendConfirmation(deps, req.body.email, req.ip);
      offResponsePath(req, () => resend.send());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/email_confirm',
    {
      schema: {
        summary: 'Confirm the e-mail address with the mailed token',
        body: TokenBody,
        response: { 200: UserReply },
      },
    },
    async (req) => {
      // One confirmation page serves both sign-up and e-mail-change links.
      const changed = await confirmEmailChange(deps, req.body.token);
      return { ok: true as const, user: changed ?? (await confirmEmail(deps, req.body.token)) };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Log in; sets the refresh cookie, or answers a refusal in the LoginResult body',
        body: LoginBody,
        response: { '2xx': LoginResult, '4xx': LoginResult },
      },
    },
    async (req, reply) => {
      const session = await login(deps, req.body.username, req.body.password, req.ip, deviceProofOf(req));
      if (session.refreshToken) setSessionCookies(reply, session.refreshToken, refreshTtlSeconds, csrfKey);
      if (session.device) setDeviceCookie(reply, session.device, DEVICE_TTL_SECONDS);
      reply.code(session.refusal ? loginRefusalStatus[session.refusal] : 200);
      return session.result;
    },
  );

  app.post(
    '/api/auth/refresh',
    { schema: { summary: 'A new access token from the refresh cookie (rotated)', response: { 200: SessionReply } } },
    async (req, reply) => {
      assertCsrf(req, csrfKey);
      const session = await refreshSession(deps, refreshTokenOf(req)).catch((err: unknown) => {
        clearSessionCookies(reply);
        throw err;
      });
      setSessionCookies(reply, session.refreshToken, refreshTtlSeconds, csrfKey);
      return { ok: true as const, accessToken: session.accessToken, user: session.user };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { summary: 'Log out: revokes the refresh token and clears the cookies', response: { 200: OkBody } } },
    async (req, reply) => {
      assertCsrf(req, csrfKey);
      await logout(deps, refreshTokenOf(req));
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { summary: "The caller's account", response: { 200: UserReply } } },
    async (req) => {
      const claims = await requireUser(req);
      return { ok: true as const, user: await getMe(deps, claims.sub) };
    },
  );

  app.put(
    '/api/auth/profile',
    { schema: { summary: "Change the caller's profile", body: ProfileBody, response: { 200: UserReply } } },
    async (req) => {
      const claims = await requireUser(req);
      return { ok: true as const, user: await updateProfile(deps, claims.sub, req.body) };
    },
  );

  app.put(
    '/api/auth/language',
    { schema: { summary: "Change the caller's language", body: LanguageBody, response: { 200: UserReply } } },
    async (req) => {
      const claims = await requireUser(req);
      return { ok: true as const, user: await changeLanguage(deps, claims.sub, req.body.language) };
    },
  );

  app.post(
    '/api/auth/password_reset',
    {
      schema: {
        summary: 'Mail a password-reset link (answers the same whether the address is known or not)',
        body: PasswordResetRequestBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      const { email } = req.body;
      offResponsePath(req, () => requestPasswordReset(deps, email));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password_reset/check',
    {
      schema: { summary: 'Whether a password-reset token is still valid', body: TokenBody, response: { 200: OkBody } },
    },
    async (req) => {
      await checkResetToken(deps, req.body.token);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/auth/password_reset',
    {
      schema: { summary: 'Set a new password with a reset token', body: PasswordResetBody, response: { 200: OkBody } },
    },
    async (req) => {
      await resetPassword(deps, req.body.token, req.body.newPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password_change',
    {
      schema: {
        summary: "Change the caller's password (current password required); ends the session",
        body: PasswordChangeBody,
        response: { 200: OkBody },
      },
    },
    async (req, reply) => {
      const claims = await requireUser(req);
      await changePassword(deps, claims.sub, req.body);
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/email_change',
    {
      schema: {
        summary: 'Mail a link that moves the caller to a new address (current password required)',
        body: EmailChangeBody,
        response: { 200: OkBody },
      },
    },
    async (req) => {
      const claims = await requireUser(req);
      await requestEmailChange(deps, claims.sub, req.body.new_email, req.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/account/delete',
    {
      schema: {
        summary: "Delete the caller's account (password required); ends the session",
        body: AccountDeleteBody,
        response: { 200: OkBody },
      },
    },
    async (req, reply) => {
      const claims = await requireUser(req);
      await deleteAccount(deps, claims.sub, req.body.password);
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );
};
