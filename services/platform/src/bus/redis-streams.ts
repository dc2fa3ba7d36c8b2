import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { EventEnvelope } from '@talkwith/proto';
import type { EventBus, Subscription } from '../ports/index.ts';
import { startStreamMember } from './redis-member.ts';
import { streamKeys } from './redis-keys.ts';
import { streamGroupLag } from './redis-lag.ts';
import { hashKey } from './shared.ts';

export interface RedisStreamsBusOptions {
  url: string;
  /** Key prefix (default 'tw'). */
  prefix?: string;
  /** Streams events are spread over by hash(key); fixed for the life of the data (default 8). */
  shards?: number;
  /** How long a dead member keeps its shards before others recover them (default 10 s). */
  leaseMs?: number;
  /** Longest XREADGROUP BLOCK (default 1 s). */
  blockMs?: number;
  retryDelayMs?: number;
  /** Approximate cap per shard stream (default 100 000 entries). */
  maxLen?: number;
  batchSize?: number;
  onError?(err: unknown): void;
}

let subscriptionCounter = 0;

/**
 * Event bus on Redis Streams (BUS_URL=redis://...). Events go to one of a
 * fixed set of shard streams by hash(key) so that every event of one key,
 * whatever its type, is in one stream in publish order. Each consumer group
 * reads all shards and acknowledges (without handling) types it did not ask for.
 * A new group starts at the oldest retained entry ('0'): a consumer that
 * subscribes after an event was published (a service started after another)
 * still receives it; consumers dedupe by event id, so replaying is harmless.
 * What the streams no longer retain (MAXLEN) is the projection rebuild's job.
 */
export async function createRedisStreamsBus(options: RedisStreamsBusOptions): Promise<EventBus> {
  const settings = {
    keys: streamKeys(options.prefix ?? 'tw'),
    shards: options.shards ?? 8,
    leaseMs: options.leaseMs ?? 10_000,
    blockMs: options.blockMs ?? 1000,
    retryDelayMs: options.retryDelayMs ?? 100,
    batchSize: options.batchSize ?? 50,
    onError: options.onError ?? ((err: unknown) => console.error('redis streams bus:', err)),
  };
  const maxLen = options.maxLen ?? 100_000;
  const command = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  command.on('error', settings.onError);
  await command.connect();
  const members = new Set<{ close(): Promise<void> }>();
  /** Groups subscribed in this process: the ones whose lag this process reports. */
  const groups = new Set<string>();

  async function ensureGroup(group: string): Promise<void> {
    for (let shard = 0; shard < settings.shards; shard++) {
      try {
        await command.xgroup('CREATE', settings.keys.stream(shard), group, '0', 'MKSTREAM');
      } catch (err) {
        if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
      }
    }
  }

  return {
    async publish(event: EventEnvelope) {
      const stream = settings.keys.stream(hashKey(event.key) % settings.shards);
      await command.xadd(stream, 'MAXLEN', '~', maxLen, '*', 'e', JSON.stringify(event));
    },
    async subscribe(subscribeOptions): Promise<Subscription> {
      await ensureGroup(subscribeOptions.group);
      groups.add(subscribeOptions.group);
      // A dedicated connection: XREADGROUP BLOCK holds it.
      const blocking = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
      blocking.on('error', settings.onError);
      await blocking.connect();
      const consumer = `${subscribeOptions.group}:${hostname()}:${process.pid}:${++subscriptionCounter}`;
      const member = startStreamMember({ ...settings, command, blocking, consumer, ensureGroup }, subscribeOptions);
      members.add(member);
      return {
        async close() {
          if (!members.delete(member)) return;
          await member.close();
        },
      };
    },
    async parked(group) {
      const raw = await command.lrange(settings.keys.parked(group), 0, -1);
      return raw.map((line) => JSON.parse(line) as { event: EventEnvelope; reason: string });
    },
    async consumerLag() {
      return Promise.all(
        [...groups].map(async (group) => ({
          group,
          lag: await streamGroupLag(command, settings.keys, settings.shards, group),
        })),
      );
    },
    async ping() {
      await command.ping();
    },
    async close() {
      await Promise.all([...members].map((m) => m.close()));
      members.clear();
      await command.quit().catch(() => undefined);
    },
  };
}
