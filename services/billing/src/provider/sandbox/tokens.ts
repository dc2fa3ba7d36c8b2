/** One-time card tokens (VeriTrans4G MDK token-like): usable once, for 30 minutes. */
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@talkwith/platform';
import { ProviderRequestError } from '../port.ts';
import { brandOf, expiryValid, luhnValid, masked, REQUEST_ERRORS, scenarioOf } from './cards.ts';
import { tokensIn, type CardFacts, type TokenDoc } from './model.ts';

export const TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/** The public key the browser sends with the card (VeriTrans4G's token_api_key). */
export const SANDBOX_TOKEN_API_KEY = 'sandbox';

export interface CardInput {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  securityCode: string;
}

export interface IssuedToken {
  token: string;
  maskedNumber: string;
  expiresAt: Date;
}

/** Checks the card and keeps only what the sandbox needs of it; the number and CVC stop here. */
export function cardFactsOf(input: CardInput, now: Date): CardFacts {
  const number = input.cardNumber.replace(/[\s-]/g, '');
  if (!luhnValid(number)) throw new ProviderRequestError('カード番号が正しくありません。', REQUEST_ERRORS.badToken);
  if (!expiryValid(input.expiry, now))
    throw new ProviderRequestError('有効期限が正しくありません。', REQUEST_ERRORS.badToken);
  if (!/^\d{3,4}$/.test(input.securityCode))
    throw new ProviderRequestError('セキュリティコードが正しくありません。', REQUEST_ERRORS.badToken);
  return { scenario: scenarioOf(number), last4: number.slice(-4), brand: brandOf(number), expiry: input.expiry };
}

export function newTokenDoc(card: CardFacts, nowMs: number): TokenDoc {
  return {
    _id: randomUUID(),
    card,
    created_ms: nowMs,
    expires_ms: nowMs + TOKEN_LIFETIME_MS,
    expires_at: new Date(nowMs + TOKEN_LIFETIME_MS),
  };
}

export function issuedTokenOf(doc: TokenDoc): IssuedToken {
  return { token: doc._id, maskedNumber: masked(doc.card.last4), expiresAt: new Date(doc.expires_ms) };
}

/** Marks the token used, in the caller's transaction; refuses an unknown, used or expired one. */
export async function consumeToken(tx: Transaction, token: string, nowMs: number): Promise<CardFacts> {
  const used = await tokensIn(tx).findOneAndUpdate(
    { _id: token, used_ms: { $exists: false }, expires_ms: { $gt: nowMs } },
    { $set: { used_ms: nowMs } },
  );
  if (!used)
    throw new ProviderRequestError('カードトークンが無効か、使用済みか、有効期限切れです。', REQUEST_ERRORS.badToken);
  return used.card;
}
