import { AppError } from '@talkwith/platform';
import { audited, type AdminActor } from '@talkwith/platform/eventing';
import {
  isMinorOn,
  type AdminEmailChangeBody,
  type AdminPasswordChangeBody,
  type AdminProfileBody,
  type AdminUserBody,
  type AdminUserQuery,
} from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { emailChangeMail, noticeMail } from './mails.ts';
import { identityErrors } from '../errors.ts';
import { hashPassword } from './password-hash.ts';
import { writePassword } from './passwords.ts';
import { applyEmailChange, endSessionsOfErased, eraseUserIn } from './account.ts';
import { assertPassword } from './registration.ts';
import { assertAdminRemains, touchAdminGuard } from './operators.ts';
import { normalizeEmail, toPublicUser, userListFilter, usersIn } from './users.ts';

export const ADMIN_PAGE_SIZE = 20;

/**
 * Every admin write runs in audited(): the write and its audit entry
 * (admin.acted: who, what, which user; kept by the logging service) commit
 * together. Mails and cache writes follow once committed.
 */
const actor = (adminId: string): AdminActor => ({ adminId });

export async function listUsers(deps: AccountsDeps, query: AdminUserQuery) {
  const filter = userListFilter(query, deps.clock());
  const [users, total] = await Promise.all([
    deps.users.find(filter, {
      sort: { createdAt: -1 },
      skip: (query.page - 1) * ADMIN_PAGE_SIZE,
      limit: ADMIN_PAGE_SIZE,
    }),
    deps.users.countDocuments(filter),
  ]);
  return { users: users.map(toPublicUser), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * The account, its user.registered (billing opens the wallet and knows the
 * account) and the audit entry commit together: none exists without the others.
 */
export async function createUser(deps: AccountsDeps, adminId: string, body: AdminUserBody) {
  assertPassword(body.password);
  const passwordHash = await hashPassword(body.password, deps.hasher);
  try {
    const user = await audited(
      deps,
      actor(adminId),
      'user.created',
      async (tx) => {
        const now = deps.clock();
        const created = await usersIn(tx).insertOne({
          email: normalizeEmail(body.email),
          passwordHash,
          gender: body.gender,
          date_of_birth: body.date_of_birth,
          nickname: body.nickname?.trim() ?? '',
          roles: body.roles ?? ['customer'],
          emailConfirmedAt: now,
          createdAt: now,
          lastLoginAt: null,
          // An operator records a minor's consent they received (not required here: the console is not the customer's sign-up).
          ...(body.guardian_consent === true && isMinorOn(body.date_of_birth, now) ? { guardianConsentAt: now } : {}),
          ...(body.language ? { language: body.language } : {}),
        });
        await deps.events.publish(
          'user.registered',
          created._id,
          {
            user_id: created._id,
            email: created.email,
            registered_at: now.toISOString(),
            date_of_birth: created.date_of_birth,
            by: 'admin',
            ...(created.guardianConsentAt ? { guardian_consent_at: created.guardianConsentAt.toISOString() } : {}),
            ...(created.language ? { language: created.language } : {}),
          },
          tx,
        );
        return created;
      },
      () => ({}),
      (created) => created._id,
    );
    return toPublicUser(user);
  } catch (err) {
    if (err instanceof AppError && err.code === 'DUPLICATE_KEY') throw identityErrors.emailTaken('email');
    throw err;
  }
}

export async function adminUpdateProfile(deps: AccountsDeps, adminId: string, userId: string, body: AdminProfileBody) {
  const { user, version } = await audited(
    deps,
    actor(adminId),
    'user.updated',
    async (tx) => {
      const admins = body.roles ? await touchAdminGuard(tx) : 0;
      const before = await usersIn(tx).findOneAndUpdate(
        { _id: userId },
        { $set: { ...body } },
        { returnDocument: 'before' },
      );
      if (!before) throw identityErrors.userNotFound();
      // New roles take effect now: tokens signed with the old ones stop working.
      const rolesChanged = body.roles && [...before.roles].sort().join() !== [...body.roles].sort().join();
      if (rolesChanged) await assertAdminRemains(tx, admins);
      const version = rolesChanged ? await deps.sessions.bumpIn(tx, userId) : null;
      return { user: (await usersIn(tx).findOne({ _id: userId })) ?? before, version };
    },
    () => ({ fields: Object.keys(body) }),
    () => userId,
  );
  await version?.announce();
  return toPublicUser(user);
}

export async function adminDeleteUser(deps: AccountsDeps, adminId: string, userId: string): Promise<void> {
  await audited(
    deps,
    actor(adminId),
    'user.deleted',
    async (tx) => {
      const admins = await touchAdminGuard(tx);
      await eraseUserIn(deps, tx, userId, 'admin');
      await assertAdminRemains(tx, admins);
    },
    () => ({}),
    () => userId,
  );
  await endSessionsOfErased(deps, userId);
}

export async function adminChangePassword(
  deps: AccountsDeps,
  adminId: string,
  body: AdminPasswordChangeBody,
): Promise<void> {
  assertPassword(body.password);
  const passwordHash = await hashPassword(body.password, deps.hasher);
  const written = await audited(
    deps,
    actor(adminId),
    'user.password_changed',
    (tx) => writePassword(deps, tx, body.user_id, passwordHash),
    () => ({ sendMail: body.sendMail }),
    () => body.user_id,
  );
  await written.afterCommit(body.sendMail);
}

/**
 * With vertificationMail the address changes only when the user opens the
 * link sent to it; without, it changes now. sendMail notifies the old address.
 */
export async function adminChangeEmail(deps: AccountsDeps, adminId: string, body: AdminEmailChangeBody): Promise<void> {
  const email = normalizeEmail(body.new_email);
  const detail = () => ({ vertificationMail: body.vertificationMail, sendMail: body.sendMail });
  const { oldEmail, token } = await audited(
    deps,
    actor(adminId),
    'user.email_changed',
    async (tx) => {
      const user = await usersIn(tx).findOne({ _id: body.user_id });
      if (!user) throw identityErrors.userNotFound();
      if (body.vertificationMail)
        return {
          oldEmail: user.email,
          token: await deps.tokens.issue('email_change', body.user_id, TOKEN_TTL.emailChange, email, tx),
        };
      await applyEmailChange(deps, tx, body.user_id, email, 'admin');
      return { oldEmail: user.email, token: null };
    },
    detail,
    () => body.user_id,
  );
  if (token) await deps.mail.send(emailChangeMail(deps.publicUrl, email, token));
  if (body.sendMail) await deps.mail.send(noticeMail(oldEmail, 'メールアドレスの変更手続き'));
}
