import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import { PlanList } from './PlanList.tsx';
import { browser } from './browser.ts';
import {
  aCard,
  aProduct,
  aSubscription,
  aUser,
  aWallet,
  billingServer,
  inShell,
  keptSession,
  aPlan,
  signedInAs,
} from './testing.tsx';

type User = ReturnType<typeof aUser>;
const REASONS = {
  ok: true,
  reasons: [
    { reason_id: 'price', label: '料金が高い', position: 10 },
    { reason_id: 'no-time', label: '使う時間がない', position: 20 },
    { reason_id: 'other', label: 'その他', position: 1000 },
  ],
};
const open = (user: User) =>
  renderRoutes(inShell([{ path: '/mypage', element: <PlanList /> }]), {
    path: '/mypage#plan_list',
    state: signedInAs(user),
  });

function serverFor(
  user: User,
  subscriptions: unknown[],
  extra: Record<string, [number, unknown] | ((call: { body: unknown }) => [number, unknown])> = {},
) {
  return billingServer({
    [`GET subscriptions/${user.id}`]: [200, { ok: true, subscriptions }],
    'GET billing/plans': [
      200,
      { ok: true, plans: [aPlan(), aPlan({ plan_code: 'OTHERS', name: 'グループプラン', group_bound: true })] },
    ],
    'GET billing/products': [
      200,
      {
        ok: true,
        products: [
          aProduct(),
          aProduct({
            product_id: 'points-500',
            kind: 'points',
            name: '500ポイント',
            amount: 500,
            tickets: undefined,
            points: 500,
          }),
        ],
      },
    ],
    'GET billing/wallet': [
      200,
      aWallet({
        talk_tickets: 12,
        points: 150,
        next_expiry: {
          tickets: { count: 10, expires_at: '2027-02-01T00:00:00.000Z' },
          points: { points: 100, expires_at: '2027-05-01T00:00:00.000Z' },
        },
      }),
    ],
    ...keptSession(user),
    ...extra,
  });
}

