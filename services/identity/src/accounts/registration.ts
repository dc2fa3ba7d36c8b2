import { randomUUID } from 'node:crypto';
import { AppError } from '@talkwith/platform';
import { reserveOrRefuse } from '@talkwith/platform/limits';
import { isMinorOn, type SignupBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { messages, identityErrors } from '../errors.ts';
import { hashPassword } from './password-hash.ts';
import { passwordProblem } from './password-policy.ts';
import { normalizeEmail, toPublicUser, usersIn, type UserDoc } from './users.ts';
import { confirmMail, signupAttemptMail } from './mails.ts';

export function assertPassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password);
  if (problem) throw identityErrors.invalidField(problem, field);
}

/**
 * A minor (under 18 in Japan time today) signs up only with the guardian's
 * consent declared (terms: minors need guardian consent): refused 400 on the
 * field otherwise, before anything is stored or mailed (so the answer says
 * nothing about whether the address is taken). Returns when it was given.
 */
export function guardianConsentOf(
  body: Pick<SignupBody, 'date_of_birth' | 'guardian_consent'>,
  now: Date,
): Date | undefined {
  if (!isMinorOn(body.date_of_birth, now)) return undefined;
  if (body.guardian_consent !== true) throw identityErrors.guardianConsentRequired();
  return now;
}

/**
 * Creates an unconfirmed customer and mails a confirmation link. A taken
 * address gets the same answer (an unconfirmed user as a new sign-up would
 * be, under an id that is never stored), and its owner a mail saying someone
 * tried; an owner who never confirmed gets a fresh confirmation link in it.
 */
/** The nickname a sign-up chose, else the part of the address before @ (so no greeting shows the whole address), within the profile's 40. */
export function signupNickname(email: string, chosen: string | undefined): string {
  const trimmed = chosen?.trim() ?? '';
  return [...(trimmed || email.split('@')[0] || '')].slice(0, 40).join('');
}

export async function signup(deps: AccountsDeps, body: SignupBody) {
  assertPassword(body.password);
  const email = normalizeEmail(body.email);
  const nickname = signupNickname(email, body.nickname);
  const now = deps.clock();
  const guardianConsentAt = guardianConsentOf(body, now);
  // Hashed before the transaction: it would hold the store for the whole hash.
  const passwordHash = await hashPassword(body.password, deps.hasher);
  let user: UserDoc;
  try {
    user = await registerUser(deps, {
      email,
      passwordHash,
      gender: body.gender,
      date_of_birth: body.date_of_birth,
      nickname,
      roles: ['customer'],
      emailConfirmedAt: null,
      createdAt: now,
      lastLoginAt: null,
      ...(guardianConsentAt ? { guardianConsentAt } : {}),
      ...(body.language ? { language: body.language } : {}),
    });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'DUPLICATE_KEY')) throw err;
    await mailOwnerOfTakenAddress(deps, email);
    return toPublicUser({
      _id: randomUUID(),
      email,
      passwordHash: '',
      gender: body.gender,
      date_of_birth: body.date_of_birth,
      nickname,
      roles: ['customer'],
      emailConfirmedAt: null,
      createdAt: now,
      lastLoginAt: null,
    });
  }
  const token = await deps.tokens.issue('email_confirm', user._id, TOKEN_TTL.emailConfirm);
  await deps.mail.send(confirmMail(deps.publicUrl, email, token));
  return toPublicUser(user);
}

async function mailOwnerOfTakenAddress(deps: AccountsDeps, email: string): Promise<void> {
  const owner = await deps.users.findOne({ email });
  if (!owner) return;
  const token = owner.emailConfirmedAt
    ? null
    : await deps.tokens.issue('email_confirm', owner._id, TOKEN_TTL.emailConfirm);
  await deps.mail.send(signupAttemptMail(deps.publicUrl, owner.email, token));
}

export const RESEND_LIMIT = { perEmail: 3, perAddress: 20, windowMs: 60 * 60_000 };

/**
 * Mails a fresh confirmation link to an unconfirmed account. Answers alike
 * for unknown, confirmed and unconfirmed addresses (the caller runs `send`
 * off the response path); limited per e-mail and per client address on the
 * platform's one limiter, keyed by (a hash of) what was asked, so the limit
 * says nothing about accounts either.
 */
export async function resendConfirmation(
  deps: AccountsDeps,
  rawEmail: string,
  clientAddress: string,
): Promise<{ send(): Promise<void> }> {
  const email = normalizeEmail(rawEmail);
  const { perEmail, perAddress, windowMs } = RESEND_LIMIT;
  await reserveOrRefuse(
    deps.cache,
    [
      { name: 'confirm-resend.email', key: email, max: perEmail, windowMs },
      { name: 'confirm-resend.address', key: clientAddress, max: perAddress, windowMs },
    ],
    messages.resendRateLimited,
  );
  return {
    async send() {
      const user = await deps.users.findOne({ email });
      if (!user || user.emailConfirmedAt) return;
      const token = await deps.tokens.issue('email_confirm', user._id, TOKEN_TTL.emailConfirm);
      await deps.mail.send(confirmMail(deps.publicUrl, user.email, token));
    },
  };
}

/** Stores a new user and its user.registered event in one transaction: neither exists without the other. */
export async function registerUser(deps: AccountsDeps, fields: Omit<UserDoc, '_id'>): Promise<UserDoc> {
  return deps.store.withTransaction(async (tx) => {
    const user = await usersIn(tx).insertOne(fields);
    await deps.events.publish(
      'user.registered',
      user._id,
      {
        user_id: user._id,
        email: user.email,
        registered_at: user.createdAt.toISOString(),
        date_of_birth: user.date_of_birth,
        ...(user.guardianConsentAt ? { guardian_consent_at: user.guardianConsentAt.toISOString() } : {}),
        ...(user.language ? { language: user.language } : {}),
      },
      tx,
    );
    return user;
  });
}

export async function confirmEmail(deps: AccountsDeps, token: string) {
  const used = await deps.tokens.consume('email_confirm', token, deps.clock());
  if (!used) throw identityErrors.tokenInvalid();
  const user = await deps.users.findOneAndUpdate({ _id: used.userId }, { $set: { emailConfirmedAt: deps.clock() } });
  if (!user) throw identityErrors.userNotFound();
  return toPublicUser(user);
}
