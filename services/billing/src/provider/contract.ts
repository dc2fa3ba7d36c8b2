/**
 * One contract every PaymentProvider adapter passes (DESIGN.md §2): run
 * against the sandbox in-process and against the VeriTrans4G adapter talking
 * to the sandbox's REST routes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS } from './sandbox/cards.ts';
import { ProviderRequestError, ProviderTimeoutError, type AuthorizeRequest, type PaymentProvider } from './port.ts';

export interface ProviderFixture {
  provider: PaymentProvider;
  /** A fresh one-time token for the card, made the way the browser would. */
  tokenFor(cardNumber: string): Promise<string>;
  /** Charges the sandbox recorded for the order. */
  charges(orderId: string): Promise<number>;
  /** The shopper's answer on the challenge page. */
  answerChallenge(orderId: string, passed: boolean): Promise<void>;
  pendingMs: number;
  close(): Promise<void>;
}

export { CARDS } from './sandbox/cards.ts';

const orderId = () => `t-${randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fixture of the running suite, and a charge of a fresh token for a test card. */
interface Suite {
  readonly f: ProviderFixture;
  charge(
    card: string,
    overrides?: Partial<AuthorizeRequest>,
  ): Promise<{ request: AuthorizeRequest; result: Awaited<ReturnType<PaymentProvider['authorize']>> }>;
}

function chargeCases(name: string, s: Suite): void {
  it(`${name}, success card, captures once and search finds it`, async () => {
    const { request, result } = await s.charge(CARDS.success);
    expect(result).toMatchObject({
      status: 'success',
      orderId: request.orderId,
      capturedAmount: 1100,
      codes: { mstatus: 'success' },
    });
    expect(await s.f.charges(request.orderId)).toBe(1);
    expect(await s.f.provider.search(request.orderId)).toMatchObject({
      status: 'success',
      amount: 1100,
      capturedAmount: 1100,
      refundedAmount: 0,
    });
  });

  it(`${name}, same orderId authorized twice, charges once and answers the first result`, async () => {
    const { request, result } = await s.charge(CARDS.success);
    const again = await s.f.provider.authorize({
      ...request,
      card: { kind: 'token', token: await s.f.tokenFor(CARDS.success) },
    });
    expect(again).toMatchObject({
      status: 'success',
      orderId: request.orderId,
      capturedAmount: result.status === 'success' ? result.capturedAmount : -1,
    });
    expect(await s.f.charges(request.orderId)).toBe(1);
  });

  it(`${name}, same orderId authorized concurrently, charges once`, async () => {
    const id = orderId();
    const tokens = await Promise.all([
      s.f.tokenFor(CARDS.success),
      s.f.tokenFor(CARDS.success),
      s.f.tokenFor(CARDS.success),
    ]);
    const results = await Promise.all(
      tokens.map((token) =>
        s.f.provider.authorize({
          orderId: id,
          amount: 500,
          card: { kind: 'token', token },
          withCapture: true,
          mpi: 'mpi-complete',
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    expect(await s.f.charges(id)).toBe(1);
  });

  it(`${name}, declined card, fails without charging`, async () => {
    const { request, result } = await s.charge(CARDS.declined);
    expect(result).toMatchObject({ status: 'failure', orderId: request.orderId, codes: { mstatus: 'failure' } });
    expect(await s.f.charges(request.orderId)).toBe(0);
    expect(await s.f.provider.search(request.orderId)).toMatchObject({ status: 'failure', capturedAmount: 0 });
  });

  it(`${name}, search of an unknown orderId, answers not_found`, async () => {
    const id = orderId();
    expect(await s.f.provider.search(id)).toEqual({
      orderId: id,
      status: 'not_found',
      amount: 0,
      capturedAmount: 0,
      refundedAmount: 0,
    });
  });

  it(`${name}, token used twice, is refused the second time`, async () => {
    const token = await s.f.tokenFor(CARDS.success);
    await s.f.provider.authorize({
      orderId: orderId(),
      amount: 100,
      card: { kind: 'token', token },
      withCapture: true,
      mpi: 'mpi-complete',
    });
    await expect(
      s.f.provider.authorize({
        orderId: orderId(),
        amount: 100,
        card: { kind: 'token', token },
        withCapture: true,
        mpi: 'mpi-complete',
      }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(s.f.provider.addCard(`acc-${randomUUID()}`, token)).rejects.toBeInstanceOf(ProviderRequestError);
  });
}

function unknownOutcomeCases(name: string, s: Suite): void {
  it(`${name}, time-out card, rejects ProviderTimeoutError and search finds the one charge`, async () => {
    const request: AuthorizeRequest = {
      orderId: orderId(),
      amount: 700,
      card: { kind: 'token', token: await s.f.tokenFor(CARDS.timeout) },
      withCapture: true,
      mpi: 'mpi-complete',
    };
    const error = await s.f.provider.authorize(request).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as ProviderTimeoutError).orderId).toBe(request.orderId);
    expect(await s.f.provider.search(request.orderId)).toMatchObject({ status: 'success', capturedAmount: 700 });
    expect(await s.f.provider.authorize(request)).toMatchObject({ status: 'success', capturedAmount: 700 });
    expect(await s.f.charges(request.orderId)).toBe(1);
  });

  it(`${name}, pending card, stays pending then settles to one charge when searched after the delay`, async () => {
    const { request, result } = await s.charge(CARDS.pending);
    expect(result).toMatchObject({ status: 'pending', orderId: request.orderId });
    expect(await s.f.provider.search(request.orderId)).toMatchObject({ status: 'pending', capturedAmount: 0 });
    await sleep(s.f.pendingMs + 20);
    const [first, second] = await Promise.all([
      s.f.provider.search(request.orderId),
      s.f.provider.search(request.orderId),
    ]);
    expect([first.status, second.status]).toEqual(['success', 'success']);
    expect(first.capturedAmount).toBe(1100);
    expect(await s.f.charges(request.orderId)).toBe(1);
  });

  it(`${name}, challenge card passed by the shopper, charges once after completeChallenge`, async () => {
    const { request, result } = await s.charge(CARDS.challenge);
    expect(result).toMatchObject({ status: 'challenge', orderId: request.orderId });
    expect(result.status === 'challenge' && result.challengeUrl).toMatch(/^https?:\/\/\S+$/);
    expect(await s.f.provider.completeChallenge(request.orderId)).toMatchObject({ status: 'challenge' });
    await s.f.answerChallenge(request.orderId, true);
    await s.f.answerChallenge(request.orderId, false);
    expect(await s.f.provider.completeChallenge(request.orderId)).toMatchObject({
      status: 'success',
      capturedAmount: 1100,
    });
    expect(await s.f.charges(request.orderId)).toBe(1);
  });

  it(`${name}, challenge card failed by the shopper, fails without charging`, async () => {
    const { request } = await s.charge(CARDS.challenge);
    await s.f.answerChallenge(request.orderId, false);
    expect(await s.f.provider.completeChallenge(request.orderId)).toMatchObject({
      status: 'failure',
      codes: { mstatus: 'failure' },
    });
    expect(await s.f.charges(request.orderId)).toBe(0);
  });
}

function refundCases(name: string, s: Suite): void {
  it(`${name}, full cancel, refunds everything and a repeat refunds nothing more`, async () => {
    const { request } = await s.charge(CARDS.success);
    expect(await s.f.provider.cancel(request.orderId)).toMatchObject({
      status: 'canceled',
      capturedAmount: 0,
      refundedAmount: 1100,
    });
    expect(await s.f.provider.cancel(request.orderId)).toMatchObject({ status: 'canceled', refundedAmount: 1100 });
    expect(await s.f.provider.search(request.orderId)).toMatchObject({ status: 'canceled', refundedAmount: 1100 });
  });

  it(`${name}, partial cancels, never refund beyond what was captured`, async () => {
    const { request } = await s.charge(CARDS.success, { amount: 1000 });
    expect(await s.f.provider.cancel(request.orderId, 300)).toMatchObject({
      status: 'success',
      capturedAmount: 700,
      refundedAmount: 300,
    });
    await expect(s.f.provider.cancel(request.orderId, 701)).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(s.f.provider.cancel(request.orderId, -5)).rejects.toBeInstanceOf(ProviderRequestError);
    expect(await s.f.provider.cancel(request.orderId, 700)).toMatchObject({
      status: 'canceled',
      capturedAmount: 0,
      refundedAmount: 1000,
    });
    await expect(s.f.provider.cancel(request.orderId, 1)).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it(`${name}, cancel of a declined or unknown order, is refused`, async () => {
    const { request } = await s.charge(CARDS.declined);
    await expect(s.f.provider.cancel(request.orderId)).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(s.f.provider.cancel(orderId())).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it(`${name}, reauthorize, charges the earlier order's card once under the new orderId`, async () => {
    const { request } = await s.charge(CARDS.challenge, { mpi: 'mpi-none' });
    const next = orderId();
    expect(
      await s.f.provider.reauthorize({ orderId: next, originalOrderId: request.orderId, amount: 1100 }),
    ).toMatchObject({ status: 'success', orderId: next, capturedAmount: 1100 });
    expect(
      await s.f.provider.reauthorize({ orderId: next, originalOrderId: request.orderId, amount: 1100 }),
    ).toMatchObject({ status: 'success' });
    expect(await s.f.charges(next)).toBe(1);
    await expect(
      s.f.provider.reauthorize({ orderId: orderId(), originalOrderId: orderId(), amount: 100 }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });
}

