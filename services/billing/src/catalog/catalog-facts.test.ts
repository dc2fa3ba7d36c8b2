import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTestPlatform, type LedgerTestPlatform } from '../ledger/test-platform.ts';
import { onCatalogFact, type CatalogFact } from './consumers.ts';
import { openCharacterActions, openGroupFacts, requireActionPrice, requireSoldGroup } from './model.ts';

let env: LedgerTestPlatform;
beforeAll(async () => {
  env = await ledgerTestPlatform();
});
afterAll(async () => {
  await env?.close();
});

const store = () => env.platform.store;
const deliver = (
  type: CatalogFact['type'],
  data: CatalogFact['data'],
  occurredAt = new Date().toISOString(),
  keySeq?: number,
) =>
  store().withTransaction((tx) =>
    onCatalogFact(tx, {
      id: randomUUID(),
      type,
      version: 1,
      occurredAt,
      key: 'k',
      data,
      ...(keySeq ? { keySeq } : {}),
    } as CatalogFact),
  );
const published = (character_id: string, version: number, actions: { code: string; points: number }[]) =>
  deliver('character.published', {
    character_id,
    name: 'キャラ',
    description: '',
    published_at: new Date().toISOString(),
    version,
    actions,
  });

describe('billing catalog facts projection', () => {
  it('character.published, an older version delivered late, keeps the newer prices', async () => {
    const id = randomUUID();
    await published(id, 2, [{ code: 'hint', points: 40 }]);
    await published(id, 1, [{ code: 'hint', points: 10 }]);
    expect(await openCharacterActions(store()).findOne({ _id: id })).toMatchObject({
      version: 2,
      actions: [{ code: 'hint', points: 40 }],
    });
    await expect(requireActionPrice(store(), { character_id: id, action_code: 'hint', points: 40 })).resolves.toBe(40);
  });

  it('character.published, an event from before actions existed, sells no action', async () => {
    const id = randomUUID();
    await deliver('character.published', {
      character_id: id,
      name: 'キャラ',
      description: '',
      published_at: new Date().toISOString(),
      version: 1,
    });
    await expect(
      requireActionPrice(store(), { character_id: id, action_code: 'hint', points: 1 }),
    ).rejects.toMatchObject({ status: 400, field: 'action_code' });
  });

  it('group.saved, delivered after group.deleted, does not bring the group back', async () => {
    const id = randomUUID();
    const at = Date.now();
    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: 'グループ', sold: true },
      new Date(at).toISOString(),
    );
    await deliver('group.deleted', { group_id: id }, new Date(at + 2).toISOString());
    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: 'グループ', sold: true },
      new Date(at + 1).toISOString(),
    );
    expect(await openGroupFacts(store()).findOne({ _id: id })).toMatchObject({ deleted: true, sold: false });
    await expect(requireSoldGroup(store(), id)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('group.saved, an older event delivered late, keeps the newer facts', async () => {
    const id = randomUUID();
    const at = Date.now();
    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: '新', sold: false },
      new Date(at + 1).toISOString(),
    );
    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: '旧', sold: true },
      new Date(at).toISOString(),
    );
    await expect(requireSoldGroup(store(), id)).rejects.toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      status: 409,
      message: 'グループ「新」のプランは現在販売していません。',
    });
  });

  it("group.saved, written before another but stamped later by a replica's fast clock, keeps the later write's facts", async () => {
    const id = randomUUID();
    // Catalog's write numbers for the group say 「旧」 (7) came before 「新」 (8); their clocks disagree.
    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: '新', sold: false },
      '2026-11-27T10:00:01.000Z',
      8,
    );

    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: '旧', sold: true },
      '2026-11-27T10:00:10.000Z',
      7,
    );

    await expect(requireSoldGroup(store(), id)).rejects.toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
  });

  it('group.saved, a newer write number than the kept one, replaces the facts', async () => {
    const id = randomUUID();
    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: '旧', sold: false },
      '2026-11-27T10:00:10.000Z',
      7,
    );

    await deliver(
      'group.saved',
      { group_id: id, category_id: 'c', name: '新', sold: true },
      '2026-11-27T10:00:01.000Z',
      8,
    );

    expect(await openGroupFacts(store()).findOne({ _id: id })).toMatchObject({ name: '新', sold: true, at_seq: 8 });
  });
});
