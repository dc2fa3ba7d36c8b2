import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { dialogueService } from '../index.ts';
import { recognitionMessages } from './messages.ts';
import { newCharacterId, randomAddress, recognitionTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(dialogueService, { RECOGNITION_RATE_PER_MINUTE: '3' });
});
afterAll(async () => {
  await svc?.close();
});
const kit = recognitionTestKit(() => svc);

const searchBody = () => ({ character_id: newCharacterId(), block_id: 'b1', text: 'こんにちは', candidates: ['b2'] });

describe('recognition rate limit per client address', () => {
  it('search, score and action, 3 calls from one address with RECOGNITION_RATE_PER_MINUTE=3, answers them and refuses the 4th with 429 RATE_LIMITED', async () => {
    const address = randomAddress();
    const statuses = [
      (await kit.post('/api/dialogue/search', searchBody(), address)).statusCode,
      (await kit.post('/api/dialogue/score', { ...searchBody(), category: 'c' }, address)).statusCode,
      (await kit.post('/api/action', { code: 'x' }, address)).statusCode,
    ];
    const refused = await kit.post('/api/dialogue/search', searchBody(), address);
    expect(statuses).toEqual([200, 200, 404]);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(refused.json()).toEqual({
      ok: false,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      rateLimited: true,
      retry_after: retryAfter,
      message: recognitionMessages.rateLimited,
    });
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('search, one address over its limit, leaves another address its own budget', async () => {
    const busy = randomAddress();
    for (let i = 0; i < 4; i++) await kit.post('/api/dialogue/search', searchBody(), busy);
    expect((await kit.post('/api/dialogue/search', searchBody(), randomAddress())).statusCode).toBe(200);
  });

  it('search, a body that fails validation, is refused before it uses a slot', async () => {
    const address = randomAddress();
    for (let i = 0; i < 5; i++)
      expect((await kit.post('/api/dialogue/search', { text: 'x' }, address)).statusCode).toBe(400);
    expect((await kit.post('/api/dialogue/search', searchBody(), address)).statusCode).toBe(200);
  });
});
