/** Redis key layout of the Streams bus, in one place. */
export interface StreamKeys {
  stream(shard: number): string;
  lease(group: string, shard: number): string;
  members(group: string): string;
  parked(group: string): string;
}

export function streamKeys(prefix: string): StreamKeys {
  return {
    stream: (shard) => `${prefix}:events:${shard}`,
    lease: (group, shard) => `${prefix}:bus:${group}:lease:${shard}`,
    members: (group) => `${prefix}:bus:${group}:members`,
    parked: (group) => `${prefix}:bus:${group}:parked`,
  };
}

/** Renews a lease only while we still hold it. */
export const RENEW_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Gives a lease up only if we still hold it. */
export const RELEASE_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export type StreamEntry = [id: string, fields: string[]];
