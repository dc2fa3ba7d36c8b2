import type { Redis } from 'ioredis';
import type { EventEnvelope } from '@talkwith/proto';
import type { SubscribeOptions } from '../ports/index.ts';
import { RELEASE_LEASE, RENEW_LEASE, type StreamEntry, type StreamKeys } from './redis-keys.ts';
import { errorReason, isPermanent, sleep } from './shared.ts';
import { countParkedEvent } from '../metrics/operations.ts';

export interface MemberSettings {
  command: Redis;
  blocking: Redis;
  keys: StreamKeys;
  shards: number;
  consumer: string;
  leaseMs: number;
  blockMs: number;
  retryDelayMs: number;
  batchSize: number;
  onError(err: unknown): void;
  /** Re-creates the group's streams and group (after Redis lost them, e.g. a restart without persistence). */
  ensureGroup(group: string): Promise<void>;
}

/**
 * One member of a consumer group on the Redis Streams bus.
 *
 * Why leases: XREADGROUP alone hands consecutive entries of one stream to
 * different consumers, which would break per-key order. So each shard stream
 * is owned by one live member at a time (a SET NX PX lease, renewed by a
 * heartbeat); members share the shards fairly (ceil(shards / live members)).
 * A member that dies (SIGKILL) stops renewing; after `leaseMs` another member
 * (or the restarted process, under a new consumer name) takes the shard and
 * first XAUTOCLAIMs every pending entry of it, so nothing read-but-unacked is
 * lost. Delivery counts live in Redis (XCLAIM/XAUTOCLAIM increment them), so
 * a poison event that crashes its consumer is still parked after maxAttempts.
 */
