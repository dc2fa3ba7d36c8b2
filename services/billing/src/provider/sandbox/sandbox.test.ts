import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS, providerContract } from '../contract.ts';
import { ProviderRequestError, ProviderTimeoutError } from '../port.ts';
import { SandboxProvider } from './adapter.ts';
import { countSandboxCharges, sandboxChargesByOrder } from './engine.ts';
import { SANDBOX_COLLECTIONS, tokensIn } from './model.ts';
import { engineForTest, futureExpiry, TEST_PUBLIC_URL } from './test-support.ts';
import { TOKEN_LIFETIME_MS } from './tokens.ts';

providerContract('sandbox in-process', async () => {
  const { engine, store, close } = await engineForTest({ pendingMs: 100 });
  return {
    provider: new SandboxProvider(engine),
    tokenFor: async (cardNumber) =>
      (await engine.createToken({ cardNumber, expiry: futureExpiry(), securityCode: '123' })).token,
    charges: (orderId) => countSandboxCharges(store, orderId),
    answerChallenge: async (orderId, passed) => {
      await engine.decideChallenge(orderId, passed);
    },
    pendingMs: 100,
    close,
  };
});

describe('sandbox engine', () => {
  it('sandbox authorize, without capture and through a passed challenge, takes no money, keeps the card and cancel voids it', async () => {
    const { engine, store, close } = await engineForTest();
    const provider = new SandboxProvider(engine);
    const orderId = `cc-${randomUUID()}`;
    const { token } = await engine.createToken({
      cardNumber: CARDS.challenge,
      expiry: futureExpiry(),
      securityCode: '123',
    });
    const first = await provider.authorize({
      orderId,
      amount: 1,
      card: { kind: 'token', token },
      withCapture: false,
      mpi: 'mpi-complete',
      saveCardTo: 'acct-check',
    });
    await engine.decideChallenge(orderId, true);
    const passed = await provider.completeChallenge(orderId);
    const voided = await provider.cancel(orderId);
    const charges = await countSandboxCharges(store, orderId);
    const cards = await provider.listCards('acct-check');
    await close();
    expect(first.status).toBe('challenge');
    expect(passed).toMatchObject({ status: 'success', capturedAmount: 0 });
    expect(voided).toMatchObject({ status: 'canceled', capturedAmount: 0, refundedAmount: 0 });
    expect(charges).toBe(0);
    expect(cards.map((c) => c.maskedNumber)).toEqual(['************3220']);
  });

  it('sandbox token, issued for a card, keeps neither the number nor the CVC', async () => {
    const { engine, store, close } = await engineForTest();
    const issued = await engine.createToken({
      cardNumber: '4111 1111 1111 1111',
      expiry: futureExpiry(),
      securityCode: '987',
    });
    const doc = await store.collection(SANDBOX_COLLECTIONS.tokens).findOne({ _id: issued.token });
    await close();
    // The id and the times are random or clock digits: a CVC's three digits may turn up in them by chance.
    if (!doc) throw new Error('the token was not stored');
    const { _id, created_ms: _created, expires_ms: _expires, expires_at: _expiresAt, ...kept } = doc;
    const stored = JSON.stringify(kept);
    expect(issued.maskedNumber).toBe('************1111');
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('987');
    expect(stored).toContain('"last4":"1111"');
    expect(Object.keys(kept)).toEqual(['card']);
  });

  it('sandbox token, older than 30 minutes, is refused', async () => {
    let now = Date.now();
    const { engine, close } = await engineForTest({ now: () => now });
    const { token } = await engine.createToken({
      cardNumber: CARDS.success,
      expiry: futureExpiry(),
      securityCode: '123',
    });
    now += TOKEN_LIFETIME_MS + 1;
    const attempt = engine.authorize({
      orderId: `t-${randomUUID()}`,
      amount: 100,
      card: { kind: 'token', token },
      withCapture: true,
      mpi: 'mpi-complete',
    });
    await expect(attempt).rejects.toBeInstanceOf(ProviderRequestError);
    await close();
  });

  it('sandbox token, bad number, past expiry or bad CVC, is refused', async () => {
    const { engine, close } = await engineForTest();
    await expect(
      engine.createToken({ cardNumber: '4111111111111112', expiry: futureExpiry(), securityCode: '123' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(
      engine.createToken({ cardNumber: CARDS.success, expiry: '01/20', securityCode: '123' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(
      engine.createToken({ cardNumber: CARDS.success, expiry: '13/40', securityCode: '123' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(
      engine.createToken({ cardNumber: CARDS.success, expiry: futureExpiry(), securityCode: '12' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await close();
  });

  it('sandbox authorize, zero, fractional or huge amount or bad orderId, is refused before any charge', async () => {
    const { engine, store, close } = await engineForTest();
    for (const [orderId, amount] of [
      ['a', 0],
      ['b', 10.5],
      ['c', 1e12],
      ['bad id!', 100],
    ] as const) {
      const { token } = await engine.createToken({
        cardNumber: CARDS.success,
        expiry: futureExpiry(),
        securityCode: '123',
      });
      await expect(
        engine.authorize({ orderId, amount, card: { kind: 'token', token }, withCapture: true, mpi: 'mpi-complete' }),
      ).rejects.toBeInstanceOf(ProviderRequestError);
    }
    expect((await sandboxChargesByOrder(store)).size).toBe(0);
    await close();
  });

  it('sandbox authorize, redirectionUri outside the public origin, is refused', async () => {
    const { engine, close } = await engineForTest();
    const { token } = await engine.createToken({
      cardNumber: CARDS.challenge,
      expiry: futureExpiry(),
      securityCode: '123',
    });
    const attempt = engine.authorize({
      orderId: `t-${randomUUID()}`,
      amount: 100,
      card: { kind: 'token', token },
      withCapture: true,
      mpi: 'mpi-complete',
      redirectionUri: 'https://evil.example/steal',
    });
    await expect(attempt).rejects.toBeInstanceOf(ProviderRequestError);
    await close();
  });

  it('sandbox time-out, reopened store after the lost answer, still holds exactly one charge', async () => {
    const { engine, store, close } = await engineForTest();
    const provider = new SandboxProvider(engine);
    const { token } = await engine.createToken({
      cardNumber: CARDS.timeout,
      expiry: futureExpiry(),
      securityCode: '123',
    });
    const orderId = `t-${randomUUID()}`;
    await expect(
      provider.authorize({
        orderId,
        amount: 1300,
        card: { kind: 'token', token },
        withCapture: true,
        mpi: 'mpi-complete',
      }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect((await sandboxChargesByOrder(store)).get(orderId)).toBe(1);
    await close();
  });

  it('sandbox engine, reopened on the same store as after a kill, still knows the pending order, the card and the spent token', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-restart-'));
    const before = await engineForTest({ dir, pendingMs: 0 });
    const account = `acc-${randomUUID()}`;
    const { token } = await before.engine.createToken({
      cardNumber: CARDS.pending,
      expiry: futureExpiry(),
      securityCode: '123',
    });
    const orderId = `t-${randomUUID()}`;
    await before.engine.authorize({
      orderId,
      amount: 900,
      card: { kind: 'token', token },
      withCapture: true,
      mpi: 'mpi-complete',
      saveCardTo: account,
    });
    await before.close();
    const after = await engineForTest({ dir, pendingMs: 0 });
    const state = await after.engine.search(orderId);
    const cards = await after.engine.listCards(account);
    const reuse = after.engine.addCard(account, token);
    await expect(reuse).rejects.toBeInstanceOf(ProviderRequestError);
    const charges = await countSandboxCharges(after.store, orderId);
    await after.close();
    await rm(dir, { recursive: true, force: true });
    expect(state).toMatchObject({ status: 'success', capturedAmount: 900 });
    expect(cards.map((c) => c.maskedNumber)).toEqual(['************0259']);
    expect(charges).toBe(1);
  });

  it('sandbox adapter, token endpoint, points at the sandbox route of the public origin', async () => {
    const { engine, close } = await engineForTest();
    expect(new SandboxProvider(engine).tokenEndpoint()).toEqual({
      url: `${TEST_PUBLIC_URL}/api/payment/sandbox/tokens`,
      tokenApiKey: 'sandbox',
    });
    await close();
  });

  it('sandbox token, stored in the tokens collection, is readable by the helper', async () => {
    const { engine, store, close } = await engineForTest();
    const { token } = await engine.createToken({
      cardNumber: CARDS.pending,
      expiry: futureExpiry(),
      securityCode: '1234',
    });
    expect(await tokensIn(store).findOne({ _id: token })).toMatchObject({
      card: { scenario: 'pending', brand: 'VISA', last4: '0259' },
    });
    await close();
  });
});
