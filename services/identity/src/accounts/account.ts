import { AppError, type Transaction } from '@talkwith/platform';
import { DEFAULT_INTERFACE_LANGUAGE, type InterfaceLanguage, type ProfileBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { addressInUseMail, emailChangeMail, noticeMail } from './mails.ts';
import { identityErrors } from '../errors.ts';
import { assertAdminRemains, touchAdminGuard } from './operators.ts';
import { verifyPassword } from './password-hash.ts';
import { normalizeEmail, toPublicUser, usersIn, type UserDoc } from './users.ts';

async function requireUser(deps: AccountsDeps, userId: string): Promise<UserDoc> {
  const user = await deps.users.findOne({ _id: userId });
  if (!user) throw identityErrors.userNotFound();
  return user;
}

/** The current password, with guesses limited per user (current-password.ts). */
async function requirePassword(deps: AccountsDeps, user: UserDoc, password: string): Promise<void> {
  if (!(await deps.currentPassword.check(user._id, () => verifyPassword(password, user.passwordHash, deps.hasher)))) {
    throw identityErrors.currentPasswordWrong('password');
  }
}

export async function getMe(deps: AccountsDeps, userId: string) {
  return toPublicUser(await requireUser(deps, userId));
}

export async function updateProfile(deps: AccountsDeps, userId: string, body: ProfileBody) {
  const user = await deps.users.findOneAndUpdate({ _id: userId }, { $set: { ...body } });
  if (!user) throw identityErrors.userNotFound();
  return toPublicUser(user);
}

/**
 * The signed-in user switched the interface language: stored, and announced
 * (user.language_changed, for billing's mails) in the same transaction, so
 * neither exists without the other. The same language again writes nothing.
 */
export async function changeLanguage(deps: AccountsDeps, userId: string, language: InterfaceLanguage) {
  return toPublicUser(
    await deps.store.withTransaction(async (tx) => {
      const before = await usersIn(tx).findOneAndUpdate(
        { _id: userId },
        { $set: { language } },
        { returnDocument: 'before' },
      );
      if (!before) throw identityErrors.userNotFound();
      if ((before.language ?? DEFAULT_INTERFACE_LANGUAGE) !== language)
        await deps.events.publish('user.language_changed', userId, { user_id: userId, language }, tx);
      return { ...before, language };
    }),
  );
}

/**
 * Mails a link to the new address; the address changes only when that link is
 * opened. A taken address gets the same answer, and its owner a notice instead
 * of a link, so the form cannot be used to find out which e-mails exist.
 */
export async function requestEmailChange(
  deps: AccountsDeps,
  userId: string,
  newEmail: string,
  password: string,
): Promise<void> {
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

/**
 * The new address and user.email_changed in the caller's transaction (with a
 * link, its use too; with an admin, the audit entry): neither exists without
 * the other.
 */
export async function applyEmailChange(
  deps: AccountsDeps,
  tx: Transaction,
  userId: string,
  newEmail: string,
  by: 'user' | 'admin',
) {
  const before = await usersIn(tx).findOne({ _id: userId });
  if (!before) throw identityErrors.userNotFound();
  let after: UserDoc | null;
  try {
    after = await usersIn(tx).findOneAndUpdate(
      { _id: userId },
      { $set: { email: newEmail, emailConfirmedAt: deps.clock() } },
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'DUPLICATE_KEY') throw identityErrors.emailTaken('new_email');
    throw err;
  }
  if (!after) throw identityErrors.userNotFound();
  await deps.events.publish(
    'user.email_changed',
    userId,
    { user_id: userId, old_email: before.email, new_email: newEmail, by },
    tx,
  );
  return { before, after };
}

/** Confirms an e-mail-change link (the same /email_confirm page serves both kinds of link); the link stays usable if the change fails. */
export async function confirmEmailChange(deps: AccountsDeps, token: string) {
  const changed = await deps.store.withTransaction(async (tx) => {
    const used = await deps.tokens.consume('email_change', token, deps.clock(), tx);
    if (!used || !used.payload) return null;
    return applyEmailChange(deps, tx, used.userId, used.payload, 'user');
  });
  if (!changed) return null;
  await deps.mail.send(noticeMail(changed.before.email, 'メールアドレスの変更'));
  return toPublicUser(changed.after);
}

export async function deleteAccount(deps: AccountsDeps, userId: string, password: string): Promise<void> {
  const user = await requireUser(deps, userId);
  await requirePassword(deps, user, password);
  await eraseUser(deps, userId, 'user');
}

/** Erases the account; the last active admin cannot erase itself (409, in the same transaction as the delete). */
export async function eraseUser(deps: AccountsDeps, userId: string, by: 'user' | 'admin'): Promise<void> {
  await deps.store.withTransaction(async (tx) => {
    const admins = await touchAdminGuard(tx);
    await eraseUserIn(deps, tx, userId, by);
    await assertAdminRemains(tx, admins);
  });
  await endSessionsOfErased(deps, userId);
}

/** The account, its refresh tokens and user.deleted in `tx`; call endSessionsOfErased once it committed. */
export async function eraseUserIn(
  deps: AccountsDeps,
  tx: Transaction,
  userId: string,
  by: 'user' | 'admin',
): Promise<void> {
  const { deletedCount } = await usersIn(tx).deleteOne({ _id: userId });
  if (deletedCount === 0) throw identityErrors.userNotFound();
  await deps.refresh.revokeUser(userId, tx);
  await deps.events.publish('user.deleted', userId, { user_id: userId, by }, tx);
}

/** Every access token of an erased user refused at once (the session version in the cache). */
export async function endSessionsOfErased(deps: AccountsDeps, userId: string): Promise<void> {
  await deps.sessions.revoke(userId);
}
