import type { Cache, Collection, Transaction } from '@talkwith/platform';
import { announceSessionVersion, REVOKED } from '@talkwith/platform/http';
import type { UserDoc } from './users.ts';

/**
 * The identity side of session versions (platform http/session-version.ts):
 * the version lives on the user (`sessionVersion`, absent = 0), is signed into
 * each access token as `sv`, and is written to the cache for every service.
 *
 * Log-out bumps the version too (rather than a denylist of token ids): it ends
 * the access token of the browser that logged out, which need not send it, and
 * the user's other devices, whose refresh tokens still work, get a fresh
 * token on their next 401 without noticing.
 */
export interface SessionVersions {
  /** Before signing a token: writes the user's version to the cache for the token's lifetime and returns it. */
  announce(user: UserDoc): Promise<number>;
  /** Ends every access token of the user now (log-out, password or role change, stolen refresh token). */
  bump(userId: string): Promise<void>;
  /**
   * The bump as part of a transaction (a new password, new roles): the version
   * is raised in `tx`; call the returned `announce` once `tx` has committed.
   */
  bumpIn(tx: Transaction, userId: string): Promise<{ announce(): Promise<void> }>;
  /** The user is gone: every token of theirs is refused. */
  revoke(userId: string): Promise<void>;
}

export const versionOf = (user: Pick<UserDoc, 'sessionVersion'>): number => user.sessionVersion ?? 0;

export function createSessionVersions(users: Collection<UserDoc>, cache: Cache, accessTtlMs: number): SessionVersions {
  // Kept a minute longer than the longest-lived token it covers (clock skew).
  const ttlMs = accessTtlMs + 60_000;
  return {
    async announce(user) {
      await announceSessionVersion(cache, user._id, versionOf(user), ttlMs);
      // A bump that landed between reading `user` and the write above must win.
      const now = await users.findOne({ _id: user._id }, { projection: { sessionVersion: 1 } });
      if (now && versionOf(now) !== versionOf(user))
        await announceSessionVersion(cache, user._id, versionOf(now), ttlMs);
      return versionOf(user);
    },
    async bump(userId) {
      const user = await users.findOneAndUpdate(
        { _id: userId },
        { $inc: { sessionVersion: 1 } },
        { projection: { sessionVersion: 1 } },
      );
      if (user) await announceSessionVersion(cache, userId, versionOf(user), ttlMs);
    },
    async bumpIn(tx, userId) {
      const user = await tx
        .collection<UserDoc>(users.name)
        .findOneAndUpdate({ _id: userId }, { $inc: { sessionVersion: 1 } }, { projection: { sessionVersion: 1 } });
      return {
        announce: async () => {
          if (user) await announceSessionVersion(cache, userId, versionOf(user), ttlMs);
        },
      };
    },
    async revoke(userId) {
      await announceSessionVersion(cache, userId, REVOKED, ttlMs);
    },
  };
}
