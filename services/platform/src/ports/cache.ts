/**
 * Cache port: short-lived values, rate-limit counters and presence sets.
 * Nothing here is the source of truth; losing it costs only recomputation.
 */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Adds `by` (default 1) and returns the new value. The TTL is set when the key
   * is created and not extended after (a fixed window for rate limits).
   */
  incr(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Remaining lifetime in ms; -1 without expiry, -2 when missing. */
  ttl(key: string): Promise<number>;
  setAdd(key: string, member: string): Promise<void>;
  setRemove(key: string, member: string): Promise<void>;
  setMembers(key: string): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
