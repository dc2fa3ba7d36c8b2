import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"): a successful log-in gives the browser a proof that this device
 * has logged in to this account before. Such a device is exempt from the
 * account-wide slow-down, which is what a guesser from elsewhere drives up, so
 * nobody can turn that slow-down against the owner; it has a failure budget of
 * its own instead (login-limiter.ts).
 *
 * The proof is `<device id>.<expiry, s>.<HMAC(key, account|id|expiry)>`: the
 * key is derived from JWT_SECRET for this purpose only, so it cannot be forged
 * nor used for another account or after it expires. Nothing is stored.
 */
export interface DeviceProofs {
  /** A fresh proof for `account` (the normalised e-mail), valid for `DEVICE_TTL_SECONDS`. */
  issue(account: string): string;
  /** The device id when `proof` is this account's and unexpired; else null. */
  verify(proof: string | undefined, account: string): string | null;
}

/** How long a device stays known without a log-in (renewed by each successful one). */
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

/** The key of device proofs: never JWT_SECRET itself, and no other purpose's key. */
export function deviceKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('talkwith-login-device-v1').digest();
}

export function createDeviceProofs(key: Buffer, clock: () => Date = () => new Date()): DeviceProofs {
  const mac = (account: string, id: string, expiry: string) =>
    createHmac('sha256', key).update(`${account}|${id}|${expiry}`).digest('base64url');
  return {
    issue(account) {
      const id = randomBytes(16).toString('base64url');
      const expiry = String(Math.floor(clock().getTime() / 1000) + DEVICE_TTL_SECONDS);
      return `${id}.${expiry}.${mac(account, id, expiry)}`;
    },
    verify(proof, account) {
      const [id, expiry, given, ...rest] = (proof ?? '').split('.');
      if (!id || !expiry || !given || rest.length > 0 || !/^\d+$/.test(expiry)) return null;
      if (Number(expiry) * 1000 <= clock().getTime()) return null;
      const expected = Buffer.from(mac(account, id, expiry));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
    },
  };
}
