import { Kafka, logLevel, type Admin, type Consumer, type Producer, type SASLOptions } from 'kafkajs';
import type { EventEnvelope } from '@talkwith/proto';
import type { EventBus, SubscribeOptions, Subscription } from '../ports/index.ts';
import { readParkedTopic } from './kafka-parked.ts';
import { errorReason, isPermanent, sleep } from './shared.ts';
import { countParkedEvent } from '../metrics/operations.ts';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** SASL credentials (BUS_URL kafka://user:password@...; platform/kafka-url.ts). */
  sasl?: SASLOptions;
  ssl?: boolean;
  /** Partitions of topics this adapter creates (default 6). */
  partitions?: number;
  retryDelayMs?: number;
}

/**
 * Event bus on Kafka (BUS_URL=kafka://h1:9092,h2:9092): one topic per event
 * type, message key = envelope.key (so one key stays in one partition, in
 * order), consumer group = subscription group. A message's offset is committed
 * only after its handler succeeded or it was parked: retries happen in place,
 * which blocks that partition (the price of per-key order); after maxAttempts
 * the event goes to the `<group>.parked` topic with its reason.
 */
export async function createKafkaBus(options: KafkaBusOptions): Promise<EventBus> {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.ERROR,
    ...(options.sasl ? { sasl: options.sasl } : {}),
    ...(options.ssl ? { ssl: true } : {}),
  });
  const retryDelayMs = options.retryDelayMs ?? 200;
  const admin: Admin = kafka.admin();
  const producer: Producer = kafka.producer({
    allowAutoTopicCreation: false,
    idempotent: true,
    maxInFlightRequests: 1,
  });
  await Promise.all([admin.connect(), producer.connect()]);
  const knownTopics = new Set(await admin.listTopics());
  const consumers = new Set<Consumer>();
  /** Topics each consumer group of this process reads (for its lag). */
  const groupTopics = new Map<string, Set<string>>();

  async function ensureTopics(topics: string[], partitions = options.partitions ?? 6): Promise<void> {
    const missing = topics.filter((t) => !knownTopics.has(t));
    if (missing.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({ topic, numPartitions: partitions })),
    });
    for (const topic of missing) knownTopics.add(topic);
  }

  async function deliver(subscribe: SubscribeOptions, event: EventEnvelope): Promise<void> {
    const maxAttempts = subscribe.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      try {
        await subscribe.handler(event);
        return;
      } catch (err) {
        if (attempt >= maxAttempts || isPermanent(err)) {
          await park(subscribe.group, event, errorReason(err, attempt));
          return;
        }
        await sleep(retryDelayMs * attempt);
      }
    }
  }

  async function park(group: string, event: unknown, reason: string): Promise<void> {
    const topic = `${group}.parked`;
    await ensureTopics([topic], 1); // one partition: the list reads back in parking order
    await producer.send({ topic, messages: [{ value: JSON.stringify({ event, reason }) }] });
    countParkedEvent(group);
  }

  return {
    async publish(event) {
      await ensureTopics([event.type]);
      await producer.send({ topic: event.type, messages: [{ key: event.key, value: JSON.stringify(event) }] });
    },
    async subscribe(subscribe): Promise<Subscription> {
      await ensureTopics(subscribe.types);
      const consumer = kafka.consumer({ groupId: subscribe.group });
      await consumer.connect();
      // A new group starts at the oldest retained offset (a group with committed
      // offsets keeps them): a consumer started after the producer still gets its
      // events; consumers dedupe by event id, so the replay is harmless.
      await consumer.subscribe({ topics: subscribe.types, fromBeginning: true });
      // Resolving only after the join: once subscribe returns, the group owns its partitions.
      const joined = new Promise<void>((resolve) => {
        const stop = consumer.on(consumer.events.GROUP_JOIN, () => {
          stop();
          resolve();
        });
      });
      await consumer.run({
        autoCommitThreshold: 1,
        partitionsConsumedConcurrently: 4,
        eachMessage: async ({ message }) => {
          let event: EventEnvelope;
          try {
            event = JSON.parse(message.value?.toString() ?? '') as EventEnvelope;
          } catch (err) {
            return park(
              subscribe.group,
              message.value?.toString() ?? null,
              `unreadable message: ${errorReason(err, 0)}`,
            );
          }
          await deliver(subscribe, event);
        },
      });
      await Promise.race([joined, sleep(30_000)]);
      consumers.add(consumer);
      const topics = groupTopics.get(subscribe.group) ?? new Set<string>();
      for (const topic of subscribe.types) topics.add(topic);
      groupTopics.set(subscribe.group, topics);
      return {
        async close() {
          if (!consumers.delete(consumer)) return;
          await consumer.disconnect(); // waits for the running eachMessage calls
        },
      };
    },
    async parked(group) {
      return readParkedTopic(kafka, admin, `${group}.parked`);
    },
    async consumerLag() {
      return Promise.all(
        [...groupTopics].map(async ([group, topics]) => ({ group, lag: await groupLag(admin, group, [...topics]) })),
      );
    },
    async ping() {
      await admin.describeCluster();
    },
    async close() {
      await Promise.all([...consumers].map((c) => c.disconnect()));
      consumers.clear();
      await Promise.all([producer.disconnect(), admin.disconnect()]);
    },
  };
}

/**
 * Newest offset minus the group's committed offset, summed over the
 * partitions of its topics. A partition the group never committed on counts
 * from its oldest retained offset: that is where a new group starts.
 */
async function groupLag(admin: Admin, groupId: string, topics: string[]): Promise<number> {
  const [committed, newest] = await Promise.all([
    admin.fetchOffsets({ groupId, topics }),
    Promise.all(topics.map(async (topic) => ({ topic, partitions: await admin.fetchTopicOffsets(topic) }))),
  ]);
  let lag = 0;
  for (const { topic, partitions } of newest) {
    const done = committed.find((c) => c.topic === topic)?.partitions ?? [];
    for (const { partition, high, low } of partitions) {
      const at = Number(done.find((p) => p.partition === partition)?.offset ?? -1);
      lag += Math.max(0, Number(high) - (at >= 0 ? at : Number(low)));
    }
  }
  return lag;
}
