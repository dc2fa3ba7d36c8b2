import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@talkwith/proto';
import { AppError, isAppError } from '../errors/index.ts';
import type { Collection, DocumentStore, EventBus } from '../ports/index.ts';
import type { Eventing } from '../service/index.ts';
import { PermanentEventError } from '../bus/shared.ts';
import { dataProblem, definitionOf, envelopeProblem } from './validation.ts';
import { startOutbox, type OutboxOptions } from './outbox.ts';

export interface EventingOptions {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  /** How long handled event ids are remembered for dedupe (default 30 days). */
  dedupeForSeconds?: number;
  /** Relay tuning (tests); see OutboxOptions. */
  outbox?: Pick<OutboxOptions, 'keepSentForSeconds' | 'sweepEveryMs' | 'retryMinMs' | 'retryMaxMs'>;
}

type ProcessedEvent = { _id: string; group: string; eventId: string; type: string; handledAt: Date };

/**
 * Validated, idempotent eventing (DESIGN.md §3) on top of any bus adapter.
 *
 * Dedupe: an event id is recorded in `processed_events` per group AFTER its
 * handler succeeded. At-least-once window: if the process dies between the
 * handler's effects and that record, the event is delivered again and the
 * handler runs twice — handlers must still be idempotent on their own writes
 * (e.g. upsert by a natural key); the record only stops routine redeliveries.
 *
 * Publish goes through a transactional outbox (./outbox.ts): the envelope is
 * stored in the service's `outbox` collection (durable when publish()
 * resolves), then handed to the bus and marked sent; a relay re-sends what the
 * bus refused or a crash left unsent, oldest first per key. So an event whose
 * publish() resolved is delivered even if the broker is down or the process
 * dies right after. Remaining window: the outbox insert is a separate write
 * from the caller's own (the store port has no multi-document transactions).
 * Call publish() right after the write it announces resolved; a crash between
 * the two loses the event (never the reverse: no event for unstored data). A
 * use case that cannot accept even that should re-derive the event (e.g. a
 * repeating job that publishes for documents still flagged `eventPending`).
 */
export function createEventing(options: EventingOptions): Eventing {
  const { bus, store, logger } = options;
  const outbox = startOutbox({ bus, store, logger: logger.child({ component: 'outbox' }), ...options.outbox });
  const processed = store.collection<ProcessedEvent>('processed_events');
  let indexes: Promise<void> | null = null;
  const ensureIndexes = () =>
    (indexes ??= Promise.all([
      processed.createIndex({ group: 1, eventId: 1 }, { unique: true }),
      processed.createIndex({ handledAt: 1 }, { expireAfterSeconds: options.dedupeForSeconds ?? 30 * 24 * 3600 }),
    ]).then(() => undefined));

  return {
    async publish<T>(type: string, key: string, data: T): Promise<EventEnvelope<T>> {
      const problem = dataProblem(type, data);
      if (problem) throw new AppError('VALIDATION_FAILED', `cannot publish: ${problem}`);
      const envelope: EventEnvelope<T> = {
        id: randomUUID(),
        type,
        version: definitionOf(type)!.version,
        occurredAt: new Date().toISOString(),
        key,
        data,
      };
      await outbox.write(envelope);
      return envelope;
    },

    close: () => outbox.close(),

    async consume(group, types, handler) {
      const unknown = types.filter((t) => !definitionOf(t));
      if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', `cannot consume unknown event types: ${unknown.join(', ')}`);
      await ensureIndexes();
      const log = logger.child({ consumerGroup: group });
      return bus.subscribe({ group, types, handler: (event) => handleOnce(processed, log, group, event, handler) });
    },
  };
}

async function handleOnce(
  processed: Collection<ProcessedEvent>,
  log: Logger,
  group: string,
  event: EventEnvelope,
  handler: (event: EventEnvelope) => Promise<void>,
): Promise<void> {
  const problem = envelopeProblem(event);
  if (problem) {
    log.warn({ eventId: (event as { id?: unknown })?.id, eventType: (event as { type?: unknown })?.type, problem }, 'invalid event parked');
    throw new PermanentEventError(`invalid event: ${problem}`);
  }
  if (await processed.findOne({ group, eventId: event.id })) {
    log.debug({ eventId: event.id, eventType: event.type }, 'duplicate event skipped');
    return;
  }
  try {
    await handler(event);
  } catch (err) {
    log.warn({ eventId: event.id, eventType: event.type, err }, 'event handler failed; it will be retried or parked');
    throw err;
  }
  try {
    await processed.insertOne({ group, eventId: event.id, type: event.type, handledAt: new Date() });
  } catch (err) {
    // Another member handled the same id concurrently: both ran, one record is enough.
    if (!(isAppError(err) && err.code === 'DUPLICATE_KEY')) throw err;
  }
}
