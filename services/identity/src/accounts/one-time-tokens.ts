import { createHash, randomBytes } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';

/**
 * Single-use, short-lived tokens sent by mail (e-mail confirmation, password
 * reset, e-mail change). Only a SHA-256 of the token is stored, so a leaked
 * database does not hand out working links.
 */
export type TokenPurpose = 'email_confirm' | 'password_reset' | 'email_change';

type TokenDoc = {
  _id: string;
  purpose: TokenPurpose;
  userId: string;
  /** For email_change: the address being confirmed. */
  payload: string | null;
  expiresAt: Date;
  usedAt: Date | null;
};

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Each write takes the caller's transaction when it belongs with other writes (a used link and what it did commit together). */
export interface OneTimeTokens {
  issue(purpose: TokenPurpose, userId: string, ttlMs: number, payload?: string, tx?: Transaction): Promise<string>;
  /** Whether the token would be consumed now, without consuming it (checked before costly work such as a hash, and by a page before it asks for input). */
  isLive(purpose: TokenPurpose, token: string, now?: Date): Promise<boolean>;
  /** Marks the token used and returns it, or null when unknown, used, expired or for another purpose. */
  consume(
    purpose: TokenPurpose,
    token: string,
    now?: Date,
    tx?: Transaction,
  ): Promise<{ userId: string; payload: string | null } | null>;
  /** Marks every unused token of the user for `purpose` used (the other links of a completed reset stop working). */
  revokeAll(purpose: TokenPurpose, userId: string, now?: Date, tx?: Transaction): Promise<void>;
}

export async function createOneTimeTokens(store: DocumentStore): Promise<OneTimeTokens> {
  const tokens: Collection<TokenDoc> = store.collection<TokenDoc>('auth_tokens');
  const within = (tx?: Transaction) => (tx ? tx.collection<TokenDoc>('auth_tokens') : tokens);
  const live = (purpose: TokenPurpose, token: string, now: Date) => ({
    _id: digest(token),
    purpose,
    usedAt: null,
    expiresAt: { $gt: now },
  });
  await tokens.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 24 * 3600 });
  await tokens.createIndex({ userId: 1, purpose: 1 });
  return {
    async issue(purpose, userId, ttlMs, payload, tx) {
      const token = randomBytes(32).toString('base64url');
      await within(tx).insertOne({
        _id: digest(token),
        purpose,
        userId,
        payload: payload ?? null,
        expiresAt: new Date(Date.now() + ttlMs),
        usedAt: null,
      });
      return token;
    },
    async isLive(purpose, token, now = new Date()) {
      return (await tokens.findOne(live(purpose, token, now))) !== null;
    },
    async consume(purpose, token, now = new Date(), tx) {
      // One conditional update: two concurrent uses of the same link cannot both win.
      const used = await within(tx).findOneAndUpdate(live(purpose, token, now), { $set: { usedAt: now } });
      return used ? { userId: used.userId, payload: used.payload } : null;
    },
    async revokeAll(purpose, userId, now = new Date(), tx) {
      await within(tx).updateMany({ userId, purpose, usedAt: null }, { $set: { usedAt: now } });
    },
  };
}
