/**
 * VeriTrans4G's request signature (接続APIガイド「認証」): authHash is the
 * SHA-256 (hex) of merchant CCID + the minified JSON of `params` + the
 * merchant secret key. JSON.stringify gives the minified form, keeping the
 * key order the params were built (or parsed) in.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface MerchantCredentials {
  merchantCcid: string;
  secretKey: string;
}

export function authHashOf(credentials: MerchantCredentials, params: unknown): string {
  return createHash('sha256')
    .update(credentials.merchantCcid + JSON.stringify(params) + credentials.secretKey, 'utf8')
    .digest('hex');
}

export function authHashValid(credentials: MerchantCredentials, params: unknown, authHash: string): boolean {
  const expected = Buffer.from(authHashOf(credentials, params), 'utf8');
  const given = Buffer.from(authHash.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
