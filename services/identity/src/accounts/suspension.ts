import { audited } from '@talkwith/platform/eventing';
import type { PublicUser } from '@talkwith/proto/identity';
import type { AccountsDeps } from './deps.ts';
import { identityErrors } from '../errors.ts';
import { assertAdminRemains, touchAdminGuard } from './operators.ts';
import { toPublicUser, usersIn } from './users.ts';

/**
 * Suspension (SPEC.md §6: the company may suspend accounts on violations).
 * The mark, the end of every session (refresh tokens revoked, session version
 * raised) and the audit entry commit together: a suspended account never
 * keeps a working session. Log-in and refresh refuse it (sessions.ts).
 */
export async function suspendUser(
  deps: AccountsDeps,
  adminId: string,
  userId: string,
  reason?: string,
): Promise<PublicUser> {
  if (userId === adminId) throw identityErrors.selfSuspend();
  const { user, version } = await audited(
    deps,
    { adminId },
    'user.suspended',
    async (tx) => {
      const admins = await touchAdminGuard(tx);
      const now = deps.clock();
      const updated = await usersIn(tx).findOneAndUpdate(
        { _id: userId, suspendedAt: null },
        { $set: { suspendedAt: now, ...(reason?.trim() ? { suspendReason: reason.trim() } : {}) } },
        { returnDocument: 'after' },
      );
      if (!updated) {
        if (await usersIn(tx).findOne({ _id: userId })) throw identityErrors.alreadySuspended();
        throw identityErrors.userNotFound();
      }
      await assertAdminRemains(tx, admins);
      await deps.refresh.revokeUser(userId, tx);
      return { user: updated, version: await deps.sessions.bumpIn(tx, userId) };
    },
    () => ({ ...(reason?.trim() ? { reason: reason.trim() } : {}) }),
    () => userId,
  );
  await version.announce();
  return toPublicUser(user);
}

/** Lifts a suspension: the user logs in again (no session comes back by itself). */
export async function unsuspendUser(deps: AccountsDeps, adminId: string, userId: string): Promise<PublicUser> {
  const user = await audited(
    deps,
    { adminId },
    'user.unsuspended',
    async (tx) => {
      const updated = await usersIn(tx).findOneAndUpdate(
        { _id: userId },
        { $unset: { suspendedAt: '', suspendReason: '' } },
        { returnDocument: 'after' },
      );
      if (!updated) throw identityErrors.userNotFound();
      return updated;
    },
    () => ({}),
    () => userId,
  );
  return toPublicUser(user);
}
