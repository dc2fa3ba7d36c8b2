/**
 * One consumer group of the embedded bus: reads the outbox table from the
 * group's stored position, in batches, and advances that position once a batch
 * is handled. Within a batch, keys run concurrently and each key's events one
 * after another, which keeps per-key order; a failing event is retried in
 * place, then parked. A crash re-runs at most the batch under way (consumers
 * dedupe on the event id).
 */
import type { EventEnvelope } from '@talkwith/proto';
import type { Collection, SubscribeOptions } from '../ports/index.ts';
import type { OutboxEntry } from '../eventing/outbox-entry.ts';
import { errorReason, hashKey, isPermanent, sleep } from './shared.ts';
import { countParkedEvent } from '../metrics/operations.ts';

/**
 * A group's place in the outbox. `inFlight` marks the batch being handled: a
 * process that finds it set died during that batch, which is then re-run one
 * event at a time, each delivery counted in `suspect` before it runs, so an
 * event that kills its process every time is parked instead of looping.
 */
export type Position = {
  _id: string;
  seq: number;
  inFlight?: { upTo: number };
  suspect?: { seq: number; deliveries: number };
};
export type Parked = { _id: string; group: string; event: EventEnvelope; reason: string; parkedAt: Date };

export interface GroupDeps {
  outbox: Collection<OutboxEntry>;
  /** The newest outbox number (every row up to it is committed: the store serialises publishing transactions). */
  newestSeq(): Promise<number>;
  positions: Collection<Position>;
  parked: Collection<Parked>;
  retryDelayMs: number;
  batchSize: number;
  onError(err: unknown): void;
}

/** How many batches' worth of outbox numbers one read may look across for the group's types. */
const SCAN_WINDOW_BATCHES = 10;

export class OutboxGroup {
  readonly name: string;
  private readonly deps: GroupDeps;
  private readonly members: SubscribeOptions[] = [];
  private draining: Promise<void> | null = null;
  /**
   * How far this process has read, ahead of the stored position over
   * windows that held none of the group's types: those moves are not written
   * (a restart reads such a window again and finds nothing to deliver), so a
   * burst of other groups' events costs this group no write.
   */
  private readAhead = 0;
  private wakeAgain = false;
  private closed = false;

  constructor(name: string, deps: GroupDeps) {
    this.name = name;
    this.deps = deps;
  }

  add(member: SubscribeOptions): void {
    this.members.push(member);
    this.wake();
  }

  /** Removes the member; resolves once the batch under way is handled. */
  async remove(member: SubscribeOptions): Promise<void> {
    this.members.splice(this.members.indexOf(member), 1);
    if (this.members.length === 0) this.closed = true;
    await this.draining;
  }

  get isEmpty(): boolean {
    return this.members.length === 0;
  }

  /** Stops the group (bus close); resolves once the batch under way is handled. */
  async closeAll(): Promise<void> {
    this.members.splice(0);
    this.closed = true;
    await this.draining;
  }

