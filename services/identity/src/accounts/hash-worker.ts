// Runs in the password-hash pool's worker threads (piscina): the synchronous
// KDFs block only this thread, never libuv's threadpool or the event loop.
import { argon2Sync, scryptSync } from 'node:crypto';
import type { Argon2Params, ScryptParams } from './password-hash.ts';

type Input = { password: string; salt: Uint8Array; length: number };
export type HashJob = ({ kind: 'argon2id' } & Input & Argon2Params) | ({ kind: 'scrypt' } & Input & ScryptParams);

export default function derive(job: HashJob): Buffer {
  if (job.kind === 'argon2id') {
    return argon2Sync('argon2id', {
      message: job.password,
      nonce: job.salt,
      memory: job.memory,
      passes: job.passes,
      parallelism: job.parallelism,
      tagLength: job.length,
    });
  }
  return scryptSync(job.password, job.salt, job.length, {
    N: job.cost,
    r: job.blockSize,
    p: job.parallelization,
    maxmem: 256 * job.cost * job.blockSize,
  });
}
