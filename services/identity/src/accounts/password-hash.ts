import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt, a memory-hard function. OWASP's password storage cheat sheet: N=2^17,
 * r=8, p=1 (128 MiB per hash). Parameters are stored with each hash so they can
 * be raised later; `needsRehash` tells when a stored hash is weaker than policy.
 */
export interface ScryptParams {
  cost: number;
  blockSize: number;
  parallelization: number;
}

export const OWASP_SCRYPT: ScryptParams = { cost: 2 ** 17, blockSize: 8, parallelization: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.cost * params.blockSize };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.cost, params.blockSize, params.parallelization, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, cost, blockSize, parallelization, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  return {
    params: { cost: Number(cost), blockSize: Number(blockSize), parallelization: Number(parallelization) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string, policy: ScryptParams): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.cost < policy.cost || parsed.params.blockSize < policy.blockSize;
}

/**
 * A hash of a random password, verified against when the account does not
 * exist, so a log-in for an unknown e-mail takes as long as a real one.
 */
export function decoyHash(params: ScryptParams): Promise<string> {
  return hashPassword(randomBytes(12).toString('hex'), params);
}
