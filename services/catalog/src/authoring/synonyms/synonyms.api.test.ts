import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { EventEnvelope } from '@talkwith/proto';
import type { CharacterRecognition } from '@talkwith/proto/dialogue';
import { catalogService } from '../../index.ts';
import { addBlocks, addCharacterFor, adminHeaders } from '../test-support.ts';

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
const setSynonyms = (id: string, word: string, synonyms: string[]) =>
  inject('PUT', `/api/admin/characters/${id}/synonyms`, { word, synonyms });

describe('admin synonyms of a character', () => {
  it('synonyms, set for two words then one emptied, keep the other and drop repeats and the word itself', async () => {
    const id = await addCharacterFor(svc);

    await setSynonyms(id, '食べ物', ['料理', ' 料理 ', '食べ物', 'ごはん']);
    await setSynonyms(id, '旅行', ['旅']);
    const emptied = await setSynonyms(id, '旅行', []);
    const read = await inject('GET', `/api/admin/characters/${id}/synonyms`);

    expect(emptied.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, synonyms: [{ word: '食べ物', synonyms: ['料理', 'ごはん'] }] });
  });

  it('synonyms, a blank word or a caller who is not an admin, are refused', async () => {
    const id = await addCharacterFor(svc);

    const blank = await setSynonyms(id, '  ', ['料理']);
    const anonymous = await inject('PUT', `/api/admin/characters/${id}/synonyms`, { word: '食べ物', synonyms: [] }, {});

    expect(blank.statusCode).toBe(400);
    expect(anonymous.statusCode).toBe(401);
  });

  it("candidates, for the draft's hit words, proposes the dictionary's synonyms the character does not have yet, with the source's licence", async () => {
    const id = await addCharacterFor(svc);
    await addBlocks(svc, id, [
      { id: 'hub', hit_words: [{ words: ['旅行', 'ぬぬぬぬ'], block_id: 'hub', slot: null }] },
    ]);
    await setSynonyms(id, '旅行', ['旅']);

    const res = await inject('POST', `/api/admin/characters/${id}/synonyms/candidates`, {});

    expect(res.statusCode).toBe(200);
    expect(res.json().candidates).toEqual([{ word: '旅行', synonyms: ['トラベル', 'トリップ', 'ジャーニー'] }]);
    expect(res.json().source).toMatchObject({ package: 'sudachi-synonyms-dictionary', license: 'Apache-2.0' });
  });

  it('publish, a draft with synonyms (imported and set), carries them in the recognition of character.published', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('synonym-publish-test', ['character.published'], async (e) => {
      seen.push(e);
    });
    const id = await addCharacterFor(svc);
    await inject('POST', '/api/admin/characters/jsonUpload', {
      character_id: id,
      dry_run: false,
      character: demoCharacter,
    });
    await setSynonyms(id, '食べ物', ['料理']);

    const publish = await inject('POST', `/api/admin/characters/${id}/publish`);
    const event = await eventually(async () => seen.find((e) => e.key === id));
    await sub.close();

    expect(publish.statusCode).toBe(200);
    // ミライ's file brings her own groups; 食べ物's was replaced by the operator's.
    const published = (event.data as { recognition: CharacterRecognition }).recognition.synonyms ?? [];
    expect(published.filter((g) => g.word === '食べ物')).toEqual([{ word: '食べ物', synonyms: ['料理'] }]);
    expect(published.map((g) => g.word)).toContain('旅行');
  });
});
