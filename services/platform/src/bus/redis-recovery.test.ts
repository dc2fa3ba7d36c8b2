import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../ports/index.ts';
import { startRedisServer, type RunningRedis } from '../testing/index.ts';
import { testEvent, waitFor } from './contract.ts';
import { createRedisStreamsBus } from './redis-streams.ts';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

/** A consumer process that hangs on the first event of `type` it gets (a new group reads the retained history: each test its own type). */
function startConsumer(group: string, type: string): { child: ChildProcess; output: () => string } {
  const script = fileURLToPath(new URL('./fixtures/hanging-consumer.ts', import.meta.url));
  const child = spawn(process.execPath, [script, redis.url, group, type], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const fastBus = () => createRedisStreamsBus({ url: redis.url, leaseMs: 300, blockMs: 50, retryDelayMs: 5 });

describe('redis streams bus, crash recovery', () => {
  it('consumer, SIGKILLed mid-handler, its event is handled by the member that replaces it', async () => {
    const group = `crash-${Date.now()}`;
    const type = `test.crashed-${group}`;
    const consumer = startConsumer(group, type);
    await waitFor(() => consumer.output().includes('ready'));
    const publisher: EventBus = await fastBus();
    const event = testEvent(type, 'user-1');
    await publisher.publish(event);
    await waitFor(() => consumer.output().includes(`got ${event.id}`));
    consumer.child.kill('SIGKILL');

    const handled: string[] = [];
    const replacement = await fastBus();
    await replacement.subscribe({ group, types: [type], handler: async (e) => void handled.push(e.id) });
    await waitFor(() => handled.length === 1, 5000);

    expect(handled).toEqual([event.id]);
    expect(await replacement.parked(group)).toEqual([]);
    await Promise.all([publisher.close(), replacement.close()]);
  });

  it('poison event, crashing its consumer every time, is parked after maxAttempts', async () => {
    const group = `poison-${Date.now()}`;
    const publisher = await fastBus();
    const type = `test.crashed-${group}`;
    const event = testEvent(type, 'user-2');
    let crashes = 0;
    while (crashes < 2) {
      const consumer = startConsumer(group, type);
      await waitFor(() => consumer.output().includes('ready'));
      if (crashes === 0) await publisher.publish(event);
      await waitFor(() => consumer.output().includes(`got ${event.id}`));
      consumer.child.kill('SIGKILL');
      crashes++;
    }
    // Third delivery, in a member that also fails: attempts are counted in Redis, so it parks at 3.
    const replacement = await fastBus();
    let calls = 0;
    await replacement.subscribe({
      group,
      types: [type],
      maxAttempts: 3,
      handler: async () => {
        calls++;
        throw new Error('still broken');
      },
    });
    await waitFor(async () => (await replacement.parked(group)).length === 1, 5000);
    expect(calls).toBe(1);
    await Promise.all([publisher.close(), replacement.close()]);
  });
});

describe('redis streams bus, lost state', () => {
  it('consumer group, destroyed under a running member, is re-created and later events are handled', async () => {
    const group = `lost-${Date.now()}`;
    const bus = await fastBus();
    const handled: string[] = [];
    await bus.subscribe({ group, types: ['test.lost'], handler: async (e) => void handled.push(e.id) });
    const { Redis } = await import('ioredis');
    const admin = new Redis(redis.url);
    for (let shard = 0; shard < 8; shard++) await admin.xgroup('DESTROY', `tw:events:${shard}`, group);
    await new Promise((r) => setTimeout(r, 150));
    const event = testEvent('test.lost', 'user-3');
    await bus.publish(event);
    await waitFor(() => handled.includes(event.id), 5000);
    admin.disconnect();
    await bus.close();
  });
});
