import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardTokenError, fetchCardToken, normalizeExpiry } from './cardToken.ts';

afterEach(() => vi.unstubAllGlobals());

const card = { number: '4111 1111 1111 1111', expiry: '12/30', securityCode: '123' };
const SANDBOX = { url: '/api/payment/sandbox/tokens', tokenApiKey: 'sandbox' };

describe('cardToken', () => {
  it('fetchCardToken, a provider that never answers, gives up at the time-out with a timeout error', async () => {
    vi.stubGlobal(
      'fetch',
      (_request: Request, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const outcome = fetchCardToken(card, { ...SANDBOX, tokenApiKey: 'k' }, 20);

    await expect(outcome).rejects.toMatchObject({ name: 'CardTokenError', reason: 'timeout' });
  });

  it('fetchCardToken, the network failing, is a network error (not a decline)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await expect(fetchCardToken(card, SANDBOX)).rejects.toMatchObject({ reason: 'network' });
  });

  it('fetchCardToken, a refusal, carries the provider message and no token', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 'failure', message: '有効期限が正しくありません。' }), { status: 400 }),
      ),
    );

    const error = await fetchCardToken(card, SANDBOX).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CardTokenError);
    expect(error).toMatchObject({ reason: 'invalid', message: '有効期限が正しくありません。' });
  });

  it('fetchCardToken, an answer of status success without a token, is refused', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ status: 'success' }), { status: 200 })));

    await expect(fetchCardToken(card, SANDBOX)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('normalizeExpiry, typed without a slash or with spaces, becomes MM/YY', () => {
    expect([normalizeExpiry('1230'), normalizeExpiry('12 / 30'), normalizeExpiry('12/30')]).toEqual([
      '12/30',
      '12/30',
      '12/30',
    ]);
  });
});
