import { randomBytes, randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { digest } from './one-time-tokens.ts';

/**
 * Rotating refresh tokens. Every log-in starts a family; each refresh retires
 * the presented token and issues its successor in the same family. Presenting
 * a retired token means it was stolen (or replayed), so the whole family is
 * revoked: both the thief and the user must log in again.
 */
type RefreshDoc = {
  _id: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
};

export type RefreshOutcome =
  { kind: 'rotated'; userId: string; token: string } | { kind: 'reused'; userId: string } | { kind: 'invalid' };

export interface RefreshTokens {
  start(userId: string): Promise<string>;
  rotate(token: string): Promise<RefreshOutcome>;
  /** Revokes the token's family; returns its user, or null for an unknown token. */
  revokeFamilyOf(token: string): Promise<string | null>;
  /** Revokes every token of the user; in `tx` when it must land with the write that calls for it (a new password). */
  revokeUser(userId: string, tx?: Transaction): Promise<void>;
}

export async function createRefreshTokens(store: DocumentStore, ttlMs: number): Promise<RefreshTokens> {
  const col: Collection<RefreshDoc> = store.collection<RefreshDoc>('refresh_tokens');
  await col.createIndex({ familyId: 1 });
  await col.createIndex({ userId: 1 });
  await col.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });

  function successor(userId: string, familyId: string): { token: string; doc: RefreshDoc } {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      doc: {
        _id: digest(token),
        familyId,
        userId,
        expiresAt: new Date(Date.now() + ttlMs),
        rotatedAt: null,
        revokedAt: null,
      },
    };
  }

  return {
    async start(userId) {
      const { token, doc } = successor(userId, randomUUID());
      await col.insertOne(doc);
      return token;
    },
    async rotate(token) {
      const now = new Date();
      // Retiring the token and issuing its successor are one transaction: a reuse that revokes the family
      // lands before both (the retire finds nothing) or after both (the successor is revoked with it).
      const rotated = await store.withTransaction(async (tx) => {
        const tokens = tx.collection<RefreshDoc>('refresh_tokens');
        const current = await tokens.findOneAndUpdate(
          { _id: digest(token), rotatedAt: null, revokedAt: null, expiresAt: { $gt: now } },
          { $set: { rotatedAt: now } },
        );
        if (!current) return null;
        const next = successor(current.userId, current.familyId);
        await tokens.insertOne(next.doc);
        return { userId: current.userId, token: next.token };
      });
      if (rotated) return { kind: 'rotated', ...rotated };
      const known = await col.findOne({ _id: digest(token) });
      if (!known || known.revokedAt || known.expiresAt <= now) return { kind: 'invalid' };
      await col.updateMany({ familyId: known.familyId, revokedAt: null }, { $set: { revokedAt: now } });
      return { kind: 'reused', userId: known.userId };
    },
    async revokeFamilyOf(token) {
      const known = await col.findOne({ _id: digest(token) });
      if (!known) return null;
      await col.updateMany({ familyId: known.familyId, revokedAt: null }, { $set: { revokedAt: new Date() } });
      return known.userId;
    },
    async revokeUser(userId, tx) {
      await (tx ? tx.collection<RefreshDoc>('refresh_tokens') : col).updateMany(
        { userId, revokedAt: null },
        { $set: { revokedAt: new Date() } },
      );
    },
  };
}
