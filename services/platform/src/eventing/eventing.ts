import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@talkwith/proto';
import { AppError, isAppError } from '../errors/index.ts';
import type { Collection, DocumentStore, EventBus } from '../ports/index.ts';
import type { Eventing } from '../service/index.ts';
import { PermanentEventError } from '../bus/shared.ts';
import { dataProblem, definitionOf, envelopeProblem } from './validation.ts';

export interface EventingOptions {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  /** How long handled event ids are remembered for dedupe (default 30 days). */
  dedupeForSeconds?: number;
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
 * Publish-after-write: there is no outbox. Call publish() after the write it
 * announces has resolved (so consumers never see an event for data that is
 * not stored). If the process dies between the two, that event is lost; a
 * use case that cannot accept this should re-derive it (e.g. a repeating job
 * that publishes for documents still flagged `eventPending`).
 */
export function createEventing(options: EventingOptions): Eventing {
  const { bus, store, logger } = options;
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
      await bus.publish(envelope);
      return envelope;
    },

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
