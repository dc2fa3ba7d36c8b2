import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import type { CampaignBody } from '@talkwith/proto/engagement';
import { engagementService } from '../index.ts';
import { openCampaigns, openEntries } from './model.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const auth = (userId: string, roles?: string[]) => ({ authorization: `Bearer ${svc.tokenFor(userId, roles)}` });
const admin = (adminId: string = randomUUID()) => auth(adminId, ['admin']);
const campaignBody = (overrides: Partial<CampaignBody> = {}): CampaignBody => ({
  title: `春のキャンペーン ${randomUUID()}`,
  description: '参加で10ポイント',
  starts_at: iso(-DAY),
  ends_at: iso(DAY),
  grant: { kind: 'points', amount: 10 },
  ...overrides,
});
const eventsOf = async (key: string, type: string) =>
  (await svc.platform.store.collection<OutboxEntry>(OUTBOX).find({ key, type })).map((entry) => entry.envelope);

async function campaign(overrides: Partial<CampaignBody> = {}): Promise<string> {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/api/admin/campaigns',
    headers: admin(),
    payload: campaignBody(overrides),
  });
  expect(res.statusCode).toBe(201);
  return res.json().campaign.id;
}
const enter = (userId: string, payload: object) =>
  svc.app.inject({ method: 'POST', url: '/api/campaigns/users/user/insert', headers: auth(userId), payload });

