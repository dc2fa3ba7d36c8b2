import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { dialogueService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});

describe('dialogue service', () => {
  it('dialogue, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/dialogue/healthz' })).json()).toEqual({
      ok: true,
      service: 'dialogue',
    });
  });

  it('dialogue, character.published, makes the character searchable in Japanese', async () => {
    await svc.platform.events.publish('character.published', 'c-1', {
      character_id: 'c-1',
      name: '山田先生',
      description: '数学を教える高校の先生',
      published_at: new Date().toISOString(),
      version: 1,
    });
    const hit = await eventually(async () => {
      const res = await svc.app.inject({
        method: 'GET',
        url: `/api/dialogue/characters/search?q=${encodeURIComponent('数学')}`,
      });
      return res.json().hits?.[0];
    });
    expect(hit).toMatchObject({ character_id: 'c-1', name: '山田先生' });
  });

  it('dialogue, a search in kana for a description written in kanji, finds the character by reading', async () => {
    await svc.platform.events.publish('character.published', 'c-3', {
      character_id: 'c-3',
      name: 'ハナ',
      description: '御飯を作るのが好きな講師',
      published_at: new Date().toISOString(),
      version: 1,
    });
    const hit = await eventually(async () => {
      const res = await svc.app.inject({
        method: 'GET',
        url: `/api/dialogue/characters/search?q=${encodeURIComponent('ごはん')}`,
      });
      return res.json().hits?.[0];
    });
    expect(hit).toMatchObject({ character_id: 'c-3', name: 'ハナ' });
  }, 30_000);

  it('dialogue, character.unpublished after published, removes the character from the search', async () => {
    await svc.platform.events.publish('character.published', 'c-2', {
      character_id: 'c-2',
      name: '天文部の部長',
      description: '星座に詳しい',
      published_at: new Date().toISOString(),
      version: 1,
    });
    const search = async () =>
      (
        await svc.app.inject({ method: 'GET', url: `/api/dialogue/characters/search?q=${encodeURIComponent('星座')}` })
      ).json();
    await eventually(async () =>
      (await search()).hits?.find((h: { character_id: string }) => h.character_id === 'c-2'),
    );
    await svc.platform.events.publish('character.unpublished', 'c-2', { character_id: 'c-2' });
    const after = await eventually(async () => {
      const body = await search();
      return body.hits.some((h: { character_id: string }) => h.character_id === 'c-2') ? undefined : body;
    });
    expect(after.hits).toEqual([]);
  });

  it('dialogue, search without q, answers 400 naming it', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/dialogue/characters/search' });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'q' });
  });
});
