import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { browser, rememberChallengeCard } from './browser.ts';
import { MpiCompletePage, MpiMerchantPage, MpiNoneRecurringPage } from './MpiReturnPage.tsx';
import { aPurchase, aSubscription, aUser, aWallet, billingServer, signedInAs } from './testing.tsx';

const routes = [
  { path: '/payment/process/mpi_complete', element: <MpiCompletePage /> },
  { path: '/payment/process/mpi_merchant', element: <MpiMerchantPage /> },
  { path: '/payment/process/mpi_none_recurring', element: <MpiNoneRecurringPage /> },
];
const open = (path: string) => renderRoutes(routes, { path, state: signedInAs(aUser()) });

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const DECLINED = 'カードでのお支払いができませんでした。別のカードでお試しください。';

describe('MpiReturnPage', () => {
  it('mpi_complete, back from a passed challenge, completes the order once and shows what was bought', async () => {
    const purchase = aPurchase({ name: 'トークチケット 10枚', amount: 1300, tickets: 10 });
    const server = billingServer({
      'POST payment/card/3dsecure/mpi_complete': [200, { ok: true, purchase, next: 'done' }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 10 })],
    });

    await open(`/payment/process/mpi_complete?order_id=${purchase.order_id}`);

    expect(await screen.findByText('お支払いが完了しました。ご購入ありがとうございます。')).toBeTruthy();
    expect(screen.getByText('トークチケット 10枚')).toBeTruthy();
    expect(screen.getByText('¥1,300（税込）')).toBeTruthy();
    const completions = server.calls.filter((c) => c.url === '/api/payment/card/3dsecure/mpi_complete');
    expect(completions.map((c) => c.body)).toEqual([{ order_id: purchase.order_id }]);
  });

  it('mpi_complete, a failed challenge (402), says calmly nothing was charged and offers retry, another card and the history', async () => {
    const purchase = aPurchase({ status: 'failed', product_id: 'tickets-10' });
    billingServer({
      'POST payment/card/3dsecure/mpi_complete': [
        402,
        { ok: false, code: 'PAYMENT_DECLINED', message: DECLINED, purchase },
      ],
    });

    await open(`/payment/process/mpi_complete?order_id=${purchase.order_id}`);

    expect(await screen.findByText('本人認証（3-Dセキュア）が完了しませんでした。')).toBeTruthy();
    expect(screen.getByText(/代金は請求されていません。/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '別のカードで支払う' }).getAttribute('href')).toBe(
      '/payment/process/credit?product_id=tickets-10&card=new',
    );
    expect(screen.getByRole('link', { name: 'もう一度試す' }).getAttribute('href')).toBe(
      '/payment/process/credit?product_id=tickets-10',
    );
    expect(screen.getByRole('link', { name: '購入履歴' }).getAttribute('href')).toBe('/full/purchases');
  });

  it('mpi_complete, a failed challenge with a saved card, tries the same card again as a new attempt with a new Idempotency-Key', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const failed = aPurchase({ status: 'failed', product_id: 'tickets-10' });
    const again = aPurchase({ status: 'challenge', product_id: 'tickets-10' });
    rememberChallengeCard(failed.order_id, 'card-7');
    const server = billingServer({
      'POST payment/card/3dsecure/mpi_complete': [
        402,
        { ok: false, code: 'PAYMENT_DECLINED', message: DECLINED, purchase: failed },
      ],
      'POST payment/card/authorize': [
        200,
        { ok: true, purchase: again, next: 'challenge', challenge_url: '/api/payment/sandbox/challenge/again' },
      ],
    });

    await open(`/payment/process/mpi_complete?order_id=${failed.order_id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'もう一度試す' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payment/sandbox/challenge/again'));
    const authorize = server.calls.find((c) => c.url === '/api/payment/card/authorize');
    expect(authorize?.body).toEqual({ product_id: 'tickets-10', card_id: 'card-7', mpi: 'mpi-complete' });
    expect(authorize?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('mpi_complete, a failed challenge answered 200 with the purchase, shows the same way on', async () => {
    const purchase = aPurchase({ status: 'failed', product_id: 'tickets-10' });
    billingServer({ 'POST payment/card/3dsecure/mpi_complete': [200, { ok: true, purchase, next: 'done' }] });

    await open(`/payment/process/mpi_complete?order_id=${purchase.order_id}`);

    expect(await screen.findByText('本人認証（3-Dセキュア）が完了しませんでした。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '別のカードで支払う' }).getAttribute('href')).toBe(
      '/payment/process/credit?product_id=tickets-10&card=new',
    );
  });

  it('mpi_complete, without ?order_id, uses the order remembered before the redirect', async () => {
    const purchase = aPurchase();
    sessionStorage.setItem('talkwith-orderId', purchase.order_id);
    const server = billingServer({
      'POST payment/card/3dsecure/mpi_complete': [200, { ok: true, purchase, next: 'done' }],
      'GET billing/wallet': [200, aWallet()],
    });

    await open('/payment/process/mpi_complete');

    await screen.findByText('お支払いが完了しました。ご購入ありがとうございます。');
    expect(server.calls.find((c) => c.url === '/api/payment/card/3dsecure/mpi_complete')?.body).toEqual({
      order_id: purchase.order_id,
    });
  });

  it('mpi_merchant, a pending order, shows 決済の確認中です with a manual check', async () => {
    const purchase = aPurchase({ status: 'pending' });
    billingServer({
      'POST payment/threedsecure/mpi_merchant': [202, { ok: true, purchase, next: 'pending', code: 'PAYMENT_PENDING' }],
    });

    await open(`/payment/process/mpi_merchant?order_id=${purchase.order_id}`);

    expect(await screen.findByText('決済の確認中です。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '今すぐ確認する' })).toBeTruthy();
    expect(screen.getByText(`注文番号：${purchase.order_number}`)).toBeTruthy();
  });

  it('mpi_none_recurring, the server refusing, shows its message and the way to the history', async () => {
    billingServer({
      'POST payment/card/result/get': [404, { ok: false, code: 'NOT_FOUND', message: 'ご注文が見つかりません。' }],
    });

    await open('/payment/process/mpi_none_recurring?order_id=o-404');

    expect(await screen.findByText('ご注文が見つかりません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '購入履歴' }).getAttribute('href')).toBe('/full/purchases');
  });

  it('mpi_complete, a plan back from its challenge (kind=subscription), completes it as a subscription and says the plan is on', async () => {
    const user = aUser();
    const server = billingServer({
      'POST payment/subscription/mpi_complete': [200, { ok: true, subscription: aSubscription(user.id), next: 'done' }],
      'GET billing/wallet': [200, aWallet({ talk_tickets: 10 })],
    });

    await renderRoutes(routes, {
      path: '/payment/process/mpi_complete?order_id=sub-s1-1&kind=subscription',
      state: signedInAs(user),
    });

    expect(await screen.findByText('「TALK WITH 月額プラン」のご登録が完了しました。')).toBeTruthy();
    expect(server.calls.filter((c) => c.url === '/api/payment/subscription/mpi_complete').map((c) => c.body)).toEqual([
      { order_id: 'sub-s1-1' },
    ]);
    expect(server.calls.some((c) => c.url === '/api/payment/card/3dsecure/mpi_complete')).toBe(false);
  });

  it('mpi_complete, a plan whose challenge failed, says the card was not accepted and leads back to the plans', async () => {
    billingServer({
      'POST payment/subscription/mpi_complete': [
        402,
        {
          ok: false,
          code: 'PAYMENT_DECLINED',
          message: 'カードでのお支払いができませんでした。別のカードでお試しください。',
          subscription_id: 's1',
        },
      ],
    });

    await open('/payment/process/mpi_complete?order_id=sub-s1-1&kind=subscription');

    expect(await screen.findByText('カードでのお支払いができませんでした。別のカードでお試しください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '別のカードで支払う' }).getAttribute('href')).toBe('/mypage#plan_list');
  });

  it("mpi_complete, a plan's new card back from its challenge (kind=card), completes the card change and says the new card", async () => {
    const user = aUser();
    const server = billingServer({
      'POST payment/recurring/change_card/mpi_complete': [
        200,
        { ok: true, subscription_id: 's1', card: { card_id: 'card-9', masked: '************3220' }, next: 'done' },
      ],
      'GET billing/wallet': [200, aWallet()],
    });

    await renderRoutes(routes, {
      path: '/payment/process/mpi_complete?order_id=cc-abc&kind=card',
      state: signedInAs(user),
    });

    expect(await screen.findByText('プランのお支払いカードを ************3220 に変更しました。')).toBeTruthy();
    expect(
      server.calls.filter((c) => c.url === '/api/payment/recurring/change_card/mpi_complete').map((c) => c.body),
    ).toEqual([{ order_id: 'cc-abc' }]);
    expect(server.calls.some((c) => c.url.endsWith('/mpi_complete') && !c.url.includes('change_card'))).toBe(false);
  });

  it('mpi_complete, no order at all, says there is nothing to check and calls nothing', async () => {
    const server = billingServer({});

    await open('/payment/process/mpi_complete');

    expect(await screen.findByText('確認するご注文が見つかりません。購入履歴をご確認ください。')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
