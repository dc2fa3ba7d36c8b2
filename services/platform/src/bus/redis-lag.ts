import type { Redis } from 'ioredis';
import type { StreamKeys } from './redis-keys.ts';

/** XINFO answers as flat [name, value, name, value, …] lists. */
function fields(reply: unknown): Map<string, unknown> {
  const list = Array.isArray(reply) ? reply : [];
  const map = new Map<string, unknown>();
  for (let i = 0; i + 1 < list.length; i += 2) map.set(String(list[i]), list[i + 1]);
  return map;
}

/** Entries after the group's last delivered one, counted by reading their ids (when Redis cannot tell the lag). */
async function undeliveredByRange(command: Redis, stream: string, lastDelivered: string): Promise<number> {
  const LIMIT = 100_000;
  return (await command.xrange(stream, `(${lastDelivered}`, '+', 'COUNT', LIMIT)).length;
}

/** One shard stream: entries never delivered to the group plus entries delivered and not acknowledged. */
async function shardLag(command: Redis, stream: string, group: string): Promise<number> {
  const groups = ((await command.xinfo('GROUPS', stream)) as unknown[]).map(fields);
  const info = groups.find((g) => g.get('name') === group);
  if (!info) return 0;
  const pending = Number(info.get('pending') ?? 0);
  // Redis 7 keeps `lag` per group; it is nil when trimming or deletions make it unknowable.
  const lag = info.get('lag');
  const undelivered =
    lag === null || lag === undefined
      ? await undeliveredByRange(command, stream, String(info.get('last-delivered-id')))
      : Number(lag);
  return undelivered + pending;
}

/**
 * Events a consumer group has not handled yet, over every shard stream: the
 * Redis Streams bus's consumer lag (metrics). A group acknowledges what it
 * handled, and what it skipped (other types), so both count until then.
 */
export async function streamGroupLag(command: Redis, keys: StreamKeys, shards: number, group: string): Promise<number> {
  let total = 0;
  for (let shard = 0; shard < shards; shard++) total += await shardLag(command, keys.stream(shard), group);
  return total;
}
