import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore, type EmbeddedStore } from '@talkwith/platform/store';
import { idempotent, openIdempotency } from './idempotency.ts';

let dir: string;
let store: EmbeddedStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'billing-idem-'));
  store = await createEmbeddedStore({ dir });
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A call that adds `by` to a counter document, as a grant would. */
function addTo(counter: string, by: number) {
  return async (tx: Parameters<Parameters<typeof idempotent>[2]>[0]) => {
    await tx.collection('counters').updateOne({ _id: counter }, { $inc: { value: by } }, { upsert: true });
    return { status: 201, body: { ok: true, added: by } };
  };
}

async function valueOf(counter: string): Promise<number> {
  return ((await store.collection('counters').findOne({ _id: counter }))?.value as number | undefined) ?? 0;
}

describe('idempotent', () => {
  it('idempotent, the same key and request twice, runs the work once and answers the first answer again', async () => {
    const call = { scope: 'test.add', userId: 'u1', key: 'key-00000001', request: { by: 5 } };

    const first = await idempotent(store, call, addTo('c1', 5));
    const again = await idempotent(store, call, addTo('c1', 5));

    expect(again).toEqual(first);
    expect(first).toEqual({ status: 201, body: { ok: true, added: 5 } });
    expect(await valueOf('c1')).toBe(5);
  });

  it('idempotent, the same key with another request, refuses with 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    await idempotent(
      store,
      { scope: 'test.add', userId: 'u2', key: 'key-00000002', request: { by: 1 } },
      addTo('c2', 1),
    );

    const reuse = idempotent(
      store,
      { scope: 'test.add', userId: 'u2', key: 'key-00000002', request: { by: 100 } },
      addTo('c2', 100),
    );

    await expect(reuse).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
    expect(await valueOf('c2')).toBe(1);
  });

  it('idempotent, the same request with its keys in another order, is the same request', async () => {
    await idempotent(
      store,
      { scope: 'test.add', userId: 'u3', key: 'key-00000003', request: { a: 1, b: { c: 2, d: 3 } } },
      addTo('c3', 1),
    );

    const again = await idempotent(
      store,
      { scope: 'test.add', userId: 'u3', key: 'key-00000003', request: { b: { d: 3, c: 2 }, a: 1 } },
      addTo('c3', 1),
    );

    expect(again.status).toBe(201);
    expect(await valueOf('c3')).toBe(1);
  });

  it('idempotent, one key used by two users or two scopes, runs once for each', async () => {
    await idempotent(store, { scope: 'test.add', userId: 'u4', key: 'shared-key-1', request: {} }, addTo('c4', 1));
    await idempotent(store, { scope: 'test.add', userId: 'u5', key: 'shared-key-1', request: {} }, addTo('c4', 1));
    await idempotent(store, { scope: 'test.other', userId: 'u4', key: 'shared-key-1', request: {} }, addTo('c4', 1));

    expect(await valueOf('c4')).toBe(3);
  });

  it('idempotent, work that throws, stores no answer so a retry runs it afresh', async () => {
    const call = { scope: 'test.add', userId: 'u6', key: 'key-00000006', request: {} };
    await expect(
      idempotent(store, call, async (tx) => {
        await addTo('c6', 1)(tx);
        throw new Error('declined');
      }),
    ).rejects.toThrow('declined');

    const retried = await idempotent(store, call, addTo('c6', 1));

    expect(retried.status).toBe(201);
    expect(await valueOf('c6')).toBe(1);
  });

  it('idempotent, 20 concurrent first tries with one key, runs the work once and all get the same answer', async () => {
    const call = { scope: 'test.add', userId: 'u7', key: 'key-00000007', request: { by: 2 } };

    const answers = await Promise.all(Array.from({ length: 20 }, () => idempotent(store, call, addTo('c7', 2))));

    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await valueOf('c7')).toBe(2);
    expect(await openIdempotency(store).countDocuments({ user_id: 'u7' })).toBe(1);
  });
});
