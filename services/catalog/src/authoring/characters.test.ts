import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { openCharacters } from '../characters.ts';
import { catalogService } from '../index.ts';
import { openGroups } from '../model.ts';
import { addCharacterFor, addVideoDoc, adminHeaders, opened } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = adminHeaders(svc)) =>
  svc.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('admin characters: add', () => {
  it('add, a latin name without slug, slugs the name and stores the default setting and an empty draft', async () => {
    const res = await inject('POST', '/api/admin/characters', { name: 'Hana Sato 2', price: 300 });
    const { character } = res.json();
    expect(res.statusCode).toBe(201);
    expect(character).toMatchObject({
      slug: 'hana-sato-2',
      price: 300,
      group_id: null,
      published_at: null,
      published_version: 0,
    });
    expect(character.setting).toMatchObject({
      character_id: character.id,
      use_web_speech_api: true,
      landscape_mode: true,
      hide_cursor: true,
      spj_api_key: '',
    });
    expect(character.draft.startButtons).toEqual([]);
  });

  it('add, a Japanese name the slug helper empties, uses the id as slug', async () => {
    const res = await inject('POST', '/api/admin/characters', { name: 'さくら' });
    expect(res.json().character.slug).toBe(res.json().character.id);
  });

  it('add, a slug another character has, answers 409 naming slug and stores nothing', async () => {
    await inject('POST', '/api/admin/characters', { name: 'A', slug: 'taken-slug' });
    const before = (await inject('GET', '/api/admin/characters?q=Dup')).json().total;
    const res = await inject('POST', '/api/admin/characters', { name: 'Dup', slug: 'taken-slug' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, code: 'DUPLICATE_KEY', field: 'slug' });
    expect((await inject('GET', '/api/admin/characters?q=Dup')).json().total).toBe(before);
  });

  it('add, bad values (negative or fractional price, slug with capitals, unknown group), answers 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x', price: -1 }, 'price'],
      [{ name: 'x', price: 1.5 }, 'price'],
      [{ name: 'x', slug: 'Bad Slug' }, 'slug'],
      [{ name: 'x', group_id: 'no-such-group' }, 'group_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await inject('POST', '/api/admin/characters', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('add, an existing group, lists the character under it', async () => {
    await openGroups(svc.platform.store).insertOne({
      _id: 'g-add',
      category_id: 'c',
      name: 'G',
      description: '',
      sort_order: 0,
      created_at: '',
      updated_at: '',
    });
    const res = await inject('POST', '/api/admin/characters', { name: 'grouped', group_id: 'g-add' });
    expect(res.json().character.group_id).toBe('g-add');
  });

  it('add, as a customer or anonymous, is refused 403 / 401', async () => {
    const customer = await inject(
      'POST',
      '/api/admin/characters',
      { name: 'x' },
      { authorization: `Bearer ${svc.tokenFor('u-1', ['customer'])}` },
    );
    const anonymous = await svc.app.inject({ method: 'POST', url: '/api/admin/characters', payload: { name: 'x' } });
    expect(customer.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
  });

  it('add, audited: admin.acted names the admin from the token and the new character', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('authoring-audit-test', ['admin.acted'], async (e) => {
      seen.push(e);
    });
    const id = await addCharacterFor(svc, { name: '監査' });
    const entry = await eventually(async () =>
      seen.find((e) => (e.data as { detail?: { character_id?: string } }).detail?.character_id === id),
    );
    await sub.close();
    expect(entry.data).toMatchObject({ admin_id: 'admin-1', action: 'character.created' });
  });
});