export function startStreamMember(settings: MemberSettings, options: SubscribeOptions): { close(): Promise<void> } {
  const { command, blocking, keys, consumer } = settings;
  const group = options.group;
  const types = new Set(options.types);
  const maxAttempts = options.maxAttempts ?? 5;
  const owned = new Set<number>();
  const needsRecovery = new Set<number>();
  let stopping = false;
  let lastBalance = 0;
  let processing: Promise<unknown> = Promise.resolve();

  const heartbeat = setInterval(() => void renewLeases().catch(settings.onError), Math.max(20, settings.leaseMs / 3));
  heartbeat.unref();

  async function renewLeases(): Promise<void> {
    await command.zadd(keys.members(group), Date.now(), consumer);
    for (const shard of [...owned]) {
      const kept = await command.eval(RENEW_LEASE, 1, keys.lease(group, shard), consumer, settings.leaseMs);
      if (kept !== 1) owned.delete(shard);
    }
  }

  async function balance(): Promise<void> {
    const now = Date.now();
    const reply = await command
      .multi()
      .zadd(keys.members(group), now, consumer)
      .zremrangebyscore(keys.members(group), '-inf', now - settings.leaseMs)
      .zcard(keys.members(group))
      .exec();
    const live = Math.max(1, Number(reply?.[2]?.[1] ?? 1));
    const share = Math.ceil(settings.shards / live);
    for (const shard of [...owned].slice(share)) {
      owned.delete(shard);
      await command.eval(RELEASE_LEASE, 1, keys.lease(group, shard), consumer);
    }
    const free = shuffled([...Array(settings.shards).keys()].filter((s) => !owned.has(s)));
    for (const shard of free) {
      if (owned.size >= share) break;
      const taken = await command.set(keys.lease(group, shard), consumer, 'PX', settings.leaseMs, 'NX');
      if (taken === 'OK') {
        owned.add(shard);
        needsRecovery.add(shard);
      }
    }
    lastBalance = now;
  }

  async function park(stream: string, id: string, event: unknown, reason: string): Promise<void> {
    await command.multi().rpush(keys.parked(group), JSON.stringify({ event, reason })).xack(stream, group, id).exec();
    countParkedEvent(group);
  }

  /** Runs one entry to success or parking; false when it was left pending (lease lost, stopping). */
  async function handleEntry(shard: number, [id, fields]: StreamEntry, deliveries: number): Promise<boolean> {
    const stream = keys.stream(shard);
    let event: EventEnvelope;
    try {
      event = JSON.parse(fields[fields.indexOf('e') + 1] ?? '') as EventEnvelope;
    } catch (err) {
      await park(stream, id, fields, `unreadable entry: ${errorReason(err, 0)}`);
      return true;
    }
    if (!types.has(event.type)) {
      await command.xack(stream, group, id); // members of a group share their types; nobody here wants it
      return true;
    }
    for (let attempt = deliveries; ; attempt++) {
      try {
        await options.handler(event);
        await command.xack(stream, group, id);
        return true;
      } catch (err) {
        if (attempt >= maxAttempts || isPermanent(err)) {
          await park(stream, id, event, errorReason(err, attempt));
          return true;
        }
        await sleep(settings.retryDelayMs * attempt);
        if (stopping || !owned.has(shard)) return false;
        // Re-claiming to ourselves bumps Redis's delivery counter, so a crash now still counts this try.
        await command.xclaim(stream, group, consumer, 0, id);
      }
    }
  }

  async function handleEntries(shard: number, entries: StreamEntry[], counts?: Map<string, number>): Promise<void> {
    for (const entry of entries) {
      if (stopping || !owned.has(shard)) return;
      if (!(await handleEntry(shard, entry, counts?.get(entry[0]) ?? 1))) return;
    }
  }

  async function recover(shard: number): Promise<void> {
    const stream = keys.stream(shard);
    let start = '0-0';
    do {
      const [next, claimed] = (await command.xautoclaim(
        stream,
        group,
        consumer,
        0,
        start,
        'COUNT',
        settings.batchSize,
      )) as [string, Array<StreamEntry | null>];
      const entries = claimed.filter((e): e is StreamEntry => e !== null);
      if (entries.length > 0) {
        const pending = (await command.xpending(stream, group, '-', '+', settings.batchSize * 2, consumer)) as Array<
          [string, string, number, number]
        >;
        await handleEntries(shard, entries, new Map(pending.map(([id, , , count]) => [id, count])));
      }
      start = next;
    } while (start !== '0-0' && !stopping && owned.has(shard));
    await forgetIdleConsumers(stream);
  }

  // Every process start adds a consumer name to the group; drop the ones that
  // own nothing and have been silent for long, so the group does not grow forever.
  async function forgetIdleConsumers(stream: string): Promise<void> {
    const consumers = (await command.xinfo('CONSUMERS', stream, group)) as Array<Array<string | number>>;
    for (const fields of consumers) {
      const info = new Map<string, string | number>();
      for (let i = 0; i + 1 < fields.length; i += 2) info.set(String(fields[i]), fields[i + 1]!);
      if (info.get('name') === consumer || Number(info.get('pending')) > 0) continue;
      if (Number(info.get('idle')) > settings.leaseMs * 10)
        await command.xgroup('DELCONSUMER', stream, group, String(info.get('name')));
    }
  }

  async function readOnce(): Promise<void> {
    const shards = [...owned];
    if (shards.length === 0) return sleep(settings.blockMs);
    const reply = (await blocking.xreadgroup(
      'GROUP',
      group,
      consumer,
      'COUNT',
      settings.batchSize,
      'BLOCK',
      settings.blockMs,
      'STREAMS',
      ...shards.map((s) => keys.stream(s)),
      ...shards.map(() => '>'),
    )) as Array<[string, StreamEntry[]]> | null;
    if (!reply || stopping) return;
    const work = reply.map(([stream, entries]) =>
      handleEntries(shards[shards.map((s) => keys.stream(s)).indexOf(stream)] ?? -1, entries),
    );
    processing = Promise.all(work);
    await processing;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        if (Date.now() - lastBalance >= settings.leaseMs / 3) await balance();
        for (const shard of [...needsRecovery]) {
          needsRecovery.delete(shard);
          processing = recover(shard);
          await processing;
        }
        await readOnce();
      } catch (err) {
        if (stopping) return;
        if (String((err as Error)?.message).includes('NOGROUP'))
          await settings.ensureGroup(group).catch(settings.onError);
        else settings.onError(err);
        await sleep(settings.blockMs);
      }
    }
  }

  const running = loop();

  return {
    async close() {
      stopping = true;
      clearInterval(heartbeat);
      await processing.catch(() => undefined);
      blocking.disconnect(); // interrupts a pending BLOCK read; whatever it took stays pending for the next owner
      await running;
      for (const shard of owned) await command.eval(RELEASE_LEASE, 1, keys.lease(group, shard), consumer);
      owned.clear();
      await command.zrem(keys.members(group), consumer);
    },
  };
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