  /** New rows may be there: read them (at once, or right after the batch under way). */
  wake(): void {
    if (this.closed || this.members.length === 0) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain()
      .catch((err: unknown) => this.deps.onError(err))
      .finally(() => {
        this.draining = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /**
   * Reads only the rows of the types its members take (index type+seq): a
   * group that does not take client log lines neither reads nor decodes them.
   * The window up to the newest number bounds each read; the position then
   * moves past the rows of other types too.
   */
  private async nextRows(position: number): Promise<{ rows: OutboxEntry[]; upTo: number } | null> {
    const newest = await this.deps.newestSeq();
    if (newest <= position) return null;
    const windowEnd = Math.min(newest, position + this.deps.batchSize * SCAN_WINDOW_BATCHES);
    const types = [...new Set(this.members.flatMap((m) => m.types))];
    const rows = await this.deps.outbox.find(
      { seq: { $gt: position, $lte: windowEnd }, type: { $in: types } },
      { sort: { seq: 1 }, limit: this.deps.batchSize },
    );
    return { rows, upTo: rows.length === this.deps.batchSize ? rows.at(-1)!.seq : windowEnd };
  }

  private async drain(): Promise<void> {
    // A group seen for the first time starts at the oldest retained event, so a late subscriber misses nothing.
    let stored = await this.deps.positions.findOne({ _id: this.name });
    let position = Math.max(stored?.seq ?? 0, this.readAhead);
    while (!this.closed) {
      const next = await this.nextRows(position);
      if (!next) return;
      const { rows, upTo } = next;
      position = upTo;
      if (rows.length === 0) {
        this.readAhead = position;
        continue;
      }
      const diedHere = stored?.inFlight !== undefined && stored.inFlight.upTo >= rows[0]!.seq;
      await this.deps.positions.updateOne(
        { _id: this.name },
        { $set: { seq: rows[0]!.seq - 1, inFlight: { upTo } } },
        { upsert: true },
      );
      const wanted = rows.filter((row) => this.memberFor(row) !== undefined);
      if (diedHere) await this.handleOneByOne(wanted, stored?.suspect);
      else await this.handleBatch(wanted);
      if (this.closed) return;
      await this.deps.positions.updateOne(
        { _id: this.name },
        { $set: { seq: position }, $unset: { inFlight: '', suspect: '' } },
      );
      this.readAhead = position;
      stored = null;
    }
  }

  /** How far this process has read for the group (0 before its first read; the stored position may be behind it). */
  get readPosition(): number {
    return this.readAhead;
  }

  /** After a crash: each delivery is counted durably before it runs; one past maxAttempts is parked unrun. */
  private async handleOneByOne(rows: OutboxEntry[], suspect: Position['suspect']): Promise<void> {
    for (const row of rows) {
      if (this.closed) return;
      const deliveries = (suspect?.seq === row.seq ? suspect.deliveries : 0) + 1;
      const maxAttempts = this.memberFor(row)?.maxAttempts ?? 5;
      if (deliveries > maxAttempts) {
        await this.park(row, `delivery died with its process ${deliveries - 1} time(s)`);
        continue;
      }
      await this.deps.positions.updateOne({ _id: this.name }, { $set: { suspect: { seq: row.seq, deliveries } } });
      await this.deliver(row);
      await this.deps.positions.updateOne({ _id: this.name }, { $set: { seq: row.seq }, $unset: { suspect: '' } });
    }
  }

  private async park(row: OutboxEntry, reason: string): Promise<void> {
    await this.deps.parked.insertOne({ group: this.name, event: row.envelope, reason, parkedAt: new Date() });
    countParkedEvent(this.name);
  }

  private async handleBatch(rows: OutboxEntry[]): Promise<void> {
    // Rows of members that keep no per-key order go out all at once (SubscribeOptions.ordered).
    const loose = new Set(rows.filter((row) => this.memberFor(row)?.ordered === false));
    const byKey = new Map<string, OutboxEntry[]>();
    for (const row of rows) if (!loose.has(row)) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
    await Promise.all([
      ...[...loose].map((row) => this.deliver(row)),
      ...[...byKey.values()].map(async (chain) => {
        for (const row of chain) await this.deliver(row);
      }),
    ]);
  }

  /** The member that takes a row: one per key (stable while membership is), among those wanting its type. */
  private memberFor(row: OutboxEntry): SubscribeOptions | undefined {
    const wanting = this.members.filter((m) => m.types.includes(row.type));
    return wanting[hashKey(row.key) % Math.max(wanting.length, 1)];
  }

  private async deliver(row: OutboxEntry): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const member = this.memberFor(row);
      if (!member) return;
      try {
        await member.handler(row.envelope);
        return;
      } catch (err) {
        if (isPermanent(err) || attempt >= (member.maxAttempts ?? 5)) {
          await this.park(row, errorReason(err, attempt));
          return;
        }
        if (this.closed) throw err; // the position stays put: the next start delivers it again
        await sleep(Math.min(this.deps.retryDelayMs * 2 ** (attempt - 1), 5_000));
      }
    }
  }
}
