import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { EventEnvelope } from '@talkwith/proto';
import { announceBillingFactsOnce } from '../billing-facts-backfill.ts';
import { catalogService } from '../index.ts';
import { addCharacterFor } from '../test-support.ts';
import { adminHeaders, postCategory, postGroup, storeCharacter, uniqueSlug } from './testing.ts';

let svc: ServiceUnderTest;
const seen: EventEnvelope[] = [];
let sub: { close(): Promise<void> };
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
  sub = await svc.platform.events.consume(
    `group-facts-${randomUUID()}`,
    ['group.saved', 'group.deleted'],
    async (e) => {
      seen.push(e);
    },
  );
});
afterAll(async () => {
  await sub?.close();
  await svc?.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  svc.app.inject({ method, url, headers: adminHeaders(svc), ...(payload ? { payload } : {}) });
const newGroup = async () =>
  postGroup(svc, (await postCategory(svc, { name: 'カテゴリー', slug: uniqueSlug('cat') })).id, { name: 'ライブ' });
/** The events about this group so far, once there are at least `count`. */
const factsOf = (groupId: string, count: number) =>
  eventually(async () => {
    const mine = seen.filter((e) => e.key === groupId);
    return mine.length >= count ? mine : undefined;
  });
const lastOf = async (groupId: string, count: number) => (await factsOf(groupId, count)).at(-1);

describe('group facts for billing (group.saved / group.deleted)', () => {
  it('group, created, is announced with its category and name and not sold (it lists nobody)', async () => {
    const group = await newGroup();
    expect(await lastOf(group.id, 1)).toMatchObject({
      type: 'group.saved',
      data: { group_id: group.id, category_id: group.category_id, name: 'ライブ', sold: false },
    });
  });

  it('group, a published character put in then taken out, is sold then not sold', async () => {
    const group = await newGroup();
    const character = await storeCharacter(svc, { published_at: new Date().toISOString() });
    await call('PUT', `/api/admin/full/groups/${group.id}/characters/${character._id}`);
    expect((await lastOf(group.id, 2))?.data).toMatchObject({ sold: true });
    await call('DELETE', `/api/admin/full/groups/${group.id}/characters/${character._id}`);
    expect((await lastOf(group.id, 3))?.data).toMatchObject({ sold: false });
  });

  it('group, an unpublished character put in, stays not sold; publishing it sells the group, unpublishing stops it', async () => {
    const group = await newGroup();
    const id = await addCharacterFor(svc, { group_id: group.id });
    await call('POST', '/api/admin/characters/jsonUpload', {
      character_id: id,
      dry_run: false,
      character: demoCharacter,
    });
    await call('POST', `/api/admin/characters/${id}/publish`);
    expect((await lastOf(group.id, 2))?.data).toMatchObject({ sold: true });
    await call('POST', `/api/admin/characters/${id}/unpublish`);
    expect((await lastOf(group.id, 3))?.data).toMatchObject({ sold: false });
  });

  it('character, moved to another group by its edit, announces both groups', async () => {
    const [from, to] = [await newGroup(), await newGroup()];
    const character = await storeCharacter(svc, { group_id: from.id, published_at: new Date().toISOString() });
    await call('PUT', `/api/admin/characters/${character._id}`, { group_id: to.id });
    expect((await lastOf(to.id, 2))?.data).toMatchObject({ sold: true });
    expect((await lastOf(from.id, 2))?.data).toMatchObject({ sold: false });
  });

  it('group, deleted when empty, is announced as group.deleted', async () => {
    const group = await newGroup();
    await call('DELETE', `/api/admin/full/groups/${group.id}`);
    expect(await lastOf(group.id, 2)).toMatchObject({ type: 'group.deleted', data: { group_id: group.id } });
  });

  it('announceBillingFactsOnce, run twice, announces every group and published character the first time only', async () => {
    const group = await newGroup();
    await factsOf(group.id, 1); // its creation
    await svc.platform.store.collection('catalog_announcements').deleteOne({ _id: 'billing-facts-v1' });
    const first = await announceBillingFactsOnce(svc.platform.store, svc.platform.events);
    const second = await announceBillingFactsOnce(svc.platform.store, svc.platform.events);
    expect(first?.groups).toBeGreaterThanOrEqual(1);
    expect(first?.characters).toBeGreaterThanOrEqual(1); // the demo character at least
    expect(second).toBeNull();
    expect(await factsOf(group.id, 2)).toMatchObject([
      { type: 'group.saved' },
      { type: 'group.saved', data: { group_id: group.id, sold: false } },
    ]);
  });
});
