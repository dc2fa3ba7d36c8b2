import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@talkwith/proto';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { catalogService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const admin = () => ({ authorization: `Bearer ${svc.tokenFor('admin-1', ['admin'])}` });

describe('catalog service', () => {
  it('catalog, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/catalog/healthz' })).json()).toEqual({
      ok: true,
      service: 'catalog',
    });
  });

  it('catalog, admin publishes a character, it is listed and character.published is emitted', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('catalog-test', ['character.published'], async (e) => {
      seen.push(e);
    });
    const created = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/characters',
      headers: admin(),
      payload: { name: 'ミナ', description: 'カフェの店員' },
    });
    const id = created.json().character.id as string;
    // A publishable draft: the demo character's dialogue, imported.
    await svc.app.inject({
      method: 'POST',
      url: '/api/admin/characters/jsonUpload',
      headers: admin(),
      payload: { character_id: id, dry_run: false, character: demoCharacter },
    });
    const before = await svc.app.inject({ method: 'GET', url: '/api/characters' });
    await svc.app.inject({ method: 'POST', url: `/api/admin/characters/${id}/publish`, headers: admin() });
    const after = await svc.app.inject({ method: 'GET', url: '/api/characters' });
    // A new group also receives what was published before it subscribed (the demo character): pick this one.
    const event = await eventually(async () => seen.find((e) => e.key === id));
    await sub.close();
    const ids = (res: typeof before) => res.json().characters.map((c: { id: string }) => c.id);
    expect(ids(before)).not.toContain(id);
    expect(ids(after)[0]).toBe(id);
    expect(event).toMatchObject({
      type: 'character.published',
      key: id,
      data: { character_id: id, name: 'ミナ', version: 1 },
    });
  });

  it('catalog, publishing an unknown character, answers 404', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/api/admin/characters/nope/publish', headers: admin() });
    expect(res.statusCode).toBe(404);
  });

  it('catalog, a character without a name, answers 400 naming the field', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/characters',
      headers: admin(),
      payload: { description: 'x' },
    });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
  });
});