function cardCases(name: string, s: Suite): void {
  it(`${name}, cards added, listed, made default and deleted, per account`, async () => {
    const account = `acc-${randomUUID()}`;
    const first = await s.f.provider.addCard(account, await s.f.tokenFor(CARDS.success));
    const second = await s.f.provider.addCard(account, await s.f.tokenFor(CARDS.challenge));
    expect(first).toMatchObject({ maskedNumber: '************1111', brand: 'VISA', isDefault: true });
    expect(second).toMatchObject({ maskedNumber: '************3220', isDefault: false });
    expect(await s.f.provider.listCards(`acc-${randomUUID()}`)).toEqual([]);
    const changed = await s.f.provider.setDefaultCard(account, second.cardId);
    expect(changed.map((c) => [c.cardId, c.isDefault])).toEqual([
      [first.cardId, false],
      [second.cardId, true],
    ]);
    await s.f.provider.deleteCard(account, second.cardId);
    expect(await s.f.provider.listCards(account)).toEqual([{ ...first, isDefault: true }]);
    await expect(s.f.provider.deleteCard(account, second.cardId)).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(s.f.provider.deleteCard(`acc-${randomUUID()}`, first.cardId)).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it(`${name}, stored card charged with mpi-none, succeeds without a challenge`, async () => {
    const account = `acc-${randomUUID()}`;
    const card = await s.f.provider.addCard(account, await s.f.tokenFor(CARDS.challenge), true);
    const id = orderId();
    const result = await s.f.provider.authorize({
      orderId: id,
      amount: 1100,
      card: { kind: 'stored', accountId: account, cardId: card.cardId },
      withCapture: true,
      mpi: 'mpi-none',
    });
    expect(result).toMatchObject({ status: 'success', capturedAmount: 1100 });
    expect(await s.f.charges(id)).toBe(1);
    await expect(
      s.f.provider.authorize({
        orderId: orderId(),
        amount: 100,
        card: { kind: 'stored', accountId: `acc-${randomUUID()}`, cardId: card.cardId },
        withCapture: true,
        mpi: 'mpi-none',
      }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it(`${name}, authorize with saveCardTo, keeps the card under the account`, async () => {
    const account = `acc-${randomUUID()}`;
    const { result } = await s.charge(CARDS.success, { saveCardTo: account });
    expect(result).toMatchObject({ status: 'success', savedCard: { maskedNumber: '************1111' } });
    expect((await s.f.provider.listCards(account)).map((c) => c.maskedNumber)).toEqual(['************1111']);
  });
}

export function providerContract(name: string, setUp: () => Promise<ProviderFixture>): void {
  describe(`payment provider contract: ${name}`, () => {
    let fixture: ProviderFixture | undefined;
    beforeAll(async () => {
      fixture = await setUp();
    });
    afterAll(async () => {
      await fixture?.close();
    });
    const suite: Suite = {
      get f() {
        if (!fixture) throw new Error('the provider fixture is not set up');
        return fixture;
      },
      async charge(card, overrides = {}) {
        const request: AuthorizeRequest = {
          orderId: orderId(),
          amount: 1100,
          card: { kind: 'token', token: await suite.f.tokenFor(card) },
          withCapture: true,
          mpi: 'mpi-complete',
          ...overrides,
        };
        return { request, result: await suite.f.provider.authorize(request) };
      },
    };
    chargeCases(name, suite);
    unknownOutcomeCases(name, suite);
    refundCases(name, suite);
    cardCases(name, suite);
  });
}
