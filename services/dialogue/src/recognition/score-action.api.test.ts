import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Messages } from '@talkwith/dialogue-engine';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from '../index.ts';
import { newCharacterId, recognitionTestKit, sampleRecognition } from './test-kit.ts';

let svc: ServiceUnderTest;
let spjServer: Server;
let spjUrl: string;
const spjSeen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  svc = await startServiceForTest(dialogueService, { SPJ_TIMEOUT_MS: '500' });
  spjServer = createServer((req, res) => {
    spjSeen.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ score: 83 })));
  });
  await new Promise<void>((resolve) => spjServer.listen(0, '127.0.0.1', resolve));
  spjUrl = `http://127.0.0.1:${(spjServer.address() as AddressInfo).port}/spj`;
});
afterAll(async () => {
  await svc?.close();
  spjServer.closeAllConnections();
  await new Promise((resolve) => spjServer.close(resolve));
});
afterEach(() => {
  vi.restoreAllMocks();
});
const kit = recognitionTestKit(() => svc);

describe('recognition score', () => {
  it("score, a character without spj_url and a phrase of the category's next block, answers 100 from the embedded scorer", async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.score(id, 'ねこを飼っています', 'greeting');
    expect(res.json()).toEqual({ ok: true, score: 100, source: 'embedded' });
  });

  it("score, a category no block has, answers null (an empty result) and logs §8's message", async () => {
    const info = vi.spyOn(svc.platform.logger, 'info');
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    expect((await kit.score(id, 'はれ', 'weather')).json()).toEqual({ ok: true, score: null, source: 'embedded' });
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ character_id: id, category: 'weather' }),
      Messages.EMPTY_SPJ_OR_SEARCH,
    );
  });

  it('score, a character never published, answers null', async () => {
    expect((await kit.score(newCharacterId(), 'こんにちは', 'greeting')).json()).toEqual({
      ok: true,
      score: null,
      source: 'embedded',
    });
  });

  it("score, a character with spj_url, answers the SPJ service's score; the key goes as a Bearer token and never into the reply or a log line", async () => {
    const logged: unknown[] = [];
    for (const level of ['info', 'warn', 'error'] as const)
      vi.spyOn(svc.platform.logger, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
    const id = newCharacterId();
    const key = `sk-${id}`;
    await kit.published(id, sampleRecognition(id, { spj_url: spjUrl, spj_api_key: key }));
    const res = await kit.score(id, 'こんにちは', 'greeting');
    expect(res.json()).toEqual({ ok: true, score: 83, source: 'spj' });
    expect(spjSeen.at(-1)?.authorization).toBe(`Bearer ${key}`);
    expect(res.body).not.toContain(key);
    expect(JSON.stringify(logged)).not.toContain(key);
  });

  it('score, the SPJ service unreachable, answers null with source spj', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id, { spj_url: 'http://127.0.0.1:9/spj', spj_api_key: 'k' }));
    expect((await kit.score(id, 'こんにちは', 'greeting')).json()).toEqual({ ok: true, score: null, source: 'spj' });
  });

  it('score, a category missing, answers 400 VALIDATION_FAILED', async () => {
    const res = await kit.post('/api/dialogue/score', { character_id: 'c1', block_id: 'b1', text: 'a' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'category' });
  });
});

describe('get action', () => {
  it('action, a code of the character, answers its definition', async () => {
    const id = newCharacterId();
    await kit.published(id, sampleRecognition(id));
    const res = await kit.post('/api/action', { code: 'hint-30', character_id: id });
    expect(res.json()).toEqual({
      ok: true,
      action: {
        code: 'hint-30',
        character_id: id,
        block_id: 'greet',
        button_id: 'hint',
        title: 'ヒントを見る',
        points: 30,
      },
    });
  });

  it('action, a code without a character, finds it among the published characters', async () => {
    const id = newCharacterId();
    const code = `only-${id}`;
    await kit.published(
      id,
      sampleRecognition(id, {
        actions: [{ code, character_id: id, block_id: 'pets', button_id: 'b1', title: '押す', points: 5 }],
      }),
    );
    expect((await kit.post('/api/action', { code })).json().action).toMatchObject({
      code,
      character_id: id,
      points: 5,
    });
  });

  it('action, a code another character has, answers 404 ACTION_NOT_FOUND for this character', async () => {
    const [mine, other] = [newCharacterId(), newCharacterId()];
    await kit.published(mine, sampleRecognition(mine, { actions: [] }));
    await kit.published(other, sampleRecognition(other));
    const res = await kit.post('/api/action', { code: 'hint-30', character_id: mine });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'ACTION_NOT_FOUND',
      message: '指定されたアクションが見つかりません。',
    });
  });

  it('action, an unknown code, answers 404 ACTION_NOT_FOUND', async () => {
    expect((await kit.post('/api/action', { code: `nope-${newCharacterId()}` })).statusCode).toBe(404);
  });

  it.each([
    ['no code', {}],
    ['an empty code', { code: '' }],
    ['a query operator as the code', { code: { $ne: null } }],
  ])('action, %s, answers 400 VALIDATION_FAILED', async (_name, body) => {
    const res = await kit.post('/api/action', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
