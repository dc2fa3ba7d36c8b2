import { AppError } from '@talkwith/platform';
import { messages as httpMessages } from '@talkwith/platform/http';
import type { PasswordChangeBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { resetMail, noticeMail } from './mails.ts';
import { messages } from './messages.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertPassword } from './registration.ts';
import { normalizeEmail } from './users.ts';

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
  if (!(await deps.tokens.usable('password_reset', token, deps.clock()))) throw new AppError('VALIDATION_FAILED', messages.tokenInvalid, { field: 'token' });
}

export async function resetPassword(deps: AccountsDeps, token: string, newPassword: string): Promise<void> {
  assertPassword(newPassword, 'newPassword');
  const used = await deps.tokens.consume('password_reset', token, deps.clock());
  if (!used) throw new AppError('VALIDATION_FAILED', messages.tokenInvalid, { field: 'token' });
  // The other reset links mailed to this user stop working with this one.
  await deps.tokens.revokeAll('password_reset', used.userId, deps.clock());
  await setPassword(deps, used.userId, newPassword);
  if (used.payload) await deps.users.updateOne({ _id: used.userId, email: used.payload, emailConfirmedAt: null }, { $set: { emailConfirmedAt: deps.clock() } });
}

export async function changePassword(deps: AccountsDeps, callerId: string, body: PasswordChangeBody): Promise<void> {
  if (body.user_id !== callerId) throw new AppError('FORBIDDEN', httpMessages.forbidden);
  assertPassword(body.newPassword, 'newPassword');
  const user = await deps.users.findOne({ _id: callerId });
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  if (!(await deps.currentPassword.check(user._id, () => verifyPassword(body.currentPassword, user.passwordHash, deps.hasher)))) {
    throw new AppError('VALIDATION_FAILED', messages.currentPasswordWrong, { field: 'currentPassword' });
  }
  await setPassword(deps, callerId, body.newPassword);
}

/** Sets a password and ends every session of the user: a changed password must lock out whoever knew the old one. */
export async function setPassword(deps: AccountsDeps, userId: string, password: string, notify = true): Promise<void> {
  const user = await deps.users.findOneAndUpdate({ _id: userId }, { $set: { passwordHash: await hashPassword(password, deps.hasher), mustChangePassword: false } });
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  await deps.refresh.revokeUser(userId);
  await deps.sessions.bump(userId);
  if (notify) await deps.mail.send(noticeMail(user.email, 'パスワードの変更'));
}
