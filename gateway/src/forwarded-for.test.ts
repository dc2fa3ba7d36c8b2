import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

let gw: TestGateway | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const failLogin = (g: TestGateway, i: number, forwardedFor: string, remoteAddress: string) =>
  g.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: `nobody${i}-${Date.now()}@example.jp`, password: 'wrong1234' },
  });

describe('gateway X-Forwarded-For trust', () => {
  it('login limit, no trusted proxy and a new forged X-Forwarded-For each time, still 429 after the limit', async () => {
    gw = await startTestGateway({ LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    for (let i = 0; i < 3; i++) expect((await failLogin(gw, i, `10.0.0.${i}`, '203.0.113.5')).statusCode).toBe(401);
    const res = await failLogin(gw, 9, '10.9.9.9', '203.0.113.5');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ ok: false, rateLimited: true });
  });

  it('login limit, one trusted proxy hop, the hop the proxy appended is the client and forged entries do not help', async () => {
    gw = await startTestGateway({
      LOGIN_MAX_FAILURES: '3',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
      TRUST_PROXY_HOPS: '1',
    });
    for (let i = 0; i < 3; i++) await failLogin(gw, i, `10.0.0.${i}, 198.51.100.20`, '127.0.0.1');
    const limited = await failLogin(gw, 8, '10.7.7.7, 198.51.100.20', '127.0.0.1');
    const otherClient = await failLogin(gw, 9, '198.51.100.21', '127.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(otherClient.statusCode).toBe(401);
  });
});
