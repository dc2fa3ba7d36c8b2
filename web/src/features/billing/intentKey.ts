import { useCallback, useState } from 'react';

/**
 * One Idempotency-Key per user intent (one purchase, one cancel, one ticket
 * use). It is kept in sessionStorage under a 'talkwith-' key (SPEC.md §3's
 * storage style) so a retry — a second click, a reload after a lost answer —
 * sends the same key and the server answers the first answer instead of
 * charging twice. Only a finished intent (success or a definite refusal)
 * makes room for a new key.
 */
const PREFIX = 'talkwith-intent-';

function read(scope: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + scope);
  } catch {
    return null;
  }
}

function write(scope: string, key: string | null): void {
  try {
    if (key === null) sessionStorage.removeItem(PREFIX + scope);
    else sessionStorage.setItem(PREFIX + scope, key);
  } catch {
    // Storage refused (private mode): the key still lives in component state for this page.
  }
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key of the intent `scope`, created on first use and kept until `finish()`. */
export function useIntentKey(scope: string): { key: () => string; finish: () => void } {
  const [current, setCurrent] = useState<string | null>(() => read(scope));
  const key = useCallback(() => {
    const existing = current ?? read(scope);
    if (existing) return existing;
    const fresh = newIdempotencyKey();
    write(scope, fresh);
    setCurrent(fresh);
    return fresh;
  }, [current, scope]);
  const finish = useCallback(() => {
    write(scope, null);
    setCurrent(null);
  }, [scope]);
  return { key, finish };
}
