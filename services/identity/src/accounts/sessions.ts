import type { LoginResult } from '@talkwith/proto/identity';
import { RELOGIN_WINDOW_MS, type AccountsDeps } from './deps.ts';
import { identityErrors, messages, type LoginRefusal } from '../errors.ts';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.ts';
import { normalizeEmail, toPublicUser, usersIn, type UserDoc } from './users.ts';

export interface Session {
  result: LoginResult;
  /** Set on success: the refresh token for the httpOnly cookie. */
  refreshToken?: string;
  /** Set on a successful password log-in: the device proof for its cookie (devices.ts). */
  device?: string;
  /** Set when log-in is refused; the route answers the status errors.ts gives the code. */
  refusal?: LoginRefusal;
}

async function passwordMatches(deps: AccountsDeps, user: UserDoc | null, password: string): Promise<boolean> {
  // Always run the hash, even for unknown accounts, so timing does not reveal which e-mails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? deps.decoyHash, deps.hasher);
  return ok && user !== null;
}

/** `device` is the browser's device cookie, if any: a valid one for this account exempts it from the account-wide slow-down. */
export async function login(
  deps: AccountsDeps,
  username: string,
  password: string,
  address: string,
  device?: string,
): Promise<Session> {
  const email = normalizeEmail(username);
  // Counted before the hash, so parallel guesses cannot all slip past a check made before any failed.
  const attempt = await deps.limiter.reserve(email, address, deps.devices.verify(device, email));
  if (!attempt)
    return {
      refusal: 'LOGIN_RATE_LIMITED',
      result: { ok: false, rateLimited: true, errorMessage: messages.loginRateLimited },
    };
  let user: UserDoc | null;
  try {
    user = await deps.users.findOne({ email });
    if (!(await passwordMatches(deps, user, password)) || !user) {
      await attempt.fail();
      return { refusal: 'LOGIN_FAILED', result: { ok: false, errorMessage: messages.loginFailed } };
    }
  } finally {
    // Right password, or no verdict (e.g. the hash queue was full): not a failure.
    await attempt.release();
  }
  if (!user.emailConfirmedAt)
    return { refusal: 'EMAIL_NOT_CONFIRMED', result: { ok: false, errorMessage: messages.emailNotConfirmed } };
  // The password proved the owner: this browser is a known device of the account from now on (renewed at each log-in).
  return { ...(await startSession(deps, user, { method: 'password', password })), device: deps.devices.issue(email) };
}

/** The token claim that keeps admin routes shut until a printed first password is changed. */
const passwordChange = (user: UserDoc) => (user.mustChangePassword ? { pwc: true as const } : {});

/** Opens a session for an authenticated user; with the password, an outdated hash is upgraded on the way. */
export async function startSession(
  deps: AccountsDeps,
  user: UserDoc,
  how: { method: 'password' | 'google'; password?: string },
): Promise<Session> {
  // Said only after the password (or Google) proved the owner, so it tells a stranger nothing.
  if (user.suspendedAt)
    return { refusal: 'ACCOUNT_SUSPENDED', result: { ok: false, errorMessage: messages.accountSuspended } };
  const now = deps.clock();
  const relogin = user.lastLoginAt !== null && now.getTime() - user.lastLoginAt.getTime() < RELOGIN_WINDOW_MS;
  const set: Partial<UserDoc> = { lastLoginAt: now };
  if (how.password && needsRehash(user.passwordHash, deps.hasher))
    set.passwordHash = await hashPassword(how.password, deps.hasher);
  // The log-in time and user.logged_in (the login bonus counts it) commit together: neither exists without the other.
  const updated = await deps.store.withTransaction(async (tx) => {
    const stored = (await usersIn(tx).findOneAndUpdate({ _id: user._id }, { $set: set })) ?? user;
    await deps.events.publish(
      'user.logged_in',
      user._id,
      { user_id: user._id, relogin, method: how.method, at: now.toISOString() },
      tx,
    );
    return stored;
  });
  return {
    refreshToken: await deps.refresh.start(user._id),
    result: {
      ok: true,
      relogin,
      accessToken: deps.signAccessToken({
        sub: user._id,
        roles: user.roles,
        sv: await deps.sessions.announce(updated),
        ...passwordChange(updated),
      }),
      user: toPublicUser(updated),
      ...(updated.mustChangePassword ? { passwordChangeRequired: true } : {}),
    },
  };
}

/** Exchanges a refresh token for a new pair; a reused token revokes its whole family. */
export async function refreshSession(deps: AccountsDeps, token: string | undefined) {
  const outcome = token ? await deps.refresh.rotate(token) : ({ kind: 'invalid' } as const);
  // A replayed refresh token means a thief may hold access tokens of this family: end them all.
  if (outcome.kind === 'reused') await deps.sessions.bump(outcome.userId);
  if (outcome.kind !== 'rotated') throw identityErrors.sessionExpired();
  const user = await deps.users.findOne({ _id: outcome.userId });
  // Suspension revokes refresh tokens in its transaction; this also covers a rotation that raced it.
  if (!user || user.suspendedAt) throw identityErrors.sessionExpired();
  return {
    refreshToken: outcome.token,
    accessToken: deps.signAccessToken({
      sub: user._id,
      roles: user.roles,
      sv: await deps.sessions.announce(user),
      ...passwordChange(user),
    }),
    user: toPublicUser(user),
  };
}

/** Ends this browser's refresh-token family and (by a version bump) every access token of the user. */
export async function logout(deps: AccountsDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const userId = await deps.refresh.revokeFamilyOf(token);
  if (userId) await deps.sessions.bump(userId);
}
