import { AppError } from '@talkwith/platform';
import { DEFAULT_INTERFACE_LANGUAGE, type InterfaceLanguage, type ProfileBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { addressInUseMail, emailChangeMail, noticeMail } from './mails.ts';
import { messages } from './messages.ts';
import { verifyPassword } from './password-hash.ts';
import { normalizeEmail, toPublicUser, usersIn, type UserDoc } from './users.ts';

async function requireUser(deps: AccountsDeps, userId: string): Promise<UserDoc> {
  const user = await deps.users.findOne({ _id: userId });
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  return user;
}

/** The current password, with guesses limited per user (current-password.ts). */
async function requirePassword(deps: AccountsDeps, user: UserDoc, password: string): Promise<void> {
  if (!(await deps.currentPassword.check(user._id, () => verifyPassword(password, user.passwordHash, deps.hasher)))) {
    throw new AppError('VALIDATION_FAILED', messages.currentPasswordWrong, { field: 'password' });
  }
}

export async function getMe(deps: AccountsDeps, userId: string) {
  return toPublicUser(await requireUser(deps, userId));
}

export async function updateProfile(deps: AccountsDeps, userId: string, body: ProfileBody) {
  const user = await deps.users.findOneAndUpdate({ _id: userId }, { $set: { ...body } });
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  return toPublicUser(user);
}

/**
 * The signed-in user switched the interface language: stored, and announced
 * (user.language_changed, for billing's mails) in the same transaction, so
 * neither exists without the other. The same language again writes nothing.
 */
export async function changeLanguage(deps: AccountsDeps, userId: string, language: InterfaceLanguage) {
  return toPublicUser(await deps.store.withTransaction(async (tx) => {
    const before = await usersIn(tx).findOneAndUpdate({ _id: userId }, { $set: { language } }, { returnDocument: 'before' });
    if (!before) throw new AppError('NOT_FOUND', messages.userNotFound);
    if ((before.language ?? DEFAULT_INTERFACE_LANGUAGE) !== language) await deps.events.publish('user.language_changed', userId, { user_id: userId, language }, tx);
    return { ...before, language };
  }));
}

/**
 * Mails a link to the new address; the address changes only when that link is
 * opened. A taken address gets the same answer, and its owner a notice instead
 * of a link, so the form cannot be used to find out which e-mails exist.
 */
export async function requestEmailChange(deps: AccountsDeps, userId: string, newEmail: string, password: string): Promise<void> {
  const user = await requireUser(deps, userId);
  await requirePassword(deps, user, password);
  const email = normalizeEmail(newEmail);
  const owner = await deps.users.findOne({ email });
  if (owner) {
    if (owner._id !== userId) await deps.mail.send(addressInUseMail(owner.email));
    return;
  }
  const token = await deps.tokens.issue('email_change', userId, TOKEN_TTL.emailChange, email);
  await deps.mail.send(emailChangeMail(deps.publicUrl, email, token));
}

export async function applyEmailChange(deps: AccountsDeps, userId: string, newEmail: string, by: 'user' | 'admin') {
  const before = await requireUser(deps, userId);
  let after: UserDoc | null;
  try {
    after = await deps.users.findOneAndUpdate({ _id: userId }, { $set: { email: newEmail, emailConfirmedAt: deps.clock() } });
  } catch (err) {
    if (err instanceof AppError && err.code === 'DUPLICATE_KEY') throw new AppError('CONFLICT', messages.emailTaken, { field: 'new_email' });
    throw err;
  }
  if (!after) throw new AppError('NOT_FOUND', messages.userNotFound);
  await deps.events.publish('user.email_changed', userId, { user_id: userId, old_email: before.email, new_email: newEmail, by });
  return { before, after };
}

/** Confirms an e-mail-change link (the same /email_confirm page serves both kinds of link). */
export async function confirmEmailChange(deps: AccountsDeps, token: string) {
  const used = await deps.tokens.consume('email_change', token, deps.clock());
  if (!used || !used.payload) return null;
  const { before, after } = await applyEmailChange(deps, used.userId, used.payload, 'user');
  await deps.mail.send(noticeMail(before.email, 'メールアドレスの変更'));
  return toPublicUser(after);
}

export async function deleteAccount(deps: AccountsDeps, userId: string, password: string): Promise<void> {
  const user = await requireUser(deps, userId);
  await requirePassword(deps, user, password);
  await eraseUser(deps, userId, 'user');
}

export async function eraseUser(deps: AccountsDeps, userId: string, by: 'user' | 'admin'): Promise<void> {
  await deps.store.withTransaction(async (tx) => {
    const { deletedCount } = await usersIn(tx).deleteOne({ _id: userId });
    if (deletedCount === 0) throw new AppError('NOT_FOUND', messages.userNotFound);
    await deps.events.publish('user.deleted', userId, { user_id: userId, by }, tx);
  });
  await deps.sessions.revoke(userId);
  await deps.refresh.revokeUser(userId);
}