describe('admin campaigns', () => {
  it('campaign create, a valid body, answers 201 with the campaign and audits it', async () => {
    const adminId = randomUUID();
    const body = campaignBody({
      grant: { kind: 'tickets', amount: 2 },
      starts_at: '2030-04-01T00:00:00+09:00',
      ends_at: '2030-05-01T00:00:00+09:00',
    });
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: admin(adminId),
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().campaign).toMatchObject({
      title: body.title,
      grant: { kind: 'tickets', amount: 2 },
      active: true,
      entries: 0,
      starts_at: '2030-03-31T15:00:00.000Z',
      ends_at: '2030-04-30T15:00:00.000Z',
    });
    expect(await eventsOf(adminId, 'admin.acted')).toMatchObject([
      { data: { action: 'engagement.campaign_created', detail: { campaign_id: res.json().campaign.id } } },
    ]);
  });

  it('campaign create, ends_at not after starts_at or bad input, answers 400 and stores nothing', async () => {
    const adminId = randomUUID();
    const title = `bad ${randomUUID()}`;
    const at = iso(DAY);
    const bad = [
      campaignBody({ title, starts_at: at, ends_at: at }),
      campaignBody({ title, starts_at: iso(2 * DAY), ends_at: iso(DAY) }),
      campaignBody({ title, grant: { kind: 'points', amount: 0 } }),
      campaignBody({ title, grant: { kind: 'tickets', amount: 101 } }),
      { ...campaignBody({ title }), grant: { kind: 'yen', amount: 5 } },
      campaignBody({ title, starts_at: 'tomorrow' }),
      campaignBody({ title: '' }),
      campaignBody({ title: '   ' }),
      { ...campaignBody({ title }), ends_at: undefined },
    ];
    for (const payload of bad)
      expect(
        (await svc.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: admin(adminId), payload }))
          .statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    expect(await openCampaigns(svc.platform.store).countDocuments({ title })).toBe(0);
    expect(await eventsOf(adminId, 'admin.acted')).toHaveLength(0);
  });

  it('campaign admin routes, a customer or no token, answer 403 and 401', async () => {
    const id = await campaign();
    const customer = auth(randomUUID());
    expect(
      (
        await svc.app.inject({
          method: 'POST',
          url: '/api/admin/campaigns',
          headers: customer,
          payload: campaignBody(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await svc.app.inject({
          method: 'PUT',
          url: `/api/admin/campaigns/${id}`,
          headers: customer,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(403);
    expect((await svc.app.inject({ method: 'GET', url: '/api/admin/campaigns', headers: customer })).statusCode).toBe(
      403,
    );
    expect((await svc.app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(401);
  });

  it('campaign edit, a new title and inactive, changes them and audits; an end before the stored start is 400', async () => {
    const adminId = randomUUID();
    const id = await campaign();
    const res = await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}`,
      headers: admin(adminId),
      payload: { title: '変更後', active: false },
    });
    expect(res.json().campaign).toMatchObject({ id, title: '変更後', active: false });
    const bad = await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}`,
      headers: admin(adminId),
      payload: { ends_at: iso(-2 * DAY) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'ends_at' });
    expect(await eventsOf(adminId, 'admin.acted')).toMatchObject([{ data: { action: 'engagement.campaign_edited' } }]);
  });

  it('campaign edit, only a new title for an inactive campaign, leaves it inactive', async () => {
    const id = await campaign({ active: false });
    const res = await svc.app.inject({
      method: 'PUT',
      url: `/api/admin/campaigns/${id}`,
      headers: admin(),
      payload: { title: '題名だけ' },
    });
    expect(res.json().campaign).toMatchObject({ title: '題名だけ', active: false });
  });

  it('campaign edit, unknown id, empty or malformed body, answers 404 and 400', async () => {
    const id = await campaign();
    expect(
      (
        await svc.app.inject({
          method: 'PUT',
          url: `/api/admin/campaigns/${randomUUID()}`,
          headers: admin(),
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await svc.app.inject({ method: 'PUT', url: `/api/admin/campaigns/${id}`, headers: admin(), payload: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await svc.app.inject({
          method: 'PUT',
          url: `/api/admin/campaigns/${id}`,
          headers: admin(),
          payload: { active: 'no' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('campaign list, newest first with its entry count; page 0 is 400', async () => {
    const id = await campaign();
    await enter(randomUUID(), { campaign_id: id });
    const list = (await svc.app.inject({ method: 'GET', url: '/api/admin/campaigns', headers: admin() })).json();
    expect(list).toMatchObject({ ok: true, page: 1 });
    expect(list.campaigns[0]).toMatchObject({ id, entries: 1 });
    expect(
      (await svc.app.inject({ method: 'GET', url: '/api/admin/campaigns?page=0', headers: admin() })).statusCode,
    ).toBe(400);
  });
});

describe('customer campaigns', () => {
  it('campaign entry, an open campaign, answers 201, counts it and publishes campaign.entered with the grant', async () => {
    const userId = randomUUID();
    const id = await campaign({ grant: { kind: 'tickets', amount: 3 } });
    const res = await enter(userId, { campaign_id: id, user_id: userId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ok: true,
      campaign_id: id,
      grant: { kind: 'tickets', amount: 3 },
      message: 'キャンペーンに参加しました。',
    });
    expect(await eventsOf(userId, 'campaign.entered')).toMatchObject([
      {
        data: { entry_id: `${id}:${userId}`, campaign_id: id, user_id: userId, grant: { kind: 'tickets', amount: 3 } },
      },
    ]);
    expect((await openCampaigns(svc.platform.store).findOne({ _id: id }))?.entries).toBe(1);
  });

  it('campaign entry, a second time, answers 409 CAMPAIGN_ENTERED and publishes nothing more', async () => {
    const userId = randomUUID();
    const id = await campaign();
    await enter(userId, { campaign_id: id });
    const again = await enter(userId, { campaign_id: id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CAMPAIGN_ENTERED' });
    expect(await eventsOf(userId, 'campaign.entered')).toHaveLength(1);
  });

  it('campaign entry, 20 parallel entries by one user, lets exactly one through with one event', async () => {
    const userId = randomUUID();
    const id = await campaign();
    const replies = await Promise.all(Array.from({ length: 20 }, () => enter(userId, { campaign_id: id })));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await eventsOf(userId, 'campaign.entered')).toHaveLength(1);
    expect(await openEntries(svc.platform.store).countDocuments({ user_id: userId })).toBe(1);
    expect((await openCampaigns(svc.platform.store).findOne({ _id: id }))?.entries).toBe(1);
  });

  it('campaign entry, not started, ended or inactive, answers 409 CAMPAIGN_CLOSED and enters nothing', async () => {
    const userId = randomUUID();
    const ids = [
      await campaign({ starts_at: iso(DAY), ends_at: iso(2 * DAY) }),
      await campaign({ starts_at: iso(-2 * DAY), ends_at: iso(-DAY) }),
      await campaign({ active: false }),
    ];
    for (const id of ids) {
      const res = await enter(userId, { campaign_id: id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CAMPAIGN_CLOSED' });
    }
    expect(await eventsOf(userId, 'campaign.entered')).toHaveLength(0);
  });

  it("campaign entry, for someone else's user_id (admins too), answers 403 and enters nobody", async () => {
    const [userId, victim] = [randomUUID(), randomUUID()];
    const id = await campaign();
    expect((await enter(userId, { campaign_id: id, user_id: victim })).statusCode).toBe(403);
    const asAdmin = await svc.app.inject({
      method: 'POST',
      url: '/api/campaigns/users/user/insert',
      headers: admin(userId),
      payload: { campaign_id: id, user_id: victim },
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(await openEntries(svc.platform.store).countDocuments({ campaign_id: id })).toBe(0);
  });

  it('campaign entry, unknown campaign, bad ids or no token, answers 404, 400 and 401', async () => {
    const userId = randomUUID();
    expect((await enter(userId, { campaign_id: randomUUID() })).statusCode).toBe(404);
    for (const payload of [
      {},
      { campaign_id: '' },
      { campaign_id: { $ne: null } },
      { campaign_id: '../x' },
      { campaign_id: 'a', user_id: '' },
    ]) {
      expect((await enter(userId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await svc.app.inject({ method: 'POST', url: '/api/campaigns/users/user/insert', payload: { campaign_id: 'a' } }))
        .statusCode,
    ).toBe(401);
  });

  it('open campaigns, for a user, lists only open ones with entered true for the one they entered', async () => {
    const userId = randomUUID();
    const [entered, notEntered] = [await campaign(), await campaign()];
    const closed = await campaign({ active: false });
    const future = await campaign({ starts_at: iso(DAY), ends_at: iso(2 * DAY) });
    await enter(userId, { campaign_id: entered });
    const res = await svc.app.inject({ method: 'GET', url: '/api/campaigns', headers: auth(userId) });
    const byId = new Map(res.json().campaigns.map((c: { id: string; entered: boolean }) => [c.id, c.entered]));
    expect(byId.get(entered)).toBe(true);
    expect(byId.get(notEntered)).toBe(false);
    expect(byId.has(closed)).toBe(false);
    expect(byId.has(future)).toBe(false);
    expect((await svc.app.inject({ method: 'GET', url: '/api/campaigns' })).statusCode).toBe(401);
  });
});
