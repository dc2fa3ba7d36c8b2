import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { GRAPH_POSITIONS_MAX } from '@talkwith/proto/catalog';
import { catalogService } from '../index.ts';
import { addBlocks, addCharacterFor, adminHeaders } from './test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

const inject = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  svc.app.inject({ method, url, headers: adminHeaders(svc), ...(payload ? { payload } : {}) });
const putPositions = (id: string, body: Record<string, unknown>) =>
  inject('PUT', `/api/admin/characters/${id}/positions`, body);

async function characterWithBlocks(...ids: string[]): Promise<string> {
  const id = await addCharacterFor(svc);
  await addBlocks(
    svc,
    id,
    ids.map((b) => ({ id: b, title: b })),
  );
  return id;
}

describe('admin graph positions', () => {
  it('put positions, two moves, keeps both and answers them with the whole draft', async () => {
    const id = await characterWithBlocks('a', 'b');

    await putPositions(id, { set: { a: { x: 10, y: 20 } } });
    const res = await putPositions(id, { set: { b: { x: -30.5, y: 400 } } });
    const all = (await inject('GET', `/api/admin/characters/${id}/all`)).json();

    expect(res.statusCode).toBe(200);
    expect(res.json().positions).toEqual({ a: { x: 10, y: 20 }, b: { x: -30.5, y: 400 } });
    expect(all.positions).toEqual({ a: { x: 10, y: 20 }, b: { x: -30.5, y: 400 } });
  });

  it('put positions, reset, forgets every stored position (the automatic layout)', async () => {
    const id = await characterWithBlocks('a');
    await putPositions(id, { set: { a: { x: 10, y: 20 } } });

    const res = await putPositions(id, { reset: true });

    expect(res.json().positions).toEqual({});
    expect((await inject('GET', `/api/admin/characters/${id}/positions`)).json().positions).toEqual({});
  });

  it('put positions, a block the character does not have, answers 400 VALIDATION_FAILED and stores nothing', async () => {
    const id = await characterWithBlocks('a');

    const res = await putPositions(id, { set: { a: { x: 1, y: 1 }, ghost: { x: 1, y: 1 } } });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', unknown_block_ids: ['ghost'] });
    expect((await inject('GET', `/api/admin/characters/${id}/positions`)).json().positions).toEqual({});
  });

  it('put positions, a coordinate out of bounds or too many entries, answers 400', async () => {
    const id = await characterWithBlocks('a');
    const tooMany = Object.fromEntries(
      Array.from({ length: GRAPH_POSITIONS_MAX + 1 }, (_, i) => [`b${i}`, { x: 0, y: 0 }]),
    );

    const far = await putPositions(id, { set: { a: { x: 1e9, y: 0 } } });
    const many = await putPositions(id, { set: tooMany });

    expect([far.statusCode, many.statusCode]).toEqual([400, 400]);
  });

  it('get positions, after a block is deleted, leaves its position out', async () => {
    const id = await characterWithBlocks('a', 'b');
    await putPositions(id, { set: { a: { x: 1, y: 2 }, b: { x: 3, y: 4 } } });

    await inject('DELETE', `/api/admin/blocks/${id}/b`);

    expect((await inject('GET', `/api/admin/characters/${id}/positions`)).json().positions).toEqual({
      a: { x: 1, y: 2 },
    });
  });

  it('get positions, without an admin token, answers 401', async () => {
    const id = await characterWithBlocks('a');

    const res = await svc.app.inject({ method: 'GET', url: `/api/admin/characters/${id}/positions` });

    expect(res.statusCode).toBe(401);
  });
});
