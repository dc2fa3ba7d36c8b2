import { randomBytes } from 'node:crypto';
import type { Transaction } from '@talkwith/platform';
import { audited, type AdminActor } from '@talkwith/platform/eventing';
import type { Operator, Role } from '@talkwith/proto/identity';
import type { AccountsDeps } from './deps.ts';
import { inviteMail } from './mails.ts';
import { identityErrors } from '../errors.ts';
import { hashPassword } from './password-hash.ts';
import { signupNickname } from './registration.ts';
import { normalizeEmail, toPublicUser, usersIn, type UserDoc } from './users.ts';

/** An invitation link is for a person who may read it tomorrow: three days, not a reset's 30 minutes. */
export const INVITE_TTL_MS = 72 * 3600 * 1000;

const actor = (adminId: string): AdminActor => ({ adminId });

/** Admins who can reach the console now: confirmed (the invitation was used) and not suspended. */
const ACTIVE_ADMINS = { roles: 'admin', emailConfirmedAt: { $ne: null }, suspendedAt: null };

export const toOperator = (user: UserDoc): Operator => ({
  ...toPublicUser(user),
  invited: user.emailConfirmedAt === null,
});

/**
 * Refuses (409, the transaction rolls back) when the write in `tx` left no
 * active admin: nobody could reach the console again. Every such write first
 * bumps one guard document, so two concurrent writes (two admins demoting each
 * other) conflict on it instead of each seeing the other still there.
 */
export async function touchAdminGuard(tx: Transaction): Promise<number> {
  await tx
    .collection<{ _id: string; writes: number }>('operator_guard')
    .updateOne({ _id: 'admins' }, { $inc: { writes: 1 } }, { upsert: true });
  return usersIn(tx).countDocuments(ACTIVE_ADMINS);
}

/** `before`: the active admins touchAdminGuard counted; a write that found none (a fresh store) takes none away. */
export async function assertAdminRemains(tx: Transaction, before: number): Promise<void> {
  if (before > 0 && (await usersIn(tx).countDocuments(ACTIVE_ADMINS)) === 0) throw identityErrors.lastAdmin();
}

export async function listOperators(deps: AccountsDeps): Promise<Operator[]> {
  return (await deps.users.find({ roles: 'admin' }, { sort: { createdAt: 1 }, limit: 500 })).map(toOperator);
}

/**
 * A confirmed account is promoted at once. An unknown address gets an account
 * without a usable password and a mail with a link to set one (a password
 * reset link: using it confirms the address). An unconfirmed existing account
 * is refused: whoever signed up with it has not proved the mailbox.
 */
export async function inviteOperator(deps: AccountsDeps, adminId: string, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  const existing = await deps.users.findOne({ email });
  if (existing) return { operator: await promote(deps, adminId, existing), outcome: 'promoted' as const };
  // Never usable: nobody knows it; the invitee sets a password through the link.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'), deps.hasher);
  const { user, token } = await audited(
    deps,
    actor(adminId),
    'operator.invited',
    async (tx) => {
      const now = deps.clock();
      const created = await usersIn(tx).insertOne({
        email,
        passwordHash,
        gender: 'unspecified',
        date_of_birth: '1970-01-01',
        nickname: signupNickname(email, undefined),
        roles: ['admin'],
        emailConfirmedAt: null,
        createdAt: now,
        lastLoginAt: null,
      });
      await deps.events.publish(
        'user.registered',
        created._id,
        {
          user_id: created._id,
          email,
          registered_at: now.toISOString(),
          date_of_birth: created.date_of_birth,
          by: 'admin',
        },
        tx,
      );
      return { user: created, token: await deps.tokens.issue('password_reset', created._id, INVITE_TTL_MS, email, tx) };
    },
    () => ({ email }),
    ({ user: created }) => created._id,
  );
  await deps.mail.send(inviteMail(deps.publicUrl, email, token));
  return { operator: toOperator(user), outcome: 'invited' as const };
}

async function promote(deps: AccountsDeps, adminId: string, user: UserDoc): Promise<Operator> {
  if (user.roles.includes('admin')) throw identityErrors.alreadyOperator();
  if (!user.emailConfirmedAt) throw identityErrors.inviteUnconfirmed();
  return setOperatorRole(deps, adminId, user._id, 'admin');
}

/**
 * The account's one role from now on. Its tokens signed with the old roles
 * stop working at once (session version); the last active admin cannot lose
 * the role.
 */
export async function setOperatorRole(
  deps: AccountsDeps,
  adminId: string,
  userId: string,
  role: Role,
): Promise<Operator> {
  const { user, version } = await audited(
    deps,
    actor(adminId),
    'operator.role_changed',
    async (tx) => {
      const admins = await touchAdminGuard(tx);
      const before = await usersIn(tx).findOneAndUpdate(
        { _id: userId },
        { $set: { roles: [role] } },
        { returnDocument: 'before' },
      );
      if (!before) throw identityErrors.userNotFound();
      await assertAdminRemains(tx, admins);
      const version = await deps.sessions.bumpIn(tx, userId);
      return { user: (await usersIn(tx).findOne({ _id: userId })) ?? before, version };
    },
    () => ({ role }),
    () => userId,
  );
  await version.announce();
  return toOperator(user);
}

/** Takes the admin role away; an invitation not yet used stops working too. */
export async function revokeOperator(deps: AccountsDeps, adminId: string, userId: string): Promise<void> {
  const version = await audited(
    deps,
    actor(adminId),
    'operator.revoked',
    async (tx) => {
      const admins = await touchAdminGuard(tx);
      const before = await usersIn(tx).findOneAndUpdate(
        { _id: userId, roles: 'admin' },
        { $set: { roles: ['customer'] } },
        { returnDocument: 'before' },
      );
      if (!before) throw identityErrors.operatorNotFound();
      await assertAdminRemains(tx, admins);
      if (!before.emailConfirmedAt) await deps.tokens.revokeAll('password_reset', userId, deps.clock(), tx);
      return deps.sessions.bumpIn(tx, userId);
    },
    () => ({}),
    () => userId,
  );
  await version.announce();
}
