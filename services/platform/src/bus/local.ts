import type { EventEnvelope } from '@talkwith/proto';
import { AppError, isAppError } from '../errors/index.ts';
import type { DocumentStore, EventBus, Subscription } from '../ports/index.ts';
import { LocalGroup, type Member, type ParkedEvent, type StoredEvent } from './local-group.ts';

export interface LocalBusOptions {
  /** Where events and delivery state live; the bus does not close it. */
  store: DocumentStore;
  /** Pause before redelivering a failed event, times the attempt (default 50 ms). */
  retryDelayMs?: number;
  onError?(err: unknown): void;
}

type GroupDoc = { _id: string; types: string[] };

/** Prepares the collections and reads what a previous life left: the next sequence and the known groups. */
async function openLocalState(store: DocumentStore) {
  const events = store.collection<StoredEvent>('bus_events');
  const parked = store.collection<ParkedEvent>('bus_parked');
  const groupDocs = store.collection<GroupDoc>('bus_groups');
  await Promise.all([events.createIndex({ seq: 1 }, { unique: true }), parked.createIndex({ group: 1, seq: 1 })]);
  // A crash between a group's finish and the delete leaves finished rows behind.
  await events.deleteMany({ pending: { $size: 0 } });
  // Sequences never repeat while a row or a parked entry still carries them.
  const lastRows = await Promise.all([events, parked].map((c) => c.findOne({}, { sort: { seq: -1 }, projection: { seq: 1 } })));
  const nextSeq = Math.max(0, ...lastRows.map((row) => Number(row?.['seq'] ?? 0))) + 1;
  const groupTypes = new Map((await groupDocs.find({})).map((g) => [g._id, new Set(g.types)]));
  return { events, parked, groupDocs, nextSeq, groupTypes };
}

/**
 * Durable in-process bus for standalone mode: the memory bus's semantics
 * (consumer groups, load-balancing, redelivery up to maxAttempts, parking,
 * per-key order) with its state in the document store, so kill -9 loses
 * nothing that publish() acknowledged.
 *
 * - `bus_groups`: each group and the event types it has ever subscribed to.
 *   A group receives events published after its first subscription, also
 *   while it has no live member (e.g. during a restart).
 * - `bus_events`: one row per published event (with a sequence number) and
 *   the groups that have not finished it; the last group to finish (handled
 *   or parked) deletes it. Deliveries are counted in the row before the
 *   handler runs, so an event that kills its process every time is parked.
 * - `bus_parked`: events that exhausted their attempts, with the reason.
 *
 * On restart a group's first subscription reloads its unfinished events in
 * sequence order: an event whose handler was cut short is delivered again
 * (at least once; the eventing layer dedupes on id). Events of a type no live
 * member of the group wants stay stored and wait for such a member. One
 * process per store: events published by another process are not seen.
 */
export async function createLocalBus(options: LocalBusOptions): Promise<EventBus> {
  const { events, parked, groupDocs, groupTypes, ...state } = await openLocalState(options.store);
  let nextSeq = state.nextSeq;
  const groups = new Map<string, LocalGroup>();
  let closed = false;
  const deps = {
    events, parked,
    retryDelayMs: options.retryDelayMs ?? 50,
    isClosed: () => closed,
    onError: options.onError ?? ((err: unknown) => console.error('local bus:', err)),
  };
  const groupState = (name: string): LocalGroup => {
    let group = groups.get(name);
    if (!group) groups.set(name, (group = new LocalGroup(name, deps)));
    return group;
  };

  async function rememberTypes(group: string, types: string[]): Promise<void> {
    const known = groupTypes.get(group) ?? new Set<string>();
    if (types.every((t) => known.has(t))) return;
    await groupDocs.updateOne({ _id: group }, { $addToSet: { types: { $each: types } } }, { upsert: true });
    for (const type of types) known.add(type);
    groupTypes.set(group, known);
  }

  // Only a second process on the same (MongoDB) store can take our sequence: skip past its rows instead of wedging.
  async function insertWithNextSeq(row: Omit<StoredEvent, '_id' | 'seq'>): Promise<StoredEvent> {
    for (let tries = 1; ; tries++) {
      const seq = nextSeq++;
      try {
        return await events.insertOne({ ...row, _id: String(seq), seq });
      } catch (err) {
        if (!(isAppError(err) && err.code === 'DUPLICATE_KEY') || tries >= 5) throw err;
        const last = await events.findOne({}, { sort: { seq: -1 }, projection: { seq: 1 } });
        nextSeq = Math.max(nextSeq, (last?.seq ?? 0) + 1);
      }
    }
  }

  return {
    async publish(event: EventEnvelope) {
      if (closed) throw new AppError('UNAVAILABLE', 'bus is closed');
      const pending = [...groupTypes].filter(([, types]) => types.has(event.type)).map(([name]) => name);
      if (pending.length === 0) return; // no group has ever asked for this type
      const stored = await insertWithNextSeq({ event: structuredClone(event), pending });
      for (const name of pending) groupState(name).enqueue(stored);
    },
    async subscribe(subscribeOptions): Promise<Subscription> {
      if (closed) throw new AppError('UNAVAILABLE', 'bus is closed');
      await rememberTypes(subscribeOptions.group, subscribeOptions.types);
      const group = groupState(subscribeOptions.group);
      const member: Member = { types: new Set(subscribeOptions.types), options: subscribeOptions, inFlight: new Set(), closed: false };
      group.members.push(member);
      await group.reload();
      return { close: () => group.drain(member) };
    },
    async parked(group) {
      const rows = await parked.find({ group }, { sort: { parkedAt: 1, seq: 1 } });
      return rows.map((row) => ({ event: row.event, reason: row.reason }));
    },
    async ping() {
      if (closed) throw new AppError('UNAVAILABLE', 'bus is closed');
      await options.store.ping();
    },
    async close() {
      closed = true;
      await Promise.all([...groups.values()].flatMap((g) => g.members.map((m) => g.drain(m))));
      await Promise.all([...groups.values()].map((g) => g.idle()));
    },
  };
}
