import type { EventEnvelope } from '@talkwith/proto';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Consumer group. Every group receives every matching event; within a group
   * each event goes to one member (instances of one service share a group).
   */
  group: string;
  /** Event types this subscription wants (exact `domain.event` names). */
  types: string[];
  handler: EventHandler;
  /** Deliveries before a failing event is parked (default 5). */
  maxAttempts?: number;
  /**
   * False: the group does not need one key's events one after another (each
   * stands alone, like a client log line), so an adapter may hand over a whole
   * read batch at once and a batching handler commits it together. The
   * embedded bus does; the others keep per-key order regardless.
   */
  ordered?: boolean;
}

export interface Subscription {
  /** Stops receiving; in-flight handlers finish first. */
  close(): Promise<void>;
}

/**
 * Event bus port. Delivery is at least once: an event whose handler throws (or
 * whose consumer dies mid-handler) is delivered again, up to maxAttempts, then
 * parked. Order is kept per `key` within a group. The adapter does not
 * validate; the eventing layer above it does (and dedupes on `id`).
 */
export interface EventBus {
  /**
   * True for the embedded bus, which delivers straight from the outbox table
   * of its store: the eventing layer numbers outbox rows for it and hands it
   * nothing to store again (publish then only wakes it).
   */
  readonly deliversFromOutbox?: boolean;
  /** The embedded bus: new rows are in its outbox, read them (no look-up of the event, which the publisher has just stored). */
  wake?(): void;
  publish(event: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Events that exhausted their attempts, newest last (for admins and tests). */
  parked(group: string): Promise<Array<{ event: EventEnvelope; reason: string }>>;
  /**
   * How far behind the newest event each consumer group of this process is,
   * in events (metrics). Adapters that cannot tell leave it out.
   */
  consumerLag?(): Promise<ConsumerLag[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ConsumerLag {
  group: string;
  /** Events published that the group has not handled yet. */
  lag: number;
}
