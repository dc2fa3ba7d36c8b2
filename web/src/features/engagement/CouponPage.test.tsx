import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import CouponPage from './CouponPage.tsx';
import { RATE_LIMIT_TEXT, aCampaign, aUser, anUnlock, engagementServer, refusal, signedInAs } from './testing.tsx';

const routes = [{ path: '/coupon', element: <CouponPage /> }];

describe('CouponPage', () => {
  it('CouponPage, open campaigns, lists them with their grant and period, entered ones without a button', async () => {
    const points = aCampaign({ title: '冬のキャンペーン', grant: { kind: 'points', amount: 100 } });
    const tickets = aCampaign({ title: '春のキャンペーン', grant: { kind: 'tickets', amount: 2 }, entered: true });
    engagementServer({ 'GET campaigns': [200, { ok: true, campaigns: [points, tickets] }] });

    await renderRoutes(routes, { path: '/coupon', state: signedInAs(aUser()) });

    const list = await screen.findByRole('list', { name: '開催中のキャンペーン' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('特典：100ポイント')).toBeTruthy();
    expect(within(first!).getByText('期間：2026年12月1日 〜 2026年12月31日')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: '「冬のキャンペーン」に応募する' })).toBeTruthy();
    expect(within(second!).getByText('特典：トークチケット 2枚')).toBeTruthy();
    expect(within(second!).getByText('応募済み')).toBeTruthy();
    expect(within(second!).queryByRole('button')).toBeNull();
  });

  it('CouponPage, entering a campaign, posts its id and then shows it entered', async () => {
    const campaign = aCampaign({ title: '冬のキャンペーン' });
    let entered = false;
    const server = engagementServer({
      'GET campaigns': () => [200, { ok: true, campaigns: [{ ...campaign, entered }] }],
      'POST campaigns/users/user/insert': () => {
        entered = true;
        return [
          201,
          {
            ok: true,
            message: '応募を受け付けました。',
            campaign_id: campaign.id,
            grant: campaign.grant,
            entered_at: '2026-12-02T00:00:00.000Z',
          },
        ];
      },
    });
    await renderRoutes(routes, { path: '/coupon', state: signedInAs(aUser()) });

    fireEvent.click(await screen.findByRole('button', { name: '「冬のキャンペーン」に応募する' }));

    expect(await screen.findByText('応募済み')).toBeTruthy();
    expect(screen.getByText('応募が完了しました。100ポイントをアカウントに付与しました。')).toBeTruthy(); // credited on entry: nothing left to 'receive'
    expect(server.calls.find((c) => c.url === '/api/campaigns/users/user/insert')?.body).toEqual({
      campaign_id: campaign.id,
    });
  });

  it("CouponPage, a campaign already entered or closed, shows the server's message under it", async () => {
    const campaign = aCampaign({ title: '冬のキャンペーン' });
    engagementServer({
      'GET campaigns': [200, { ok: true, campaigns: [campaign] }],
      'POST campaigns/users/user/insert': refusal(409, 'CAMPAIGN_CLOSED', 'このキャンペーンは終了しました。'),
    });
    await renderRoutes(routes, { path: '/coupon', state: signedInAs(aUser()) });

    fireEvent.click(await screen.findByRole('button', { name: '「冬のキャンペーン」に応募する' }));

    const item = (await screen.findByRole('alert')).closest('li') as HTMLElement;
    expect(within(item).getByRole('alert').textContent).toBe('このキャンペーンは終了しました。');
  });

  it('CouponPage, no campaign open, says so and still offers the serial form', async () => {
    engagementServer({ 'GET campaigns': [200, { ok: true, campaigns: [] }] });

    await renderRoutes(routes, { path: '/coupon', state: signedInAs(aUser()) });

    expect(await screen.findByText('現在開催中のキャンペーンはありません。')).toBeTruthy();
    expect(screen.getByLabelText('シリアルコード')).toBeTruthy();
  });

  it('CouponPage, a serial code, is redeemed with the same form as /serial (429 included)', async () => {
    let attempts = 0;
    const server = engagementServer({
      'GET campaigns': [200, { ok: true, campaigns: [] }],
      'POST serial/check': () =>
        ++attempts === 1
          ? [429, { ok: false, code: 'RATE_LIMITED', rateLimited: true, message: RATE_LIMIT_TEXT }]
          : [200, { ok: true, message: 'シリアルコードを登録しました。', unlock: anUnlock({ character_id: 'ren' }) }],
    });
    await renderRoutes(routes, { path: '/coupon', state: signedInAs(aUser()) });

    fireEvent.change(screen.getByLabelText('シリアルコード'), { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RATE_LIMIT_TEXT);
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));

    expect(await screen.findByText('キャラクター「ren」の特典ストーリー')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls.filter((c) => c.url === '/api/serial/check').map((c) => c.body)).toEqual([
      { serial_id: 'ABCD-EFGH' },
      { serial_id: 'ABCD-EFGH' },
    ]);
  });
});
