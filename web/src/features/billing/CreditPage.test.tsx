import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { browser, challengeCardOf } from './browser.ts';
import CreditPage from './CreditPage.tsx';
import {
  aCard,
  aProduct,
  aPurchase,
  aUser,
  aWallet,
  billingServer,
  aPlan,
  aSubscription,
  signedInAs,
} from './testing.tsx';

const routes = [{ path: '/payment/process/credit', element: <CreditPage /> }];
const CARD_NUMBER = '4111111111111111';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function open(path: string) {
  return renderRoutes(routes, { path, state: signedInAs(aUser()) });
}

/** Types a card once the form knows where to tokenise it (billing names the token endpoint). */
async function typeCard(number = '4111 1111 1111 1111') {
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /支払う|登録/ }).disabled).toBe(false),
  );
  fireEvent.change(screen.getByLabelText('カード番号'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('有効期限（月/年）'), { target: { value: '12/30' } });
  fireEvent.change(screen.getByLabelText('セキュリティコード'), { target: { value: '123' } });
}

describe('CreditPage', () => {
  it('CreditPage, a saved card, pays with its card_id and an Idempotency-Key and shows what was bought and the balance', async () => {
    const card = aCard();
    const purchase = aPurchase({ name: 'トークチケット 5枚', tickets: 5 });
    const server = billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [card] }],
      'POST payment/card/authorize': [200, { ok: true, purchase, next: 'done' }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 5, points: 0 })],
    });

    await open('/payment/process/credit?product_id=tickets-5');
    fireEvent.click(await screen.findByRole('button', { name: '¥700を支払う' }));

    expect(await screen.findByText('お支払いが完了しました。ご購入ありがとうございます。')).toBeTruthy();
    expect(await screen.findByText('現在の残高：トークチケット 5枚・0ポイント')).toBeTruthy();
    const authorize = server.calls.find((c) => c.url === '/api/payment/card/authorize');
    expect(authorize?.body).toEqual({ product_id: 'tickets-5', mpi: 'mpi-complete', card_id: card.card_id });
    expect(authorize?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('CreditPage, a new card, sends the number only to the token endpoint and only the token to billing', async () => {
    const server = billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [] }],
      'POST payment/sandbox/tokens': [200, { status: 'success', code: 'success', token: 'tok-123', message: '' }],
      'POST payment/card/authorize': [200, { ok: true, purchase: aPurchase(), next: 'done' }],
      'GET billing/wallet': [200, aWallet()],
    });

    const { store } = await open('/payment/process/credit?product_id=tickets-5');
    await screen.findByLabelText('カード番号');
    await typeCard();
    fireEvent.click(screen.getByRole('button', { name: '¥700を支払う' }));

    await screen.findByText('お支払いが完了しました。ご購入ありがとうございます。');
    const tokenCall = server.calls.find((c) => c.url === '/api/payment/sandbox/tokens');
    expect(tokenCall?.body).toMatchObject({
      card_number: CARD_NUMBER,
      card_expire: '12/30',
      security_code: '123',
      token_api_key: 'sandbox',
    });
    expect(tokenCall?.headers.get('authorization')).toBeNull();
    const billingCalls = server.calls.filter((c) => c !== tokenCall);
    expect(JSON.stringify(billingCalls.map((c) => c.body))).not.toContain('4111');
    expect(server.calls.find((c) => c.url === '/api/payment/card/authorize')?.body).toEqual({
      product_id: 'tickets-5',
      mpi: 'mpi-complete',
      token: 'tok-123',
      save_card: true,
    });
    expect(JSON.stringify(store.getState())).not.toContain(CARD_NUMBER);
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain(CARD_NUMBER);
    expect(window.location.href).not.toContain(CARD_NUMBER);
  });

  it('CreditPage, a declined card, says so and the next try with another card is a new intent with a new key', async () => {
    const card = aCard();
    const other = aCard({ default: false, masked: '************4242' });
    const server = billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [card, other] }],
      'POST payment/card/authorize': [
        402,
        { ok: false, code: 'PAYMENT_DECLINED', error: 'declined', message: 'カードが承認されませんでした。' },
      ],
    });

    await open('/payment/process/credit?product_id=tickets-5');
    fireEvent.click(await screen.findByRole('button', { name: '¥700を支払う' }));

    expect(await screen.findByText('お支払いができませんでした。')).toBeTruthy();
    expect(screen.getByText('カードが承認されませんでした。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '別のカードで支払う' }));
    fireEvent.click(await screen.findByRole('radio', { name: /4242/ }));
    fireEvent.click(screen.getByRole('button', { name: '¥700を支払う' }));
    await screen.findByText('お支払いができませんでした。');
    const keys = server.calls
      .filter((c) => c.url === '/api/payment/card/authorize')
      .map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('CreditPage, a lost answer, retries the same body with the same key (never a second charge)', async () => {
    let attempts = 0;
    const purchase = aPurchase();
    const server = billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard()] }],
      'POST payment/card/authorize': () =>
        ++attempts === 1
          ? [503, { ok: false, code: 'UNAVAILABLE', message: '' }]
          : [200, { ok: true, purchase, next: 'done' }],
      'GET billing/wallet': [200, aWallet()],
    });

    await open('/payment/process/credit?product_id=tickets-5');
    fireEvent.click(await screen.findByRole('button', { name: '¥700を支払う' }));
    fireEvent.click(await screen.findByRole('button', { name: '同じ内容でもう一度送信する' }));

    await screen.findByText('お支払いが完了しました。ご購入ありがとうございます。');
    const calls = server.calls.filter((c) => c.url === '/api/payment/card/authorize');
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual([
      calls[0]?.headers.get('idempotency-key'),
      calls[0]?.headers.get('idempotency-key'),
    ]);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });

  it('CreditPage, a pending outcome, shows 決済の確認中です and a manual check settles it', async () => {
    const pending = aPurchase({ status: 'pending' });
    const server = billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard()] }],
      'POST payment/card/authorize': [202, { ok: true, purchase: pending, next: 'pending', code: 'PAYMENT_PENDING' }],
      'POST payment/card/result/get': [200, { ok: true, purchase: { ...pending, status: 'captured' } }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 5 })],
    });

    await open('/payment/process/credit?product_id=tickets-5');
    fireEvent.click(await screen.findByRole('button', { name: '¥700を支払う' }));
    expect(await screen.findByText('決済の確認中です。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '今すぐ確認する' }));

    expect(await screen.findByText('お支払いが完了しました。ご購入ありがとうございます。')).toBeTruthy();
    expect(server.calls.find((c) => c.url === '/api/payment/card/result/get')?.body).toEqual({
      order_id: pending.order_id,
    });
  });

  it('CreditPage, a 3-D Secure challenge, sends the whole page to the challenge URL and remembers the order', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const purchase = aPurchase({ status: 'challenge' });
    billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard()] }],
      'POST payment/card/authorize': [
        200,
        { ok: true, purchase, next: 'challenge', challenge_url: '/api/payment/sandbox/challenge/abc' },
      ],
    });

    await open('/payment/process/credit?product_id=tickets-5');
    fireEvent.click(await screen.findByRole('button', { name: '¥700を支払う' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payment/sandbox/challenge/abc'));
    expect(sessionStorage.getItem('talkwith-orderId')).toBe(purchase.order_id);
  });

  it('CreditPage, a saved card sent to 3-D Secure, remembers that card for the order so a failed challenge can try it again', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const purchase = aPurchase({ status: 'challenge' });
    const card = aCard();
    billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [card] }],
      'POST payment/card/authorize': [
        200,
        { ok: true, purchase, next: 'challenge', challenge_url: '/api/payment/sandbox/challenge/abc' },
      ],
    });

    await open('/payment/process/credit?product_id=tickets-5');
    fireEvent.click(await screen.findByRole('button', { name: '¥700を支払う' }));

    await vi.waitFor(() => expect(challengeCardOf(purchase.order_id)).toBe(card.card_id));
  });

  it('CreditPage, opened by 「別のカードで支払う」 (?card=new), shows the card form instead of the saved card', async () => {
    billingServer({
      'GET billing/products': [200, { ok: true, products: [aProduct()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard()] }],
    });

    await open('/payment/process/credit?product_id=tickets-5&card=new');

    expect(await screen.findByLabelText('カード番号')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /新しいカード|別のカード/ }).checked).toBe(true);
  });

  it('CreditPage, a plan, subscribes with the plan code and says the plan is on', async () => {
    const user = aUser();
    const card = aCard();
    const server = billingServer({
      'GET billing/plans': [
        200,
        { ok: true, plans: [aPlan(), aPlan({ plan_code: 'OTHERS', name: 'グループプラン', group_bound: true })] },
      ],
      'POST payment/card/info/get': [200, { ok: true, cards: [card] }],
      'POST payment/subscription/subscribe': [200, { ok: true, subscription: aSubscription(user.id), next: 'done' }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 10 })],
    });

    await renderRoutes(routes, { path: '/payment/process/credit?plan_code=PROD001', state: signedInAs(user) });
    expect(
      await screen.findByText('毎月自動で更新されます。解約はマイページのプラン一覧からいつでもできます。'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '¥1,100を支払う' }));

    expect(await screen.findByText('「TALK WITH 月額プラン」のご登録が完了しました。')).toBeTruthy();
    const call = server.calls.find((c) => c.url === '/api/payment/subscription/subscribe');
    expect(call?.body).toEqual({ plan_code: 'PROD001', card_id: card.card_id });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('CreditPage, a subscription charge still unsettled (202), asks again with the same key and body until it is on', async () => {
    const user = aUser();
    let attempts = 0;
    const active = aSubscription(user.id);
    const unsettled = aSubscription(user.id, { status: 'inactive', period: 0 });
    const server = billingServer({
      'GET billing/plans': [200, { ok: true, plans: [aPlan()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard()] }],
      'POST payment/subscription/subscribe': () =>
        ++attempts === 1
          ? [
              202,
              {
                ok: true,
                subscription: unsettled,
                next: 'pending',
                code: 'PAYMENT_PENDING',
                message: 'お支払いの結果を確認しています。',
              },
            ]
          : [200, { ok: true, subscription: active, next: 'done' }],
      'GET billing/wallet': [200, aWallet()],
    });

    await renderRoutes(routes, { path: '/payment/process/credit?plan_code=PROD001', state: signedInAs(user) });
    fireEvent.click(await screen.findByRole('button', { name: '¥1,100を支払う' }));
    expect(await screen.findByText('決済の確認中です。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '今すぐ確認する' }));

    expect(await screen.findByText('「TALK WITH 月額プラン」のご登録が完了しました。')).toBeTruthy();
    const calls = server.calls.filter((c) => c.url === '/api/payment/subscription/subscribe');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get('idempotency-key')).toBe(calls[0]?.headers.get('idempotency-key'));
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });

  it('CreditPage, a plan whose first charge needs 3-D Secure, sends the whole page to the challenge', async () => {
    const user = aUser();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    billingServer({
      'GET billing/plans': [200, { ok: true, plans: [aPlan()] }],
      'POST payment/card/info/get': [200, { ok: true, cards: [] }],
      'POST payment/sandbox/tokens': [200, { status: 'success', token: 'tok-sub' }],
      'POST payment/subscription/subscribe': [
        200,
        {
          ok: true,
          subscription: aSubscription(user.id, { status: 'inactive', period: 0 }),
          next: 'challenge',
          challenge_url: '/api/payment/sandbox/challenge/sub-1-1',
        },
      ],
    });

    await renderRoutes(routes, { path: '/payment/process/credit?plan_code=PROD001', state: signedInAs(user) });
    await screen.findByLabelText('カード番号');
    await typeCard('4000 0000 0000 3220');
    fireEvent.click(screen.getByRole('button', { name: '¥1,100を支払う' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payment/sandbox/challenge/sub-1-1'));
    expect(await screen.findByText('本人認証（3-Dセキュア）のページへ移動しています…')).toBeTruthy();
  });

  it('CreditPage, a group plan asked for directly, is not sold here', async () => {
    billingServer({
      'GET billing/plans': [200, { ok: true, plans: [aPlan({ plan_code: 'OTHERS', group_bound: true })] }],
    });

    await open('/payment/process/credit?plan_code=OTHERS');

    expect(await screen.findByText('この商品は現在お取り扱いしていません。')).toBeTruthy();
  });

  it('CreditPage, an unknown product, says it is not on sale and calls nothing that charges', async () => {
    const server = billingServer({ 'GET billing/products': [200, { ok: true, products: [aProduct()] }] });

    await open('/payment/process/credit?product_id=nope');

    expect(await screen.findByText('この商品は現在お取り扱いしていません。')).toBeTruthy();
    expect(server.calls.some((c) => c.url.startsWith('/api/payment/card/authorize'))).toBe(false);
  });
});