describe('PlanList', () => {
  it('PlanList, an active plan, shows its status, period end, next charge, card, and the wallet with nearest expiries', async () => {
    const user = aUser();
    serverFor(user, [aSubscription(user.id)]);

    await open(user);

    const section = await screen.findByRole('region', { name: 'プラン一覧' });
    expect(await within(section).findByText('契約中')).toBeTruthy();
    expect(within(section).getByText('TALK WITH 月額プラン')).toBeTruthy();
    expect(within(section).getByText('契約期間の終了日').nextElementSibling?.textContent).toBe('2026年12月1日');
    expect(within(section).getByText('次回のお支払い日').nextElementSibling?.textContent).toBe('2026年12月1日');
    expect(within(section).getByText('************1111')).toBeTruthy();
    expect(await within(section).findByText('12枚')).toBeTruthy();
    expect(within(section).getByText('うち10枚が2027年2月1日に失効')).toBeTruthy();
    expect(within(section).getByText('うち100ポイントが2027年5月1日に失効')).toBeTruthy();
    expect(within(section).getByRole('link', { name: '購入履歴' }).getAttribute('href')).toBe('/full/purchases');
    expect(within(section).getByRole('link', { name: 'カード情報の変更' }).getAttribute('href')).toBe(
      '/payment/editcard',
    );
    expect(within(section).queryByRole('link', { name: '登録する' })).toBeNull();
  });

  it('PlanList, no plan, offers PROD001 and the ticket and point packs', async () => {
    const user = aUser();
    serverFor(user, []);

    await open(user);

    expect(await screen.findByText('現在ご契約中のプランはありません。')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '登録する' })).getAttribute('href')).toBe(
      '/payment/process/credit?plan_code=PROD001',
    );
    expect(screen.queryByText('グループプラン')).toBeNull();
    expect(screen.getByRole('link', { name: '購入する ¥700' }).getAttribute('href')).toBe(
      '/payment/process/credit?product_id=tickets-5',
    );
    expect(screen.getByRole('link', { name: '購入する ¥500' }).getAttribute('href')).toBe(
      '/payment/process/credit?product_id=points-500',
    );
  });

  it('PlanList, cancel, asks why first, then confirms in a dialog and cancels with the reason, the comment and an Idempotency-Key', async () => {
    const user = aUser();
    const subscription = aSubscription(user.id);
    const server = serverFor(user, [subscription], {
      'GET cancel_reasons/list': [200, REASONS],
      'POST payment/subscription/cancel': [200, { ok: true, subscription: { ...subscription, status: 'canceled' } }],
    });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }));
    const next = screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(await screen.findByRole('radio', { name: '使う時間がない' }));
    fireEvent.change(screen.getByLabelText('ご意見・ご要望（任意・500文字まで）'), {
      target: { value: '  また使いたいです  ' },
    });
    fireEvent.click(next);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/2026年12月1日までは引き続きご利用いただけ/)).toBeTruthy();
    expect(server.calls.some((c) => c.url.endsWith('/subscription/cancel'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '解約する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.url === '/api/payment/subscription/cancel')?.body).toEqual({
        subscription_id: subscription.subscription_id,
        reason_id: 'no-time',
        reason: 'また使いたいです',
      }),
    );
    expect(
      server.calls.find((c) => c.url === '/api/payment/subscription/cancel')?.headers.get('idempotency-key'),
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('PlanList, the cancel reason step, 戻る leaves the plan as it was without asking the server to cancel', async () => {
    const user = aUser();
    const server = serverFor(user, [aSubscription(user.id)], { 'GET cancel_reasons/list': [200, REASONS] });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }));
    fireEvent.click(await screen.findByRole('radio', { name: '料金が高い' }));
    fireEvent.click(screen.getByRole('button', { name: '戻る' }));

    expect(await screen.findByRole('button', { name: '解約する' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(server.calls.some((c) => c.url.endsWith('/subscription/cancel'))).toBe(false);
  });

  it('PlanList, the reasons failing to load, still lets the subscriber cancel (without a reason)', async () => {
    const user = aUser();
    const subscription = aSubscription(user.id);
    const server = serverFor(user, [subscription], {
      'GET cancel_reasons/list': [500, { ok: false, message: '' }],
      'POST payment/subscription/cancel': [200, { ok: true, subscription: { ...subscription, status: 'canceled' } }],
    });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }));
    expect(await screen.findByText('理由の一覧を読み込めませんでした。このまま解約の手続きに進めます。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解約する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.url === '/api/payment/subscription/cancel')?.body).toEqual({
        subscription_id: subscription.subscription_id,
      }),
    );
  });

  it('PlanList, a cancelled plan, says until when it is usable and resubscribes after confirmation', async () => {
    const user = aUser();
    const subscription = aSubscription(user.id, { status: 'canceled', canceled_at: '2026-11-10T00:00:00.000Z' });
    const server = serverFor(user, [subscription], {
      'POST payment/subscription/resubscribe': [200, { ok: true, subscription: { ...subscription, status: 'active' } }],
    });

    await open(user);
    expect(await screen.findByText('解約済み（期間終了まで利用可）')).toBeTruthy();
    expect(screen.getByText('ご利用可能期限')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'プランを再開する' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'プランを再開する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.url === '/api/payment/subscription/resubscribe')?.body).toEqual({
        subscription_id: subscription.subscription_id,
      }),
    );
  });

  it('PlanList, cancelled with a reason and then resumed, offers 解約する again instead of the finished reason step', async () => {
    const user = aUser();
    let current = aSubscription(user.id);
    serverFor(user, [], {
      [`GET subscriptions/${user.id}`]: () => [200, { ok: true, subscriptions: [current] }],
      'GET cancel_reasons/list': [200, REASONS],
      'POST payment/subscription/cancel': () => {
        current = { ...current, status: 'canceled' };
        return [200, { ok: true, subscription: current }];
      },
      'POST payment/subscription/resubscribe': () => {
        current = { ...current, status: 'active' };
        return [200, { ok: true, subscription: current }];
      },
    });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }));
    fireEvent.click(await screen.findByRole('radio', { name: '料金が高い' }));
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解約する' }));
    fireEvent.click(await screen.findByRole('button', { name: 'プランを再開する' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'プランを再開する' }));

    expect(await screen.findByRole('button', { name: '解約する' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('PlanList, a refused change, shows the server message', async () => {
    const user = aUser();
    serverFor(user, [aSubscription(user.id)], {
      'GET cancel_reasons/list': [200, REASONS],
      'POST payment/subscription/cancel': [
        409,
        { ok: false, code: 'SUBSCRIPTION_STATE', message: 'このプランは解約できません。' },
      ],
    });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: '解約する' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'その他' }));
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解約する' }));

    expect(await screen.findByText('このプランは解約できません。')).toBeTruthy();
  });

  it('PlanList, the subscriptions failing to load, says so', async () => {
    const user = aUser();
    serverFor(user, [], { [`GET subscriptions/${user.id}`]: [500, { ok: false, message: '' }] });

    await open(user);

    expect(await screen.findByText('読み込めませんでした。時間をおいて再度お試しください。')).toBeTruthy();
  });

  it('PlanList, このプランのカードを変更 to another saved card, posts change_card with that card and says the new card', async () => {
    const user = aUser();
    const subscription = aSubscription(user.id);
    const server = serverFor(user, [subscription], {
      'POST payment/card/info/get': [
        200,
        {
          ok: true,
          cards: [
            aCard({ card_id: 'card-1' }),
            aCard({ card_id: 'card-2', masked: '************4242', default: false }),
          ],
        },
      ],
      'POST payment/recurring/change_card': [
        200,
        {
          ok: true,
          subscription_id: subscription.subscription_id,
          card: { card_id: 'card-2', masked: '************4242' },
          next: 'done',
        },
      ],
    });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: 'このプランのカードを変更' }));
    const chooser = await screen.findByRole('region', { name: 'このプランのカードを変更' });
    expect(within(chooser).queryByText('************1111')).toBeNull();
    fireEvent.click(await within(chooser).findByRole('button', { name: 'このカードに変更' }));

    expect(await screen.findByText('プランのお支払いカードを ************4242 に変更しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.url === '/api/payment/recurring/change_card')?.body).toEqual({
      subscription_id: subscription.subscription_id,
      card_id: 'card-2',
    });
  });

  it('PlanList, このプランのカードを変更 to a new card the provider challenges, sends the page to the 3-D Secure challenge', async () => {
    const user = aUser();
    const subscription = aSubscription(user.id);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const server = serverFor(user, [subscription], {
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard({ card_id: 'card-1' })] }],
      'POST payment/sandbox/tokens': [200, { status: 'success', token: 'tok-new' }],
      'POST payment/recurring/change_card': [
        200,
        {
          ok: true,
          subscription_id: subscription.subscription_id,
          card: subscription.card,
          next: 'challenge',
          challenge_url: '/api/payment/sandbox/challenge/cc-1',
        },
      ],
    });

    await open(user);
    fireEvent.click(await screen.findByRole('button', { name: 'このプランのカードを変更' }));
    expect(await screen.findByText('ほかに登録済みのカードはありません。')).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'このカードを確認して変更' }).disabled).toBe(false),
    );
    fireEvent.change(screen.getByLabelText('カード番号'), { target: { value: '4000 0000 0000 3220' } });
    fireEvent.change(screen.getByLabelText('有効期限（月/年）'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText('セキュリティコード'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'このカードを確認して変更' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payment/sandbox/challenge/cc-1'));
    expect(server.calls.find((c) => c.url === '/api/payment/recurring/change_card')?.body).toEqual({
      subscription_id: subscription.subscription_id,
      token: 'tok-new',
    });
  });

  it('PlanList, a cancelled plan, offers no card change', async () => {
    const user = aUser();
    serverFor(user, [aSubscription(user.id, { status: 'canceled' })]);

    await open(user);

    expect(await screen.findByRole('button', { name: 'プランを再開する' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'このプランのカードを変更' })).toBeNull();
  });
});
