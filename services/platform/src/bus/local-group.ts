import type { EventEnvelope } from '@talkwith/proto';
import type { Collection, SubscribeOptions } from '../ports/index.ts';
import { errorReason, isPermanent, sleep } from './shared.ts';

/** One published event in `bus_events`; `pending` lists the groups that have not finished it. */
export type StoredEvent = {
  _id: string;
  seq: number;
  event: EventEnvelope;
  pending: string[];
  /** Deliveries started per group (field name = attemptField(group)); counted before the handler runs. */
  attempts?: Record<string, number>;
};

export type ParkedEvent = { _id: string; group: string; seq: number; event: EventEnvelope; reason: string; parkedAt: Date };

export interface Member {
  types: Set<string>;
  options: SubscribeOptions;
  inFlight: Set<Promise<void>>;
  closed: boolean;
}

export interface GroupDeps {
  events: Collection<StoredEvent>;
  parked: Collection<ParkedEvent>;
  retryDelayMs: number;
  isClosed(): boolean;
  onError(err: unknown): void;
}

/** Group names may hold '.' or '$', which a field path cannot. */
export function attemptField(group: string): string {
  return encodeURIComponent(group).replace(/\./g, '%2E').replace(/\$/g, '%24');
}

type Outcome = 'finished' | 'no-member' | 'stopped';

/**
 * Delivery state of one consumer group of the local bus, in memory, mirroring
 * what `bus_events` holds durably: a queue per key (the head is being
 * handled, the rest wait: per-key order), ordered by publish sequence.
 */
export class LocalGroup {
  readonly name: string;
  members: Member[] = [];
  private readonly deps: GroupDeps;
  private readonly queues = new Map<string, StoredEvent[]>();
  private readonly busyKeys = new Set<string>();
  /** Sequences queued or being handled here, so a reload does not queue them twice. */
  private readonly known = new Set<number>();
  private nextMember = 0;
  /** Deliveries under way, including their writes after the handler. */
  private readonly active = new Set<Promise<unknown>>();

  constructor(name: string, deps: GroupDeps) {
    this.name = name;
    this.deps = deps;
  }

  enqueue(stored: StoredEvent): void {
    if (this.known.has(stored.seq)) return;
    this.known.add(stored.seq);
    const key = stored.event.key;
    const queue = this.queues.get(key) ?? [];
    let at = queue.length;
    while (at > (this.busyKeys.has(key) ? 1 : 0) && queue[at - 1]!.seq > stored.seq) at--;
    queue.splice(at, 0, stored);
    this.queues.set(key, queue);
    this.pump(key);
  }

  /** Queues whatever the store says this group has not finished (restart, new member). */
  async reload(): Promise<void> {
    const pending = await this.deps.events.find({ pending: this.name }, { sort: { seq: 1 } });
    for (const stored of pending) this.enqueue(stored);
  }

  async drain(member: Member): Promise<void> {
    member.closed = true;
    await Promise.all([...member.inFlight]);
    this.members = this.members.filter((m) => m !== member);
  }

  /** Resolves once no delivery is under way (after the bus is closed, none starts again). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active]);
  }

  private pump(key: string): void {
    if (this.busyKeys.has(key) || this.deps.isClosed()) return;
    const head = this.queues.get(key)?.[0];
    if (!head) return;
    this.busyKeys.add(key);
    const delivery = this.deliver(head);
    this.active.add(delivery);
    void delivery.then((outcome) => {
      this.active.delete(delivery);
      this.busyKeys.delete(key);
      if (outcome === 'stopped' && this.deps.isClosed()) return; // stays pending in the store
      // Finished, or nobody here wants its type yet (a later subscribe reloads it): the key moves on.
      this.queues.get(key)?.shift();
      this.known.delete(head.seq);
      if (this.queues.get(key)?.length === 0) this.queues.delete(key);
      this.pump(key);
    });
  }

  private pickMember(type: string): Member | undefined {
    const candidates = this.members.filter((m) => !m.closed && m.types.has(type));
    if (candidates.length === 0) return undefined;
    this.nextMember = (this.nextMember + 1) % candidates.length;
    return candidates[this.nextMember];
  }

  /** Runs one event to success or parking, counting each delivery in the store first (so crashes count too). */
  private async deliver(stored: StoredEvent): Promise<Outcome> {
    try {
      for (;;) {
        const member = this.pickMember(stored.event.type);
        if (!member) return 'no-member';
        const attempt = await this.countAttempt(stored);
        const maxAttempts = member.options.maxAttempts ?? 5;
        if (attempt > maxAttempts) {
          await this.park(stored, `delivered ${attempt - 1} time(s) without an outcome: its consumer died each time`);
          return 'finished';
        }
        const failure = await this.run(member, stored.event);
        if (failure === null) {
          await this.finish(stored);
          return 'finished';
        }
        if (attempt >= maxAttempts || isPermanent(failure)) {
          await this.park(stored, errorReason(failure, attempt));
          return 'finished';
        }
        await sleep(this.deps.retryDelayMs * attempt);
        if (this.deps.isClosed()) return 'stopped';
      }
    } catch (err) {
      this.deps.onError(err); // the store refused: it stays pending there for the next reload
      return 'stopped';
    }
  }

  /** The handler's error, or null when it succeeded. */
  private async run(member: Member, event: EventEnvelope): Promise<unknown> {
    const running = Promise.resolve()
      .then(() => member.options.handler(structuredClone(event)))
      .then(() => null, (err: unknown) => err ?? new Error('handler failed'));
    const tracked = running.then(() => undefined);
    member.inFlight.add(tracked);
    try {
      return await running;
    } finally {
      member.inFlight.delete(tracked);
    }
  }

  private async countAttempt(stored: StoredEvent): Promise<number> {
    const field = `attempts.${attemptField(this.name)}`;
    const after = await this.deps.events.findOneAndUpdate({ _id: stored._id }, { $inc: { [field]: 1 } });
    return after?.attempts?.[attemptField(this.name)] ?? 1;
  }

  private async park(stored: StoredEvent, reason: string): Promise<void> {
    const parked = { group: this.name, seq: stored.seq, event: stored.event, reason, parkedAt: new Date() };
    // Keyed by group and sequence: parking again after a crash does not list it twice.
    await this.deps.parked.updateOne({ _id: `${this.name}:${stored.seq}` }, { $setOnInsert: parked }, { upsert: true });
    await this.finish(stored);
  }

  /** This group is done with the event; the last group to finish removes it. */
  private async finish(stored: StoredEvent): Promise<void> {
    const after = await this.deps.events.findOneAndUpdate({ _id: stored._id }, { $pull: { pending: this.name } });
    if (after && after.pending.length === 0) await this.deps.events.deleteOne({ _id: stored._id, pending: { $size: 0 } });
  }
}
