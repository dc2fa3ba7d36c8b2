import type { Transaction } from '@talkwith/platform';
import type { PasswordChangeBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { resetMail, noticeMail } from './mails.ts';
import { identityErrors } from '../errors.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertPassword } from './registration.ts';
import { normalizeEmail, usersIn, type UserDoc } from './users.ts';

/**
 * Mails a reset link to a known address, nothing to an unknown one. The route
 * runs this off the response path, so neither the answer nor its timing says
 * which e-mails exist. The token remembers the address it was mailed to: a
 * completed reset proves the user reads that mailbox and confirms it.
 */
export async function requestPasswordReset(deps: AccountsDeps, email: string): Promise<void> {
  const user = await deps.users.findOne({ email: normalizeEmail(email) });
  if (!user) return;
  const token = await deps.tokens.issue('password_reset', user._id, TOKEN_TTL.passwordReset, user.email);
  await deps.mail.send(resetMail(deps.publicUrl, user.email, token));
}

/** A reset link checked when its page opens: 400 with the same message as a reset with it would get. */
export async function checkResetToken(deps: AccountsDeps, token: string): Promise<void> {
  if (!(await deps.tokens.isLive('password_reset', token, deps.clock()))) throw identityErrors.tokenInvalid();
}

/**
 * Completes a reset: the link used, the user's other reset links revoked, the
 * new password with every session ended, and the address the link went to
 * confirmed, all in one transaction, so a failure leaves the link usable and
 * nothing half-done. The hash runs before (never inside a transaction), and
 * only for a link that is live.
 */
export async function resetPassword(deps: AccountsDeps, token: string, newPassword: string): Promise<void> {
  assertPassword(newPassword, 'newPassword');
  const invalid = identityErrors.tokenInvalid;
  if (!(await deps.tokens.isLive('password_reset', token, deps.clock()))) throw invalid();
  const passwordHash = await hashPassword(newPassword, deps.hasher);
  const written = await deps.store.withTransaction(async (tx) => {
    const now = deps.clock();
    const used = await deps.tokens.consume('password_reset', token, now, tx);
    if (!used) throw invalid();
    await deps.tokens.revokeAll('password_reset', used.userId, now, tx);
    const password = await writePassword(deps, tx, used.userId, passwordHash);
    // Completing the reset proves the user reads the mailbox the link went to.
    if (used.payload)
      await usersIn(tx).updateOne(
        { _id: used.userId, email: used.payload, emailConfirmedAt: null },
        { $set: { emailConfirmedAt: now } },
      );
    return password;
  });
  await written.afterCommit(true);
}

export async function changePassword(deps: AccountsDeps, callerId: string, body: PasswordChangeBody): Promise<void> {
  if (body.user_id !== callerId) throw identityErrors.notTheCaller();
  assertPassword(body.newPassword, 'newPassword');
  const user = await deps.users.findOne({ _id: callerId });
  if (!user) throw identityErrors.userNotFound();
  if (
    !(await deps.currentPassword.check(user._id, () =>
      verifyPassword(body.currentPassword, user.passwordHash, deps.hasher),
    ))
  ) {
    throw identityErrors.currentPasswordWrong('currentPassword');
  }
  await setPassword(deps, callerId, body.newPassword);
}

/** Sets a password and ends every session of the user: a changed password must lock out whoever knew the old one. */
export async function setPassword(deps: AccountsDeps, userId: string, password: string, notify = true): Promise<void> {
  const passwordHash = await hashPassword(password, deps.hasher);
  const written = await deps.store.withTransaction((tx) => writePassword(deps, tx, userId, passwordHash));
  await written.afterCommit(notify);
}

export interface WrittenPassword {
  user: UserDoc;
  /** Once the transaction committed: the new session version to the cache, and (notify) the notice mail. */
  afterCommit(notify: boolean): Promise<void>;
}

/**
 * A new password hash in `tx`, with every session of the user ended in the
 * same transaction (refresh tokens revoked, session version raised): a
 * committed password never leaves the old sessions working.
 */
export async function writePassword(
  deps: AccountsDeps,
  tx: Transaction,
  userId: string,
  passwordHash: string,
): Promise<WrittenPassword> {
  const user = await usersIn(tx).findOneAndUpdate(
    { _id: userId },
    { $set: { passwordHash, mustChangePassword: false } },
  );
  if (!user) throw identityErrors.userNotFound();
  await deps.refresh.revokeUser(userId, tx);
  const version = await deps.sessions.bumpIn(tx, userId);
  return {
    user,
    async afterCommit(notify) {
      await version.announce();
      if (notify) await deps.mail.send(noticeMail(user.email, 'パスワードの変更'));
    },
  };
}
