import type { EventEnvelope } from '@talkwith/proto';
import type { EventBus, SubscribeOptions, Subscription } from '../ports/index.ts';
import { AppError } from '../errors/index.ts';
import { errorReason, isPermanent, sleep } from './shared.ts';

interface Member {
  types: Set<string>;
  options: SubscribeOptions;
  inFlight: Set<Promise<void>>;
  closed: boolean;
}

interface GroupState {
  members: Member[];
  /** Events waiting per key; the head of a busy key is being handled. */
  queues: Map<string, EventEnvelope[]>;
  busyKeys: Set<string>;
  nextMember: number;
  parked: Array<{ event: EventEnvelope; reason: string }>;
}

export interface MemoryBusOptions {
  /** Pause before redelivering a failed event (default 50 ms). */
  retryDelayMs?: number;
}

/**
 * In-process bus for standalone mode and tests. Same semantics as the Redis
 * and Kafka adapters (groups, load-balancing, redelivery, parking, per-key
 * order) but nothing survives the process; events published before a group
 * first subscribes are not delivered to it.
 */
export async function createMemoryBus(options: MemoryBusOptions = {}): Promise<EventBus> {
  const retryDelayMs = options.retryDelayMs ?? 50;
  const groups = new Map<string, GroupState>();
  let closed = false;

  const groupState = (name: string): GroupState => {
    let state = groups.get(name);
    if (!state) {
      state = { members: [], queues: new Map(), busyKeys: new Set(), nextMember: 0, parked: [] };
      groups.set(name, state);
    }
    return state;
  };

  const pickMember = (state: GroupState, type: string): Member | undefined => {
    const candidates = state.members.filter((m) => !m.closed && m.types.has(type));
    if (candidates.length === 0) return undefined;
    state.nextMember = (state.nextMember + 1) % candidates.length;
    return candidates[state.nextMember];
  };

  // Handles the head of one key's queue until it succeeds or is parked; later
  // events of the key wait, which is what keeps per-key order.
  const deliverHead = async (state: GroupState, event: EventEnvelope): Promise<boolean> => {
    for (let attempt = 1; ; attempt++) {
      const member = pickMember(state, event.type);
      if (!member) return false;
      const run = member.options.handler(event);
      const tracked = run.then(() => undefined, () => undefined);
      member.inFlight.add(tracked);
      try {
        await run;
        return true;
      } catch (err) {
        if (attempt >= (member.options.maxAttempts ?? 5) || isPermanent(err)) {
          state.parked.push({ event, reason: errorReason(err, attempt) });
          return true;
        }
        await sleep(retryDelayMs * attempt);
      } finally {
        member.inFlight.delete(tracked);
      }
      if (closed) return false;
    }
  };

  const pump = (state: GroupState, key: string): void => {
    if (state.busyKeys.has(key) || closed) return;
    const queue = state.queues.get(key);
    const head = queue?.[0];
    if (!queue || !head) return;
    state.busyKeys.add(key);
    void deliverHead(state, head).then((done) => {
      state.busyKeys.delete(key);
      if (!done) return; // no live member for it: stays queued for the next subscriber
      queue.shift();
      if (queue.length === 0) state.queues.delete(key);
      pump(state, key);
    });
  };

  const pumpAll = (state: GroupState): void => {
    for (const key of state.queues.keys()) pump(state, key);
  };

  return {
    async publish(event) {
      if (closed) throw new AppError('UNAVAILABLE', 'bus is closed');
      for (const state of groups.values()) {
        if (!state.members.some((m) => m.types.has(event.type))) continue;
        const queue = state.queues.get(event.key) ?? [];
        queue.push(structuredClone(event));
        state.queues.set(event.key, queue);
        pump(state, event.key);
      }
    },
    async subscribe(subscribeOptions): Promise<Subscription> {
      const state = groupState(subscribeOptions.group);
      const member: Member = { types: new Set(subscribeOptions.types), options: subscribeOptions, inFlight: new Set(), closed: false };
      state.members.push(member);
      pumpAll(state);
      return {
        async close() {
          member.closed = true;
          await Promise.all([...member.inFlight]);
          state.members = state.members.filter((m) => m !== member);
        },
      };
    },
    async parked(group) {
      return structuredClone(groups.get(group)?.parked ?? []);
    },
    async ping() {
      if (closed) throw new AppError('UNAVAILABLE', 'bus is closed');
    },
    async close() {
      closed = true;
      for (const state of groups.values()) {
        for (const member of state.members) member.closed = true;
        await Promise.all(state.members.flatMap((m) => [...m.inFlight]));
      }
    },
  };
}
