import { useCallback, useRef } from 'react';

function freshKey(): string {
  return `admin-${crypto.randomUUID()}`;
}

/**
 * One Idempotency-Key per confirmed intent: the same request confirmed again
 * (a double click, a retry after a lost answer) carries the same key, so the
 * server does it once; a changed request is a new intent with a new key (the
 * server refuses an old key with another body). `done()` ends the intent after
 * it succeeded, so doing the same thing again on purpose is a new key.
 */
export function useIntentKey() {
  const current = useRef<{ request: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown): string => {
    const fingerprint = JSON.stringify(request);
    if (current.current?.request !== fingerprint) current.current = { request: fingerprint, key: freshKey() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}
