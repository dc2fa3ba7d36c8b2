import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventEnvelope } from '@talkwith/proto';
import { demoCharacter, demoTests } from '@talkwith/dialogue-engine/demo';
import type { TestStep } from '@talkwith/proto/catalog';
import { catalogService } from '../index.ts';
import { addCharacterFor, adminHeaders } from './test-support.ts';
import { customerHeaders } from '../test-support.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(catalogService);
});
afterAll(async () => {
  await svc?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const inject = (method: Method, url: string, payload?: unknown, headers = adminHeaders(svc)) =>
  svc.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const talk: TestStep = { input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' };
const travel: TestStep = { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-travel' };

/** A character holding the demo as its draft (not published). */
async function demoDraft(): Promise<string> {
  const id = await addCharacterFor(svc);
  const res = await inject('POST', '/api/admin/characters/jsonUpload', {
    character_id: id,
    dry_run: false,
    character: demoCharacter,
  });
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
  return id;
}
async function addTest(id: string, name: string, steps: TestStep[]) {
  const res = await inject('POST', `/api/admin/characters/${id}/tests`, { name, steps });
  if (res.statusCode !== 201) throw new Error(`add test answered ${res.statusCode}: ${res.body}`);
  return res.json().test;
}

describe('admin characters: tests', () => {
  it('tests, one of each kind of step, are stored as sent', async () => {
    const id = await demoDraft();
    const steps: TestStep[] = [
      { input: { kind: 'start', button_id: null }, expect_block_id: 'greet' },
      { input: { kind: 'start_at', block_id: 'greet' }, expect_block_id: 'greet' },
      { input: { kind: 'say', text: 'はい' }, expect_block_id: 'greet' },
      { input: { kind: 'button', button_id: 'ab-fortune' }, expect_block_id: 'fortune' },
      { input: { kind: 'silence' }, expect_block_id: null },
    ];

    const test = await addTest(id, '全種類', steps);

    expect(test.steps).toEqual(steps);
  });

  it('tests, added, renamed and deleted, list in the order added with their new name', async () => {
    const id = await demoDraft();
    const first = await addTest(id, '旅行へ', [talk, travel]);
    const second = await addTest(id, 'あいさつ', [talk]);

    const renamed = await inject('PATCH', `/api/admin/characters/${id}/tests/${first.id}`, { name: '旅行の話へ' });
    const deleted = await inject('DELETE', `/api/admin/characters/${id}/tests/${second.id}`);
    const listed = (await inject('GET', `/api/admin/characters/${id}/tests`)).json().tests;

    expect([renamed.statusCode, deleted.statusCode]).toEqual([200, 200]);
    expect(listed).toMatchObject([{ id: first.id, name: '旅行の話へ', steps: [talk, travel] }]);
  });

  it("when a test's steps are replaced by PATCH, stores them in the order sent and the run plays them", async () => {
    const id = await demoDraft();
    const test = await addTest(id, '旅行へ', [talk]);

    const patched = await inject('PATCH', `/api/admin/characters/${id}/tests/${test.id}`, {
      steps: [talk, travel, { input: { kind: 'silence' }, expect_block_id: 'topic-travel' }],
    });
    const { report } = (await inject('POST', `/api/admin/characters/${id}/tests/run`, { test_id: test.id })).json();

    expect(patched.json().test.steps.map((s: TestStep) => s.input.kind)).toEqual(['start', 'say', 'silence']);
    expect(report.results[0].steps.slice(0, 2)).toMatchObject([{ passed: true }, { passed: true }]);
  });

  it('when PATCH sends no steps, 51 steps or a button step without its button, refuses 400 and keeps the steps', async () => {
    const id = await demoDraft();
    const test = await addTest(id, '旅行へ', [talk, travel]);
    const patch = (steps: unknown) => inject('PATCH', `/api/admin/characters/${id}/tests/${test.id}`, { steps });

    const answers = await Promise.all([
      patch([]),
      patch(Array.from({ length: 51 }, () => talk)),
      patch([{ input: { kind: 'button' }, expect_block_id: 'greet' }]),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect((await inject('GET', `/api/admin/characters/${id}/tests`)).json().tests[0].steps).toEqual([talk, travel]);
  });

  it('tests run, one passing and one failing test, reports pass or fail per step with the blocks by name', async () => {
    const id = await demoDraft();
    const passing = await addTest(id, '旅行へ', [talk, travel]);
    const failing = await addTest(id, '食べ物のはず', [
      talk,
      { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-food' },
    ]);

    const { report } = (await inject('POST', `/api/admin/characters/${id}/tests/run`, {})).json();

    expect(report).toMatchObject({ passed: false, total: 2, failed: 1 });
    expect(report.results[0]).toMatchObject({ test_id: passing.id, passed: true });
    expect(report.results[1]).toMatchObject({
      test_id: failing.id,
      name: '食べ物のはず',
      passed: false,
      steps: [
        { passed: true },
        {
          passed: false,
          expected: { id: 'topic-food', title: '食べ物の話' },
          reached: { id: 'topic-travel', title: '旅行の話' },
        },
      ],
    });
  });

  it('tests run, a step through a block answered by server search, is counted unchecked and does not fail the run', async () => {
    const id = await demoDraft();
    await inject('PUT', `/api/admin/characters/${id}`, { setting: { es_index_name: 'mirai-index' } });
    await inject('PUT', `/api/admin/blocks/${id}/topic-food`, { valid_response_ids: ['food-reply'] });
    await addTest(id, '検索で返事', [
      talk,
      { input: { kind: 'say', text: '食べ物' }, expect_block_id: 'topic-food' },
      { input: { kind: 'say', text: 'カレー' }, expect_block_id: 'food-reply' },
    ]);

    const { report } = (await inject('POST', `/api/admin/characters/${id}/tests/run`, {})).json();
    const published = await inject('POST', `/api/admin/characters/${id}/publish`, {});

    expect(report).toMatchObject({
      passed: true,
      failed: 0,
      unchecked: 1,
      results: [{ passed: true, unchecked: true, steps: [{ passed: true }, { passed: true }, { unchecked: true }] }],
    });
    expect(published.statusCode).toBe(200);
  });

  it('tests run, with a test_id, runs only that test', async () => {
    const id = await demoDraft();
    await addTest(id, 'A', [talk]);
    const b = await addTest(id, 'B', [talk, travel]);

    const { report } = (await inject('POST', `/api/admin/characters/${id}/tests/run`, { test_id: b.id })).json();

    expect(report.results.map((r: { name: string }) => r.name)).toEqual(['B']);
  });

  it('tests routes, without a token or as a customer, are refused 401 and 403', async () => {
    const id = await demoDraft();
    const anonymous = await svc.app.inject({ method: 'GET', url: `/api/admin/characters/${id}/tests` });

    const asCustomer = await Promise.all([
      inject('GET', `/api/admin/characters/${id}/tests`, undefined, customerHeaders(svc)),
      inject('POST', `/api/admin/characters/${id}/tests`, { name: 'x', steps: [talk] }, customerHeaders(svc)),
      inject('POST', `/api/admin/characters/${id}/tests/run`, {}, customerHeaders(svc)),
    ]);

    expect(anonymous.statusCode).toBe(401);
    expect(asCustomer.map((r) => r.statusCode)).toEqual([403, 403, 403]);
  });

  it('a test of another character, renamed, deleted or run through this one, is not found and stays as it was', async () => {
    const mine = await demoDraft();
    const theirs = await demoDraft();
    const theirTest = await addTest(theirs, '他人のテスト', [talk]);

    const answers = await Promise.all([
      inject('PATCH', `/api/admin/characters/${mine}/tests/${theirTest.id}`, { name: '乗っ取り' }),
      inject('DELETE', `/api/admin/characters/${mine}/tests/${theirTest.id}`),
      inject('POST', `/api/admin/characters/${mine}/tests/run`, { test_id: theirTest.id }),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await inject('GET', `/api/admin/characters/${theirs}/tests`)).json().tests).toMatchObject([
      { name: '他人のテスト' },
    ]);
  });

  it('tests, oversize (51 steps, a 201-character text, an unknown step kind, an empty name), are refused 400', async () => {
    const id = await demoDraft();
    const say = (text: string): TestStep => ({ input: { kind: 'say', text }, expect_block_id: 'greet' });

    const answers = await Promise.all([
      inject('POST', `/api/admin/characters/${id}/tests`, {
        name: '長い',
        steps: Array.from({ length: 51 }, () => talk),
      }),
      inject('POST', `/api/admin/characters/${id}/tests`, { name: '長い文', steps: [talk, say('あ'.repeat(201))] }),
      inject('POST', `/api/admin/characters/${id}/tests`, {
        name: '変な種類',
        steps: [{ input: { kind: 'teleport' }, expect_block_id: 'greet' }],
      }),
      inject('POST', `/api/admin/characters/${id}/tests`, { name: '', steps: [talk] }),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect((await inject('GET', `/api/admin/characters/${id}/tests`)).json().tests).toEqual([]);
  });

  it('tests, a body over the 1 MB limit, is refused 413 before it is read as a test', async () => {
    const id = await demoDraft();

    const res = await inject('POST', `/api/admin/characters/${id}/tests`, {
      name: 'x',
      steps: [talk],
      padding: 'あ'.repeat(600_000),
    });

    expect(res.statusCode).toBe(413);
  });

  it('tests of a character that does not exist, listed, added or run, answer 404', async () => {
    const answers = await Promise.all([
      inject('GET', '/api/admin/characters/no-such-character/tests'),
      inject('POST', '/api/admin/characters/no-such-character/tests', { name: 'x', steps: [talk] }),
      inject('POST', '/api/admin/characters/no-such-character/tests/run', {}),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404]);
  });

  it('tests, the 101st of a character, is refused 409 TESTS_LIMIT', async () => {
    const id = await demoDraft();
    for (let n = 0; n < 100; n += 1) await addTest(id, `t${n}`, [talk]);

    const res = await inject('POST', `/api/admin/characters/${id}/tests`, { name: 'もう一つ', steps: [talk] });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, code: 'TESTS_LIMIT' });
  });

  it('export then import into another character, carries the tests along', async () => {
    const from = await demoDraft();
    await addTest(from, '旅行へ', [talk, travel]);
    const to = await addCharacterFor(svc);
    const exported = (await inject('GET', `/api/admin/characters/${from}/export`)).json();

    const dry = await inject('POST', '/api/admin/characters/jsonUpload', {
      character_id: to,
      dry_run: true,
      character: exported,
    });
    await inject('POST', '/api/admin/characters/jsonUpload', { character_id: to, dry_run: false, character: exported });

    expect(exported.tests).toEqual([{ name: '旅行へ', steps: [talk, travel] }]);
    expect(dry.json().changes.lists).toContain('tests');
    expect((await inject('GET', `/api/admin/characters/${to}/tests`)).json().tests).toMatchObject([
      { name: '旅行へ', steps: [talk, travel] },
    ]);
  });

  it('import of a file whose tests break the schema, is refused 400 with the path under /tests', async () => {
    const id = await addCharacterFor(svc);

    const res = await inject('POST', '/api/admin/characters/jsonUpload', {
      character_id: id,
      dry_run: false,
      character: { ...demoCharacter, tests: [{ name: 'x', steps: [] }] },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^\/tests\/0/);
  });
});

describe('admin characters: publishing runs the tests', () => {
  it('publish, with a failing test, is refused 409 CHARACTER_TESTS_FAILED in Japanese with the report, and nothing is published', async () => {
    const id = await demoDraft();
    await addTest(id, '食べ物のはず', [talk, { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-food' }]);

    const res = await inject('POST', `/api/admin/characters/${id}/publish`, { note: 'x' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'CHARACTER_TESTS_FAILED',
      report: { passed: false, failed: 1 },
    });
    expect(res.json().message).toMatch(/テストが1件失敗したため公開できません/);
    expect((await inject('GET', `/api/admin/characters/${id}/versions`)).json().versions).toEqual([]);
  });

  it('publish, with a failing test and force, publishes and records the failures in the audit', async () => {
    const seen: EventEnvelope[] = [];
    const sub = await svc.platform.events.consume('tests-force-publish', ['admin.acted'], async (e) => {
      seen.push(e);
    });
    const id = await demoDraft();
    await addTest(id, '食べ物のはず', [talk, { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-food' }]);

    const res = await inject('POST', `/api/admin/characters/${id}/publish`, { note: '承知の上', force: true });
    const audit = await eventually(async () =>
      seen.find(
        (e) =>
          (e.data as { action?: string; detail?: { character_id?: string } }).action === 'character.published' &&
          (e.data as { detail?: { character_id?: string } }).detail?.character_id === id,
      ),
    );
    await sub.close();

    expect(res.statusCode).toBe(200);
    expect(res.json().tests).toMatchObject({ passed: false, failed: 1, results: [{ name: '食べ物のはず' }] });
    expect((await inject('GET', `/api/admin/characters/${id}/versions`)).json().versions).toMatchObject([
      { version: 1, note: '承知の上' },
    ]);
    expect(audit.data).toMatchObject({ detail: { character_id: id, version: 1, tests_failed: 1 } });
  });

  it('publish, the demo with every test it ships with, passes them, publishes and answers their report', async () => {
    const id = await demoDraft();
    for (const t of demoTests) await addTest(id, t.name, t.steps);

    const res = await inject('POST', `/api/admin/characters/${id}/publish`, {});

    expect(res.statusCode).toBe(200);
    expect(res.json().tests).toMatchObject({ passed: true, total: demoTests.length, failed: 0 });
    expect(res.json().tests.results.map((r: { name: string }) => r.name)).toEqual(demoTests.map((t) => t.name));
  });
});
