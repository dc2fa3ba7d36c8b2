import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { REQUEST_ID_PATTERN, type EventEnvelope, type EventMap, type EventOf, type EventType } from '@talkwith/proto';
import { AppError, isAppError } from '../errors/index.ts';
import type { DocumentStore, EventBus, Transaction } from '../ports/index.ts';
import type { EventHandlerOf, Eventing } from '../service/index.ts';
import { PermanentEventError } from '../bus/shared.ts';
import { currentRequestId, withRequestId } from '../http/request-context.ts';
import { dataProblem, definitionOf, envelopeProblem } from './validation.ts';
import { appendToOutbox, nextOutboxSeq, numberWithinKeys } from './outbox-entry.ts';
import { startOutboxRelay, type OutboxRelayOptions } from './outbox.ts';

export interface EventingOptions {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  /** How long handled event ids are remembered for dedupe (default 30 days). */
  dedupeForSeconds?: number;
  /** Relay tuning (tests); see OutboxRelayOptions. */
  outbox?: Pick<OutboxRelayOptions, 'keepSentForSeconds' | 'sweepEveryMs' | 'retryMinMs' | 'retryMaxMs'>;
}

export const PROCESSED_EVENTS = 'processed_events';
type ProcessedEvent = { _id: string; group: string; eventId: string; type: string; handledAt: Date };

/**
 * Validated, exactly-once-in-effect eventing (DESIGN.md §3) on any bus adapter.
 *
 * Publish: the envelope goes into the outbox table inside the caller's
 * transaction (or one of its own), so an event exists exactly when the data
 * it announces does. After the commit, the embedded bus is woken to deliver
 * it from that same table; with Redis or Kafka the relay (./outbox.ts) hands
 * it over and re-sends whatever a crash or an outage left behind.
 *
 * Consume: delivery is at least once; each delivery runs in a transaction
 * that first looks for the event id in `processed_events` (per group), then
 * runs the handler with that transaction and records the id. A crash rolls
 * all of it back, so the handler's store writes count once per event id.
 */
export function createEventing(options: EventingOptions): Eventing {
  const { bus, store, logger } = options;
  const embedded = bus.deliversFromOutbox === true;
  const relay = embedded
    ? null
    : startOutboxRelay({ bus, store, logger: logger.child({ component: 'outbox' }), ...options.outbox });
  const wake = (envelope: EventEnvelope) => {
    if (bus.wake) return bus.wake();
    void bus.publish(envelope).catch((err: unknown) => logger.warn({ err }, 'embedded bus could not be woken'));
  };
  let indexes: Promise<void> | null = null;
  const ensureIndexes = () => {
    const processed = store.collection<ProcessedEvent>(PROCESSED_EVENTS);
    return (indexes ??= Promise.all([
      processed.createIndex({ group: 1, eventId: 1 }, { unique: true }),
      processed.createIndex({ handledAt: 1 }, { expireAfterSeconds: options.dedupeForSeconds ?? 30 * 24 * 3600 }),
    ]).then(() => undefined));
  };

  async function storeInOutbox(envelopes: EventEnvelope[], tx: Transaction): Promise<void> {
    if (envelopes.length === 0) return;
    await numberWithinKeys(tx, envelopes);
    // Embedded: one reservation of the store-wide numbers for the lot; relayed: this process's tie-break counter.
    const first = embedded ? await nextOutboxSeq(tx, envelopes.length) : 0;
    const entries = await appendToOutbox(tx, envelopes, (i) => (embedded ? first + i : relay!.nextSeq()));
    tx.afterCommit(() => {
      if (!relay) return wake(envelopes[0]!);
      for (const entry of entries) relay.handOver(entry);
    });
  }

  function envelopeOf<K extends EventType>(type: K, key: string, data: EventMap[K]): EventEnvelope<EventMap[K]> {
    const problem = dataProblem(type, data);
    if (problem) throw new AppError('VALIDATION_FAILED', `cannot publish: ${problem}`);
    const requestId = currentRequestId();
    return {
      id: randomUUID(),
      type,
      version: definitionOf(type)!.version,
      occurredAt: new Date().toISOString(),
      key,
      data,
      ...(requestId ? { requestId } : {}),
    };
  }

  return {
    async publish<K extends EventType>(
      type: K,
      key: string,
      data: EventMap[K],
      tx?: Transaction,
    ): Promise<EventEnvelope<EventMap[K]>> {
      const envelope = envelopeOf(type, key, data);
      if (tx) await storeInOutbox([envelope], tx);
      else await store.withTransaction((own) => storeInOutbox([envelope], own));
      return envelope;
    },

    async publishMany<K extends EventType>(
      type: K,
      items: ReadonlyArray<{ key: string; data: EventMap[K] }>,
      tx: Transaction,
    ): Promise<Array<EventEnvelope<EventMap[K]>>> {
      const envelopes = items.map(({ key, data }) => envelopeOf(type, key, data));
      await storeInOutbox(envelopes, tx);
      return envelopes;
    },

    close: async () => relay?.close(),

    async consume<K extends EventType>(group: string, types: readonly K[], handler: EventHandlerOf<K>) {
      const unknown = types.filter((t) => !definitionOf(t));
      if (unknown.length > 0)
        throw new AppError('VALIDATION_FAILED', `cannot consume unknown event types: ${unknown.join(', ')}`);
      await ensureIndexes();
      const log = logger.child({ consumerGroup: group });
      // The handler runs as part of the event's request: what it publishes and logs carries that request's id on.
      return bus.subscribe({
        group,
        types: [...types],
        handler: (event) =>
          withRequestId(requestIdOf(event), () =>
            handleOnce(store, log, group, event, handler as EventHandlerOf<EventType>),
          ),
      });
    },
  };
}

/** The envelope's request id, if it is a usable one (an envelope from the bus is not validated yet). */
const usableRequestId = new RegExp(REQUEST_ID_PATTERN);
const requestIdOf = (event: EventEnvelope): string | undefined =>
  typeof event?.requestId === 'string' && usableRequestId.test(event.requestId) ? event.requestId : undefined;

async function handleOnce(
  store: DocumentStore,
  log: Logger,
  group: string,
  event: EventEnvelope,
  handler: EventHandlerOf<EventType>,
): Promise<void> {
  const problem = envelopeProblem(event);
  if (problem) {
    log.warn(
      { eventId: (event as { id?: unknown })?.id, eventType: (event as { type?: unknown })?.type, problem },
      'invalid event parked',
    );
    throw new PermanentEventError(`invalid event: ${problem}`);
  }
  // Validated against the catalogue just above: its data has the schema of its type.
  const typed = event as EventOf<EventType>;
  try {
    await store.withTransaction(async (tx) => {
      const processed = tx.collection<ProcessedEvent>(PROCESSED_EVENTS);
      if (await processed.findOne({ group, eventId: event.id })) return;
      await handler(typed, tx);
      await processed.insertOne({ group, eventId: event.id, type: event.type, handledAt: new Date() });
    });
  } catch (err) {
    // Another member of the group handled it at the same moment and committed first: it is done.
    if (
      isAppError(err) &&
      err.code === 'DUPLICATE_KEY' &&
      (await store.collection(PROCESSED_EVENTS).findOne({ group, eventId: event.id }))
    )
      return;
    log.warn(
      { eventId: event.id, eventType: event.type, requestId: event.requestId, err },
      'event handler failed; it will be retried or parked',
    );
    throw err;
  }
}
