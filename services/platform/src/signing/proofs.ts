import { createHmac } from 'node:crypto';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { createSigner, createVerifier } from 'fast-jwt';

/**
 * Short-lived proofs (issue contract D1): one mechanism, keyed from
 * JWT_SECRET with a key derived per purpose, HMAC(JWT_SECRET,
 * `talkwith-<purpose>-v1`). No new secret to configure, and a proof made for
 * one purpose never verifies for another, nor as an access token (those are
 * signed with JWT_SECRET itself). Proofs are HS256 JWTs (fast-jwt, the
 * library @fastify/jwt is built on) whose audience also names the purpose.
 */
export type ProofPurpose = 'ticket-use' | 'media-user' | 'media-url';

/** The key of one purpose: never JWT_SECRET itself. */
export function purposeKey(secret: string, purpose: ProofPurpose): Buffer {
  return createHmac('sha256', secret).update(`talkwith-${purpose}-v1`).digest();
}

export interface SignOptions {
  /** How long the proof is valid, in seconds. */
  ttlSeconds: number;
  /** The signing time (tests, or a proof whose life starts at a recorded moment). */
  now?: Date;
}

export interface Proofs<S extends TSchema> {
  sign(claims: Static<S>, options: SignOptions): string;
  /** The claims when the proof is this purpose's, unexpired and of the expected shape; else null. */
  verify(token: string, now?: Date): Static<S> | null;
}

const AUDIENCE = (purpose: ProofPurpose): string => `talkwith-${purpose}`;
/** Verified proofs kept per purpose: about one per user active in the last minutes of a process. */
const VERIFIED_CACHE_SIZE = 10_000;

/** The signer and verifier of one purpose; `claims` is the TypeBox schema of what it proves. */
export function proofsFor<S extends TSchema>(secret: string, purpose: ProofPurpose, claims: S): Proofs<S> {
  const key = purposeKey(secret, purpose);
  const shape = TypeCompiler.Compile(claims);
  const aud = AUDIENCE(purpose);
  const verifierAt = (now?: Date) =>
    createVerifier({
      key,
      algorithms: ['HS256'],
      allowedAud: aud,
      requiredClaims: ['exp'],
      ...(now ? { clockTimestamp: now.getTime() } : {}),
    });
  // At the current time the verifier keeps what it verified (fast-jwt's LRU, keyed by a hash of the token, bounded by each token's exp):
  // the media cookie comes with every clip request of a talk.
  const verifier = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedAud: aud,
    requiredClaims: ['exp'],
    cache: VERIFIED_CACHE_SIZE,
  });
  // fast-jwt builds a signer or verifier once and reuses it: one per lifetime at the current time (a given clock gets a fresh one).
  const newSigner = (ttlSeconds: number, now?: Date) =>
    createSigner({
      key,
      algorithm: 'HS256',
      aud,
      expiresIn: ttlSeconds * 1000,
      ...(now ? { clockTimestamp: now.getTime() } : {}),
    });
  const signers = new Map<number, ReturnType<typeof newSigner>>();
  const signerFor = (ttlSeconds: number, now?: Date) => {
    if (now) return newSigner(ttlSeconds, now);
    const kept = signers.get(ttlSeconds) ?? newSigner(ttlSeconds);
    signers.set(ttlSeconds, kept);
    return kept;
  };
  return {
    sign(payload, { ttlSeconds, now }) {
      return signerFor(ttlSeconds, now)(payload as Record<string, unknown>);
    },
    verify(token, now) {
      let decoded: unknown;
      try {
        decoded = (now ? verifierAt(now) : verifier)(token);
      } catch {
        return null;
      }
      // The registered claims (iat, exp, aud) ride along: the schemas allow other properties.
      return shape.Check(decoded) ? decoded : null;
    },
  };
}
