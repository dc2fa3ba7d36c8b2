import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Piscina } from 'piscina';
import type { HashJob } from './hash-worker.ts';
import { identityErrors } from '../errors.ts';

/**
 * Password hashes: Argon2id at OWASP's parameters (m=19 MiB, t=2, p=1), stored
 * in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
 * Hashes of the earlier scheme (`scrypt$N$r$p$salt$key`) still verify and are
 * rewritten as Argon2id on the next successful log-in (`needsRehash`).
 *
 * Hashing runs in a small pool of worker threads of its own (piscina; the
 * synchronous KDFs in ./hash-worker.ts), so it never takes libuv's threadpool from file and store
 * I/O, and at most `workers` hashes run at once. Jobs beyond that wait in a
 * bounded queue; when it is full the request is shed with 503 (UNAVAILABLE,
 * Retry-After) instead of queueing without bound.
 */
export interface Argon2Params {
  /** Memory cost in KiB. */
  memory: number;
  passes: number;
  parallelism: number;
}

/** The scheme before Argon2id; kept so existing hashes verify until they are upgraded. */
export interface ScryptParams {
  cost: number;
  blockSize: number;
  parallelization: number;
}

export const OWASP_ARGON2: Argon2Params = { memory: 19_456, passes: 2, parallelism: 1 };
/** The former production parameters (tests create old-style hashes with cheaper ones). */
export const OWASP_SCRYPT: ScryptParams = { cost: 2 ** 17, blockSize: 8, parallelization: 1 };
const KEY_LENGTH = 32;

export interface HashPoolOptions {
  /** Worker threads hashing in parallel (default 2). */
  workers: number;
  /** Hashes allowed to wait for a worker; one more is refused with 503 (default 64). */
  maxQueue: number;
}

export interface PasswordHasher {
  readonly params: Argon2Params;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when `stored` is not Argon2id or weaker than the current parameters. */
  needsRehash(stored: string): boolean;
  /** Hashes running or waiting right now. */
  pending(): number;
  close(): Promise<void>;
}

/**
 * The pool: piscina with `workers` threads. At most `workers + maxQueue` hashes
 * are in flight (running or waiting); one more is refused at once with 503.
 * The bound is counted here: piscina's own `maxQueue: 0` refuses work even
 * with a thread idle once a burst was refused.
 */
function createPool(options: HashPoolOptions) {
  const pool = new Piscina<HashJob, Uint8Array>({
    filename: new URL('./hash-worker.ts', import.meta.url).href,
    maxThreads: options.workers,
  });
  const capacity = options.workers + options.maxQueue;
  let inFlight = 0;
  let closed = false;
  return {
    async run(job: HashJob): Promise<Buffer> {
      if (closed) throw identityErrors.hashPoolClosed();
      if (inFlight >= capacity) throw identityErrors.hashPoolBusy();
      inFlight++;
      try {
        const key = await pool.run(job);
        return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
      } finally {
        inFlight--;
      }
    },
    pending: () => inFlight,
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}

const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '');

type Parsed =
  | { kind: 'argon2id'; params: Argon2Params; salt: Buffer; key: Buffer }
  | { kind: 'scrypt'; params: ScryptParams; salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const argon = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (argon) {
    const [, m, t, p, salt, key] = argon;
    return {
      kind: 'argon2id',
      params: { memory: Number(m), passes: Number(t), parallelism: Number(p) },
      salt: Buffer.from(salt!, 'base64'),
      key: Buffer.from(key!, 'base64'),
    };
  }
  const [scheme, cost, blockSize, parallelization, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  return {
    kind: 'scrypt',
    params: { cost: Number(cost), blockSize: Number(blockSize), parallelization: Number(parallelization) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

export function createPasswordHasher(
  params: Argon2Params = OWASP_ARGON2,
  pool: HashPoolOptions = { workers: 2, maxQueue: 64 },
): PasswordHasher {
  const workers = createPool(pool);
  const argon2 = (password: string, salt: Buffer, p: Argon2Params, length = KEY_LENGTH) =>
    workers.run({ kind: 'argon2id', password: password.normalize('NFC'), salt, length, ...p });
  return {
    params,
    async hash(password) {
      const salt = randomBytes(16);
      const key = await argon2(password, salt, params);
      return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(key)}`;
    },
    async verify(password, stored) {
      const parsed = parse(stored);
      if (!parsed || parsed.key.length < 16) return false;
      const key =
        parsed.kind === 'argon2id'
          ? await argon2(password, parsed.salt, parsed.params, parsed.key.length)
          : await workers.run({
              kind: 'scrypt',
              password: password.normalize('NFC'),
              salt: parsed.salt,
              length: parsed.key.length,
              ...parsed.params,
            });
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        !parsed ||
        parsed.kind !== 'argon2id' ||
        parsed.params.memory < params.memory ||
        parsed.params.passes < params.passes
      );
    },
    pending: workers.pending,
    close: workers.close,
  };
}

// The call sites' vocabulary: the hasher is the one of the accounts' deps.
export const hashPassword = (password: string, hasher: PasswordHasher): Promise<string> => hasher.hash(password);
export const verifyPassword = (password: string, stored: string, hasher: PasswordHasher): Promise<boolean> =>
  hasher.verify(password, stored);
export const needsRehash = (stored: string, hasher: PasswordHasher): boolean => hasher.needsRehash(stored);

/**
 * A hash of a random password, verified against when the account does not
 * exist, so a log-in for an unknown e-mail takes as long as a real one.
 */
export function decoyHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hash(randomBytes(12).toString('hex'));
}

/** An old-scheme (scrypt) hash, as stored before Argon2id: for tests of the upgrade path. */
export async function legacyScryptHash(password: string, params: ScryptParams): Promise<string> {
  const { scrypt } = await import('node:crypto');
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N: params.cost, r: params.blockSize, p: params.parallelization, maxmem: 256 * params.cost * params.blockSize },
      (err, k) => (err ? reject(err) : resolve(k)),
    );
  });
  return [
    'scrypt',
    params.cost,
    params.blockSize,
    params.parallelization,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}
