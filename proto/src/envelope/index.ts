import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** A request id as it may travel (x-request-id, envelopes): short and plain, so it cannot forge a log line. */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9._:-]{1,128}$';

/**
 * Every event on the bus travels in this envelope (DESIGN.md §3).
 * `key` orders events of one aggregate (a user id, a character id): the Kafka
 * partition key and the Redis Streams shard key.
 */
export const EventEnvelope = Type.Object({
  id: Type.String({ minLength: 1, description: 'unique per event; consumers are idempotent on it' }),
  type: Type.String({ pattern: '^[a-z][a-z_]*\\.[a-z][a-z_]*$', description: 'past-tense domain.event name' }),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: Type.String({ format: 'date-time' }),
  key: Type.String({ minLength: 1 }),
  keySeq: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        "the publisher's write number for this key (1, 2, 3, … in commit order, from its store): which of two facts about one record is newer, whatever the clocks of the replicas that published them say",
    }),
  ),
  data: Type.Unknown(),
  requestId: Type.Optional(
    Type.String({
      pattern: REQUEST_ID_PATTERN,
      description:
        'the HTTP request that caused the event (x-request-id), carried on by the events its handlers publish: one talk can be followed across services in the logs',
    }),
  ),
});
export type EventEnvelope<T = unknown> = Omit<Static<typeof EventEnvelope>, 'data'> & { data: T };

/** One entry of the event catalogue: its name, version and data schema. */
export interface EventDefinition<S extends TSchema = TSchema, K extends string = string> {
  type: K;
  version: number;
  data: S;
  description: string;
}

export function defineEvent<K extends string, S extends TSchema>(
  type: K,
  version: number,
  data: S,
  description: string,
): EventDefinition<S, K> {
  return { type, version, data, description };
}
export { JsonDetails, DETAILS_MAX_DEPTH } from './json-details.ts';
