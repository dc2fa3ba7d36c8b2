import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { loadBillingConfig } from '../../config.ts';
import { CARDS, providerContract } from '../contract.ts';
import { providerFrom } from '../index.ts';
import { ProviderRequestError, ProviderTimeoutError } from '../port.ts';
import { countSandboxCharges, sandboxChargesByOrder } from '../sandbox/engine.ts';
import { serveSandbox, TEST_MERCHANT, type ServedSandbox } from '../sandbox/http-fixture.ts';
import { VeritransProvider } from './adapter.ts';
import { authHashOf } from './sign.ts';

const PENDING_MS = 150;

async function adapterFor(sandbox: ServedSandbox, secretKey = TEST_MERCHANT.secretKey) {
  const dir = await mkdtemp(join(tmpdir(), 'veritrans-adapter-'));
  const store = await createEmbeddedStore({ dir });
  const provider = new VeritransProvider({
    baseUrl: sandbox.restUrl,
    credentials: { ...TEST_MERCHANT, secretKey },
    timeoutMs: 2000,
    store,
    publicUrl: sandbox.origin,
    tokenUrl: `${sandbox.origin}/api/payment/sandbox/tokens`,
    tokenApiKey: 'sandbox',
  });
  return {
    provider,
    store,
    close: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

providerContract('VeriTrans4G adapter against the sandbox REST API', async () => {
  const sandbox = await serveSandbox(PENDING_MS);
  const adapter = await adapterFor(sandbox);
  return {
    provider: adapter.provider,
    tokenFor: (card) => sandbox.tokenFor(card),
    charges: (orderId) => countSandboxCharges(sandbox.store, orderId),
    answerChallenge: async (orderId, passed) => {
      await sandbox.answerChallenge(orderId, passed);
    },
    pendingMs: PENDING_MS,
    close: async () => {
      await adapter.close();
      await sandbox.close();
    },
  };
});

describe('VeriTrans4G adapter and the sandbox REST API', () => {
  let sandbox: ServedSandbox;
  beforeAll(async () => {
    sandbox = await serveSandbox(PENDING_MS);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const authorizeParams = (token: string) => ({
    orderId: `t-${randomUUID()}`,
    amount: '1100',
    jpo: '10',
    withCapture: 'true',
    payNowIdParam: { token },
    txnVersion: '2.0.0',
    dummyRequest: '0',
    merchantCcid: TEST_MERCHANT.merchantCcid,
  });
  const post = (params: unknown, authHash: string) =>
    fetch(`${sandbox.restUrl}/paynow/v2/Authorize/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params, authHash }),
    });

  it('sandbox REST, wrong authHash, is refused with 401 and charges nothing', async () => {
    const params = authorizeParams(await sandbox.tokenFor(CARDS.success));
    const res = await post(params, authHashOf({ ...TEST_MERCHANT, secretKey: 'not-the-secret' }, params));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ result: { mstatus: 'failure', vResultCode: 'MA99000000000000' } });
    expect(await countSandboxCharges(sandbox.store, params.orderId)).toBe(0);
  });

  it('sandbox REST, params changed after signing (a higher amount), is refused', async () => {
    const params = authorizeParams(await sandbox.tokenFor(CARDS.success));
    const hash = authHashOf(TEST_MERCHANT, params);
    const res = await post({ ...params, amount: '999999' }, hash);
    expect(res.status).toBe(401);
    expect(await countSandboxCharges(sandbox.store, params.orderId)).toBe(0);
  });

  it('sandbox REST, correctly signed but a negative amount, answers a VeriTrans4G parameter failure and charges nothing', async () => {
    const params = { ...authorizeParams(await sandbox.tokenFor(CARDS.success)), amount: '-5' };
    const res = await post(params, authHashOf(TEST_MERCHANT, params));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ result: { mstatus: 'failure', vResultCode: 'MA01000000000000' } });
    expect(await countSandboxCharges(sandbox.store, params.orderId)).toBe(0);
  });

  it('sandbox REST, correctly signed, charges once', async () => {
    const params = authorizeParams(await sandbox.tokenFor(CARDS.success));
    const res = await post(params, authHashOf(TEST_MERCHANT, params));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: { mstatus: 'success', orderId: params.orderId } });
    expect((await sandboxChargesByOrder(sandbox.store)).get(params.orderId)).toBe(1);
  });

  it('VeriTrans4G adapter, wrong secret key, is refused and the error never carries the secret', async () => {
    const adapter = await adapterFor(sandbox, 'wrong-secret-key-do-not-leak');
    const error = await adapter.provider.search(`t-${randomUUID()}`).catch((err: unknown) => err);
    await adapter.close();
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack })).not.toContain(
      'wrong-secret-key-do-not-leak',
    );
  });

  it('VeriTrans4G adapter, ping, resolves against a live API and rejects when nothing answers', async () => {
    const live = await adapterFor(sandbox);
    await expect(live.provider.ping()).resolves.toBeUndefined();
    await live.close();
    const dead = new VeritransProvider({
      baseUrl: 'http://127.0.0.1:9/nothing',
      credentials: TEST_MERCHANT,
      timeoutMs: 400,
      store: sandbox.store,
      publicUrl: sandbox.origin,
      tokenUrl: `${sandbox.origin}/api/payment/sandbox/tokens`,
      tokenApiKey: 'sandbox',
    });
    await expect(dead.ping()).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it("VeriTrans4G adapter, challenge, serves the provider's page at its own challengeUrl", async () => {
    const adapter = await adapterFor(sandbox);
    const result = await adapter.provider.authorize({
      orderId: `t-${randomUUID()}`,
      amount: 500,
      card: { kind: 'token', token: await sandbox.tokenFor(CARDS.challenge) },
      withCapture: true,
      mpi: 'mpi-complete',
    });
    const stored =
      result.status === 'challenge'
        ? await adapter.store.collection('veritrans_challenges').findOne({ _id: result.orderId })
        : null;
    await adapter.close();
    expect(result).toMatchObject({
      status: 'challenge',
      challengeUrl: `${sandbox.origin}/api/payment/veritrans/challenge/${result.orderId}`,
    });
    expect(String(stored?.html)).toContain(`/api/payment/sandbox/challenge/${result.orderId}`);
  });
});

describe('VeriTrans4G adapter, unreadable answers', () => {
  it('VeriTrans4G adapter, a 502 error page, is an unknown outcome for a charge and a refusal for cards', async () => {
    const proxy = Fastify();
    proxy.post('/*', async (_request, reply) => reply.code(502).type('text/html').send('<html>Bad Gateway</html>'));
    await proxy.listen({ port: 0, host: '127.0.0.1' });
    const address = proxy.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const sandbox = await serveSandbox(PENDING_MS);
    const adapter = await adapterFor({ ...sandbox, restUrl: `http://127.0.0.1:${port}` });
    const orderId = `t-${randomUUID()}`;
    const charge = await adapter.provider
      .authorize({ orderId, amount: 100, card: { kind: 'token', token: 'tok' }, withCapture: true, mpi: 'mpi-none' })
      .catch((err: unknown) => err);
    const cards = await adapter.provider.listCards('acc-1').catch((err: unknown) => err);
    await adapter.close();
    await sandbox.close();
    await proxy.close();
    expect(charge).toBeInstanceOf(ProviderTimeoutError);
    expect((charge as ProviderTimeoutError).orderId).toBe(orderId);
    expect(cards).toBeInstanceOf(ProviderRequestError);
  });
});

describe('providerFrom veritrans', () => {
  it('providerFrom, veritrans without merchant credentials, refuses to start naming what is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'provider-from-vt-'));
    const platform = await createPlatform(
      loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'provider-test-secret-0123456789-abcdef' }),
      { serviceName: 'billing' },
    );
    const attempt = providerFrom(
      loadBillingConfig({ PAYMENT_PROVIDER: 'veritrans', VERITRANS_MERCHANT_CCID: 'A1' }),
      platform,
      'https://talk.example.jp',
    );
    await expect(attempt).rejects.toThrow(/VERITRANS_SECRET_KEY/);
    const configured = await providerFrom(
      loadBillingConfig({
        PAYMENT_PROVIDER: 'veritrans',
        VERITRANS_MERCHANT_CCID: 'A1',
        VERITRANS_SECRET_KEY: 'k',
        VERITRANS_TOKEN_API_KEY: 'pub',
      }),
      platform,
      'https://talk.example.jp',
    );
    await closePlatform(platform);
    await rm(dir, { recursive: true, force: true });
    expect(configured.name).toBe('veritrans');
    expect(configured.tokenEndpoint()).toEqual({ url: 'https://api.veritrans.co.jp/4gtoken', tokenApiKey: 'pub' });
  });
});
