import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { CharacterRecognition } from '@talkwith/proto/dialogue';
import { dialogueService } from '../index.ts';
import { loadDraftRecognition } from './draft.ts';
import { newCharacterId, randomAddress, recognitionTestKit, sampleRecognition } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService);
});
afterAll(async () => {
  await svc?.close();
});
const kit = recognitionTestKit(() => svc);

const bearer = (roles: string[]) => ({ authorization: `Bearer ${svc.tokenFor(`u-${randomUUID()}`, roles)}` });
const draftCall = (
  what: 'search' | 'score' | 'understand',
  payload: Record<string, unknown>,
  headers: Record<string, string> = bearer(['admin']),
) =>
  svc.app.inject({
    method: 'POST',
    url: `/api/admin/dialogue/draft/${what}`,
    payload,
    headers,
    remoteAddress: randomAddress(),
  });

/** The catalog's `character.draft_tried`, and waits until dialogue indexed that draft. */
async function tried(characterId: string, recognition: CharacterRecognition): Promise<void> {
  const before = (await loadDraftRecognition(svc.platform.store, characterId))?.version ?? 0;
  await svc.platform.events.publish('character.draft_tried', characterId, { character_id: characterId, recognition });
  await eventually(async () => ((await loadDraftRecognition(svc.platform.store, characterId))?.version ?? 0) > before);
}

/** The published sample with a new block (shrimp) only the draft has. */
function editedDraft(id: string): CharacterRecognition {
  const published = sampleRecognition(id);
  return {
    ...published,
    blocks: [
      ...published.blocks,
      { block_id: 'ebi', title: 'エビの話', phrases: ['エビフライ'], spj_category: 'food', listen_next_block: [] },
    ],
  };
}

describe('recognition of the draft an operator tries', () => {
  it('draft search, an admin and a phrase only the draft has, finds the draft block; the published search does not', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    await tried(id, editedDraft(id));

    const res = await draftCall('search', {
      character_id: id,
      block_id: 'greet',
      text: 'エビフライが好き',
      candidates: ['ebi', 'food'],
    });

    expect(res.statusCode).toBe(200);
    expect(res.json().hits[0]).toEqual({ block_id: 'ebi', score: 100 });
    expect((await kit.search(id, 'エビフライが好き', ['ebi', 'food'])).json().hits).toEqual([]);
  });

  it('draft search, a draft tried again without a block, no longer finds it (its index is rebuilt)', async () => {
    const id = newCharacterId();
    await tried(id, editedDraft(id));
    await tried(id, sampleRecognition(id));

    const res = await draftCall('search', {
      character_id: id,
      block_id: 'greet',
      text: 'エビの話',
      candidates: ['ebi'],
    });

    expect(res.json().hits).toEqual([]);
  });

  it('draft score, an admin, scores with the draft (embedded scorer)', async () => {
    const id = newCharacterId();
    await tried(id, editedDraft(id));

    const res = await draftCall('score', { character_id: id, block_id: 'greet', text: 'エビフライ', category: 'food' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, source: 'embedded' });
    expect(res.json().score).toBeGreaterThan(0);
  });

  it('draft understand, an admin and a hit word only the draft has written in hiragana, finds it by reading; a customer is refused', async () => {
    const id = newCharacterId();
    await tried(id, editedDraft(id));
    const ask = { character_id: id, block_id: 'ebi', text: 'えびふらいがすき' };

    const res = await draftCall('understand', ask);

    expect(res.statusCode).toBe(200);
    expect(res.json().matches).toEqual([expect.objectContaining({ word: 'エビフライ', negated: false })]);
    expect((await draftCall('understand', ask, bearer(['customer']))).statusCode).toBe(403);
  });

  it('draft search and score, a customer or a visitor, are refused (403 / 401)', async () => {
    const id = newCharacterId();
    await tried(id, editedDraft(id));
    const search = { character_id: id, block_id: 'greet', text: 'エビフライ', candidates: ['ebi'] };
    const score = { character_id: id, block_id: 'greet', text: 'エビフライ', category: 'food' };

    expect((await draftCall('search', search, bearer(['customer']))).statusCode).toBe(403);
    expect((await draftCall('score', score, bearer(['customer']))).statusCode).toBe(403);
    expect((await draftCall('search', search, {})).statusCode).toBe(401);
    expect((await draftCall('score', score, {})).statusCode).toBe(401);
  });

  it('a draft tried, writes no talk, no insight step or unmatched utterance and no tracker row; the published recognition is untouched', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const collections = ['talks', 'insight_steps', 'insight_unmatched', 'conversation_tracker'];
    const counts = async () =>
      Promise.all(collections.map((name) => svc.platform.store.collection(name).countDocuments({ character_id: id })));

    await tried(id, editedDraft(id));
    await draftCall('search', { character_id: id, block_id: 'greet', text: 'なにもない', candidates: ['ebi'] });

    expect(await counts()).toEqual([0, 0, 0, 0]);
    expect((await kit.search(id, 'エビフライ', ['ebi'])).json().hits).toEqual([]);
  });
});
