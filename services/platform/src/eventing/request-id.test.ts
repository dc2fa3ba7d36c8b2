import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import { waitFor } from '../bus/contract.ts';
import { createOutboxBus } from '../bus/outbox-bus.ts';
import { withRequestId } from '../http/request-context.ts';
import { createEmbeddedStore } from '../store/index.ts';
import { createEventing } from './eventing.ts';
import { envelopeProblem } from './validation.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'talkwith-request-id-'));
  const store = await createEmbeddedStore({ dir });
  const bus = await createOutboxBus({ store, retryDelayMs: 5 });
  cleanups.push(async () => {
    await bus.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  return createEventing({ bus, store, logger: pino({ level: 'silent' }) });
}

const logged = { user_id: 'u1', type: 'play' as const };

describe('eventing request ids', () => {
  it('publish, inside a request, stamps the request id on the envelope', async () => {
    const events = await setup();
    const sent = await withRequestId('req-talk-1', () => events.publish('client.logged', 'u1', logged));
    expect(sent.requestId).toBe('req-talk-1');
    expect(envelopeProblem(sent)).toBeNull();
  });

  it('publish, outside any request, leaves the request id out', async () => {
    const events = await setup();
    const sent = await events.publish('client.logged', 'u1', logged);
    expect('requestId' in sent).toBe(false);
  });

  it('consume, handler publishes a follow-up, the follow-up carries the first request id on', async () => {
    const events = await setup();
    const followUps: EventEnvelope[] = [];
    await events.consume('relay-group', ['client.logged'], async (event, tx) => {
      if (event.key === 'first') await events.publish('client.logged', 'second', logged, tx);
    });
    await events.consume(
      'watch-group',
      ['client.logged'],
      async (event) => void (event.key === 'second' && followUps.push(event)),
    );
    await withRequestId('req-chain-9', () => events.publish('client.logged', 'first', logged));
    await waitFor(() => followUps.length === 1);
    expect(followUps[0]!.requestId).toBe('req-chain-9');
  });

  it('envelope, request id with a line break, is refused as malformed', () => {
    const envelope = {
      id: 'e1',
      type: 'client.logged',
      version: 1,
      occurredAt: new Date().toISOString(),
      key: 'u1',
      data: logged,
      requestId: 'evil\nline',
    };
    expect(envelopeProblem(envelope)).toMatch(/requestId/);
  });
});
