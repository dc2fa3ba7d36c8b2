import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import type { EventEnvelope } from '@talkwith/proto';

type Parked = { event: EventEnvelope; reason: string };

/** Reads a parked topic from its start to its current end with a throw-away group. */
export async function readParkedTopic(kafka: Kafka, admin: Admin, topic: string): Promise<Parked[]> {
  const topics = await admin.listTopics();
  if (!topics.includes(topic)) return [];
  const offsets = await admin.fetchTopicOffsets(topic);
  const total = offsets.reduce((sum, o) => sum + Number(o.high) - Number(o.low), 0);
  if (total === 0) return [];
  const groupId = `${topic}-reader-${randomUUID()}`;
  const reader = kafka.consumer({ groupId });
  const found: Array<{ offset: number; parked: Parked }> = [];
  await reader.connect();
  try {
    await reader.subscribe({ topics: [topic], fromBeginning: true });
    const complete = new Promise<void>((resolve) => {
      void reader.run({
        autoCommit: false,
        eachMessage: async ({ message }) => {
          found.push({
            offset: Number(message.offset),
            parked: JSON.parse(message.value?.toString() ?? 'null') as Parked,
          });
          if (found.length >= total) resolve();
        },
      });
    });
    await Promise.race([complete, new Promise((r) => setTimeout(r, 10_000))]);
  } finally {
    await reader.disconnect();
    await admin.deleteGroups([groupId]).catch(() => undefined);
  }
  return found.sort((a, b) => a.offset - b.offset).map((f) => f.parked);
}
