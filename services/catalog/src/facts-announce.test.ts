import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { EventEnvelope } from '@talkwith/proto';
import { announceInPages } from '@talkwith/platform/eventing';
import { catalogFacts } from './facts-announce.ts';
import { catalogService } from './index.ts';
import { storeCharacter } from './taxonomy/testing.ts';

let svc: ServiceUnderTest;
const seen: EventEnvelope[] = [];
let sub: { close(): Promise<void> };
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
  sub = await svc.platform.events.consume(
    `facts-watch-${randomUUID()}`,
    ['character.published', 'character.unpublished'],
    async (e) => {
      seen.push(e);
    },
  );
});
afterAll(async () => {
  await sub?.close();
  await svc?.close();
});

/** The events about this character so far, once there is one. */
const factsOf = (id: string) =>
  eventually(async () => {
    const mine = seen.filter((e) => e.key === id);
    return mine.length > 0 ? mine : undefined;
  });

describe('catalog facts, requested by a service that keeps a projection of them', () => {
  it('facts.requested for catalog, a published character stored without an event, is announced under its own version', async () => {
    const id = randomUUID();
    await storeCharacter(svc, {
      _id: id,
      name: '再告知',
      published_at: new Date().toISOString(),
      published_version: 3,
      dialogue: { ...demoCharacter, id },
    });

    await svc.platform.events.publish('facts.requested', 'catalog', { owner: 'catalog', by: 'dialogue' });

    const [announced] = await factsOf(id);
    expect(announced).toMatchObject({
      type: 'character.published',
      data: { character_id: id, name: '再告知', version: 3 },
    });
  });

  it('facts.requested for catalog, a character taken out after a publish, is announced as unpublished', async () => {
    const id = randomUUID();
    await storeCharacter(svc, { _id: id, published_at: null, published_version: 2 });

    await svc.platform.events.publish('facts.requested', 'catalog', { owner: 'catalog', by: 'billing' });

    const [announced] = await factsOf(id);
    expect(announced).toMatchObject({ type: 'character.unpublished', data: { character_id: id } });
  });

  it('announcing in pages of 1, three published characters and one taken out, announces each of them', async () => {
    const published = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of published)
      await storeCharacter(svc, {
        _id: id,
        name: 'ページ',
        published_at: new Date().toISOString(),
        published_version: 1,
        dialogue: { ...demoCharacter, id },
      });
    const taken = randomUUID();
    await storeCharacter(svc, { _id: taken, published_at: null, published_version: 1 });

    const counts = await announceInPages(svc.platform.store, svc.platform.events, { ...catalogFacts, pageSize: 1 });

    expect(counts.published).toBeGreaterThanOrEqual(3);
    expect(counts.unpublished).toBeGreaterThanOrEqual(1);
    for (const id of published) expect((await factsOf(id)).some((e) => e.type === 'character.published')).toBe(true);
    expect((await factsOf(taken)).some((e) => e.type === 'character.unpublished')).toBe(true);
  });
});