describe('admin characters: list and get', () => {
  it('list, 25 characters named alike, pages 20 then 5 and searches by part of the name', async () => {
    const tag = `Page${Date.now()}`;
    for (let i = 0; i < 25; i += 1) await addCharacterFor(svc, { name: `${tag} ${i}` });
    const first = (await inject('GET', `/api/admin/characters?q=${tag}&page=1`)).json();
    const second = (await inject('GET', `/api/admin/characters?q=${tag.toLowerCase()}&page=2`)).json();
    const pg = (await inject('GET', '/api/admin/characters/pg/?page=1')).json();
    expect(first.characters).toHaveLength(20);
    expect(first.total).toBe(25);
    expect(second.characters).toHaveLength(5);
    expect(first.characters[0]).toMatchObject({ block_count: 0, video_count: 0, published_version: 0 });
    expect(pg.characters).toHaveLength(20);
  });

  it('list, a regex-looking query, is searched as plain text', async () => {
    const res = await inject('GET', '/api/admin/characters?q=.*');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });

  it('list, page 0 or a query over 100 characters, answers 400', async () => {
    expect((await inject('GET', '/api/admin/characters?page=0')).statusCode).toBe(400);
    expect((await inject('GET', `/api/admin/characters?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('get, unknown id, answers 404 with a Japanese message', async () => {
    const res = await inject('GET', '/api/admin/characters/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'キャラクターが見つかりません。' });
  });
});

describe('admin characters: update and credentials', () => {
  it('update, credentials set, are answered masked (last 3 characters) and never in clear', async () => {
    const id = await addCharacterFor(svc);
    const res = await inject('PUT', `/api/admin/characters/${id}`, {
      setting: { spj_api_key: 'secret-spj-123', google_key: 'abc' },
    });
    expect(res.json().character.setting).toMatchObject({ spj_api_key: '***********123', google_key: 'abc' });
    expect(res.body).not.toContain('secret-spj');
  });

  it('update, the masked key sent back or left out, keeps the stored key; "" clears it', async () => {
    const id = await addCharacterFor(svc);
    await inject('PUT', `/api/admin/characters/${id}`, {
      setting: { spj_api_key: 'key-0001', google_key: 'gkey-999' },
    });
    await inject('PUT', `/api/admin/characters/${id}`, { setting: { spj_api_key: '*****001', hit_word_delay: 300 } });
    const all = (await inject('GET', `/api/admin/characters/${id}/export`)).json();
    const stored = await openCharacters(svc.platform.store).findOne({ _id: id });
    await inject('PUT', `/api/admin/characters/${id}`, { setting: { google_key: '' } });
    const cleared = await openCharacters(svc.platform.store).findOne({ _id: id });
    expect(opened(stored?.setting)).toMatchObject({
      spj_api_key: 'key-0001',
      google_key: 'gkey-999',
      hit_word_delay: 300,
    });
    expect(all.setting).toMatchObject({ spj_api_key: '', google_key: '' });
    expect(opened(cleared?.setting)).toMatchObject({ spj_api_key: 'key-0001', google_key: '' });
  });

  it('update, a partial setting, keeps every other field (no defaults written over them)', async () => {
    const id = await addCharacterFor(svc);
    await inject('PUT', `/api/admin/characters/${id}`, { setting: { landscape_mode: false } });
    const res = await inject('PUT', `/api/admin/characters/${id}`, { setting: { hide_cursor: false } });
    expect(res.json().character.setting).toMatchObject({
      landscape_mode: false,
      hide_cursor: false,
      use_web_speech_api: true,
    });
  });

  it('update, a standby video, mic-test block or default start button that does not exist, answers 400 DANGLING_REFERENCE naming the field', async () => {
    const id = await addCharacterFor(svc);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ setting: { standby_video_id: 'nope' } }, 'setting.standby_video_id'],
      [{ setting: { for_mic_test: 'nope' } }, 'setting.for_mic_test'],
      [{ setting: { default_start_button_id: 'nope' } }, 'setting.default_start_button_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await inject('PUT', `/api/admin/characters/${id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'DANGLING_REFERENCE', field, id: 'nope' });
    }
  });

  it('update, an existing standby video and a start button added in the same request, is accepted', async () => {
    const id = await addCharacterFor(svc);
    await addVideoDoc(svc, id, 'standby');
    const res = await inject('PUT', `/api/admin/characters/${id}`, {
      name: '新しい名前',
      price: 500,
      setting: { standby_video_id: 'standby', default_start_button_id: 'start' },
      draft: { startButtons: [{ id: 'start', character_id: id, title: 'はじめる', block_id: 'greet' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().character).toMatchObject({
      name: '新しい名前',
      price: 500,
      setting: { standby_video_id: 'standby', default_start_button_id: 'start' },
    });
  });

  it('update, the slug of another character or an unknown key, answers 409 / strips the key', async () => {
    await addCharacterFor(svc, { name: 'x', slug: 'update-taken' });
    const id = await addCharacterFor(svc);
    const dup = await inject('PUT', `/api/admin/characters/${id}`, { slug: 'update-taken' });
    const own = await inject('PUT', `/api/admin/characters/${id}`, { published_at: '2020-01-01T00:00:00Z', name: 'y' });
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_KEY', field: 'slug' });
    expect(own.json().character).toMatchObject({ name: 'y', published_at: null });
  });

  it('update, unknown character, answers 404', async () => {
    expect((await inject('PUT', '/api/admin/characters/nobody', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('admin characters: numbers that are not finite', () => {
  it('list or update, Infinity in the page or 1e309 as price, answers 400 naming the field instead of failing', async () => {
    const id = await addCharacterFor(svc);
    const page = await inject('GET', '/api/admin/characters?page=Infinity');
    const price = await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/characters/${id}`,
      headers: { ...adminHeaders(svc), 'content-type': 'application/json' },
      payload: '{"setting":{"hit_word_delay":1e309}}',
    });
    expect(page.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'page' });
    expect(price.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'setting.hit_word_delay' });
  });
});
