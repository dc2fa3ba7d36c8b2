import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { dialogueService } from '../index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});

describe('dialogue characters, rebuilt from catalog', () => {
  it('dialogue, started, asks catalog to announce its facts again', async () => {
    const requests: EventEnvelope[] = [];
    // A new group reads the retained history: the request published at start is there.
    const sub = await svc.platform.events.consume(`requests-${randomUUID()}`, ['facts.requested'], async (e) => {
      requests.push(e);
    });

    const found = await eventually(async () => requests.find((e) => (e.data as { by: string }).by === 'dialogue'));
    await sub.close();

    expect(found.data).toEqual({ owner: 'catalog', by: 'dialogue' });
  });
});
