/** Helpers shared by the bus adapters. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The reason recorded with a parked event. */
export function errorReason(err: unknown, attempts: number): string {
  const message = err instanceof Error ? err.message : String(err);
  return `handler failed after ${attempts} attempt(s): ${message}`;
}

/** FNV-1a: a stable, cheap hash to spread keys over shards. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Thrown by a handler for an event that can never succeed (e.g. it fails
 * validation): every adapter parks it at once instead of retrying.
 */
export class PermanentEventError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'PermanentEventError';
  }
}

/** Duck-typed so that it works across copies of this module. */
export function isPermanent(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
}
