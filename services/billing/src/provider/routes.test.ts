import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '@talkwith/platform';
import { httpPlugin } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadPlatformConfig, TEST_JWT_SECRET } from '@talkwith/platform/platform';
import { loadBillingConfig } from '../config.ts';
import { CARDS } from './contract.ts';
import { providerRoutes, providerFrom } from './index.ts';
import { ordersIn } from './sandbox/model.ts';
import { futureExpiry } from './sandbox/test-support.ts';

const PUBLIC_URL = 'https://talk.example.jp';
let dir: string;
let platform: Platform;
let logs = '';

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadBillingConfig(env);
  const provider = await providerFrom(config, platform, PUBLIC_URL);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += String(chunk);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'trace', stream } });
  await app.register(httpPlugin);
  await app.register(providerRoutes, { platform, config, provider, publicUrl: PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'provider-routes-'));
  platform = await createPlatform(
    loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'provider-test-secret-0123456789-abcdef' }),
    { serviceName: 'billing' },
  );
  app = await appWith({});
});
afterAll(async () => {
  await app?.close();
  await closePlatform(platform);
  await rm(dir, { recursive: true, force: true });
});

const card = (overrides: Record<string, unknown> = {}) => ({
  card_number: CARDS.challenge,
  card_expire: futureExpiry(),
  security_code: '123',
  token_api_key: 'sandbox',
  ...overrides,
});
const tokenFor = async (cardNumber: string) =>
  (
    await app.inject({ method: 'POST', url: '/api/payment/sandbox/tokens', payload: card({ card_number: cardNumber }) })
  ).json().token as string;

async function challengeOrder(redirectionUri?: string): Promise<string> {
  const provider = await providerFrom(loadBillingConfig({}), platform, PUBLIC_URL);
  const orderId = `t-${randomUUID()}`;
  await provider.authorize({
    orderId,
    amount: 1100,
    card: { kind: 'token', token: await tokenFor(CARDS.challenge) },
    withCapture: true,
    mpi: 'mpi-complete',
    ...(redirectionUri ? { redirectionUri } : {}),
  });
  return orderId;
}

describe('sandbox token endpoint', () => {
  it('sandbox tokens, a test card, answers a token and the masked number', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/sandbox/tokens', payload: card() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      req_card_number: '************3220',
      token: expect.any(String),
    });
  });

  it('sandbox tokens, a number failing Luhn, answers failure and never logs the card', async () => {
    logs = '';
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/tokens',
      payload: card({ card_number: '4111111111111112', security_code: '731' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'failure', message: 'カード番号が正しくありません。' });
    expect(logs).toContain('/api/payment/sandbox/tokens');
    expect(logs).not.toContain('4111111111111112');
    // The CVC as a value or a field of any logged line (not as a substring: timestamps hold every 3 digits sooner or later).
    const logged = logs
      .trim()
      .split('\n')
      .map((line) => JSON.stringify(JSON.parse(line)));
    expect(logged.join('\n')).not.toMatch(/"731"|security_code|card_number/);
  });

  it('sandbox tokens, wrong token_api_key, is refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/tokens',
      payload: card({ token_api_key: 'someone-else' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'failure' });
  });

  it('sandbox tokens, missing CVC or a huge number, fails validation without echoing the card', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/tokens',
      payload: { card_number: CARDS.success, card_expire: futureExpiry(), token_api_key: 'sandbox' },
    });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/tokens',
      payload: card({ card_number: '4'.repeat(5000) }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(huge.statusCode).toBe(400);
    expect(huge.body).not.toContain('4444444444');
  });
});

describe('sandbox 3-D Secure page', () => {
  it('sandbox challenge page, an order awaiting the shopper, shows the Japanese page with both buttons', async () => {
    const orderId = await challengeOrder();
    const res = await app.inject({ method: 'GET', url: `/api/payment/sandbox/challenge/${orderId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('3-Dセキュア認証（サンドボックス）');
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'/,
    );
    expect(res.body).toContain('認証する');
    expect(res.body).toContain('認証に失敗する');
  });

  it('sandbox challenge, passed, records the charge and 303-redirects to our return page with order_id', async () => {
    const orderId = await challengeOrder(`${PUBLIC_URL}/payment/process/mpi_complete?from=sandbox`);
    const res = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/challenge/${orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=pass',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/payment/process/mpi_complete?from=sandbox&order_id=${orderId}`);
    expect(await ordersIn(platform.store).findOne({ _id: orderId })).toMatchObject({
      status: 'success',
      captured: 1100,
    });
  });

  it('sandbox challenge, a stored return address outside our origin, is never redirected to', async () => {
    const orderId = await challengeOrder();
    await ordersIn(platform.store).updateOne(
      { _id: orderId },
      { $set: { redirection_uri: 'https://talk.example.jp.evil.example/steal' } },
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/challenge/${orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=fail',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('認証に失敗しました。');
  });

  it('sandbox challenge, unknown order or a made-up result, answers 404 or 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment/sandbox/challenge/nope-123' })).statusCode).toBe(404);
    const orderId = await challengeOrder();
    const bad = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/challenge/${orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(await ordersIn(platform.store).findOne({ _id: orderId })).toMatchObject({ status: 'challenge' });
  });
});

describe('sandbox kept out of production', () => {
  it('provider routes, PAYMENT_PROVIDER=veritrans, answer 404 for every sandbox path', async () => {
    const production = await appWith({
      PAYMENT_PROVIDER: 'veritrans',
      VERITRANS_MERCHANT_CCID: 'A1',
      VERITRANS_SECRET_KEY: 'k',
      VERITRANS_TOKEN_API_KEY: 'pub',
    });
    const token = await production.inject({ method: 'POST', url: '/api/payment/sandbox/tokens', payload: card() });
    const page = await production.inject({ method: 'GET', url: '/api/payment/sandbox/challenge/any-order' });
    const rest = await production.inject({
      method: 'POST',
      url: '/api/payment/sandbox/vtid/paynow/v2/Search/common',
      payload: {},
    });
    await production.close();
    expect([token.statusCode, page.statusCode, rest.statusCode]).toEqual([404, 404, 404]);
  });
});

describe('token endpoint', () => {
  it('token_endpoint, the sandbox taking the cards, answers its token path on our origin and its public key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payment/token_endpoint' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, url: '/api/payment/sandbox/tokens', token_api_key: 'sandbox' });
  });

  it('token_endpoint, VeriTrans4G taking the cards, answers its token host and public key but never the secret', async () => {
    const veritrans = await appWith({
      PAYMENT_PROVIDER: 'veritrans',
      VERITRANS_MERCHANT_CCID: 'A100000000000001069713cc',
      VERITRANS_SECRET_KEY: 'merchant-secret-never-shown',
      VERITRANS_TOKEN_API_KEY: 'cd76ca65-7f54-4dec-8ba3-11c12e36a548',
      VERITRANS_TOKEN_URL: 'https://api.veritrans.co.jp/4gtoken',
    });
    try {
      const res = await veritrans.inject({ method: 'GET', url: '/api/payment/token_endpoint' });

      expect(res.json()).toEqual({
        ok: true,
        url: 'https://api.veritrans.co.jp/4gtoken',
        token_api_key: 'cd76ca65-7f54-4dec-8ba3-11c12e36a548',
      });
      expect(res.body).not.toContain('merchant-secret-never-shown');
    } finally {
      await veritrans.close();
    }
  });
});
