import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '@talkwith/platform';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { ContactBody } from '@talkwith/proto/engagement';
import { loadEngagementConfig } from '../config.ts';
import { engagementService } from '../index.ts';
import { openContacts } from './model.ts';
import { REPLY_NOT_SENT, replyToContact } from './reply.ts';
import { contactsTestKit } from './test-kit.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService, {
    CONTACT_MAX_PER_ADDRESS: '10000',
    CONTACT_MAX_PER_WINDOW: '1000',
  });
});
afterAll(async () => {
  await svc?.close();
});
const kit = contactsTestKit(() => svc);
const inject = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function contactFrom(
  overrides: Partial<ContactBody> = {},
  userId?: string,
): Promise<{ id: string; form: ContactBody }> {
  const form = kit.form(overrides);
  const res = await kit.send(form, { ...(userId ? kit.auth(userId) : {}), ...kit.from() });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, form };
}

describe('GET /api/admin/contacts', () => {
  it('contact list, filtered by the address, shows the row with a 200-character excerpt and no device or thread', async () => {
    const long = `${'あ'.repeat(199)}😀${'い'.repeat(50)}`;
    const { id, form } = await contactFrom({
      category: 2,
      channel: 'contact_dev',
      message: long,
      device: { os: 'Android' },
    });
    const res = await inject('GET', `/api/admin/contacts?q=${encodeURIComponent(form.email)}`, kit.admin());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      total: 1,
      page: 1,
      pages: 1,
      contacts: [{ id, email: form.email, category: 2, channel: 'contact_dev', status: 'new' }],
    });
    expect(body.contacts[0].excerpt).toBe(`${'あ'.repeat(199)}😀`);
    expect(body.contacts[0]).not.toHaveProperty('device');
    expect(body.contacts[0]).not.toHaveProperty('thread');
  });

  it('contact list, status, category and channel filters with words of the message, keep only what matches', async () => {
    const word = randomUUID();
    const match = await contactFrom({ category: 3, channel: 'contact', message: `返金 ${word}` });
    await contactFrom({ category: 4, channel: 'contact', message: `返金 ${word}` });
    await contactFrom({ category: 3, channel: 'contact_dev', message: `返金 ${word}` });
    const answered = await contactFrom({ category: 3, channel: 'contact', message: `返金 ${word}` });
    await inject('PUT', `/api/admin/contacts/${answered.id}/status`, kit.admin(), { status: 'answered' });
    const res = await inject(
      'GET',
      `/api/admin/contacts?q=${word.toUpperCase()}&category=3&channel=contact&status=new`,
      kit.admin(),
    );
    expect(res.json()).toMatchObject({ total: 1, contacts: [{ id: match.id }] });
  });

  it('contact list, q with pattern characters, matches them literally instead of as a pattern', async () => {
    const word = randomUUID();
    await contactFrom({ message: `plain ${word}` });
    const res = await inject('GET', `/api/admin/contacts?q=${encodeURIComponent(`.*${word}`)}`, kit.admin());
    expect(res.json()).toMatchObject({ total: 0, contacts: [] });
  });

  it('contact list, pages of 20, newest first', async () => {
    const word = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) ids.push((await contactFrom({ message: `${word} ${i}` })).id);
    const second = (await inject('GET', `/api/admin/contacts?q=${word}&page=2`, kit.admin())).json();
    expect(second).toMatchObject({ total: 21, page: 2, pages: 2, contacts: [{ id: ids[0] }] });
  });

  it('contact list, no token, a customer, or bad filters, answers 401, 403 and 400', async () => {
    expect((await inject('GET', '/api/admin/contacts', {})).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/contacts', kit.auth(randomUUID()))).statusCode).toBe(403);
    for (const query of ['status=closed', 'category=7', 'channel=x', 'page=0', `q=${'x'.repeat(255)}`]) {
      expect((await inject('GET', `/api/admin/contacts?${query}`, kit.admin())).statusCode, query).toBe(400);
    }
  });
});

describe('admin contact detail, status and delete', () => {
  it('contact detail, a logged-in bug report, shows device, thread and receipt state', async () => {
    const { userId } = await kit.account();
    const { id, form } = await contactFrom(
      { category: 1, device: { browser_name: 'Chrome' }, character_id: 'chr-1' },
      userId,
    );
    await eventually(async () => (await openContacts(svc.platform.store).findOne({ _id: id }))?.receipt_sent_at);
    const res = await inject('GET', `/api/admin/contacts/${id}`, kit.admin());
    expect(res.json()).toMatchObject({
      ok: true,
      contact: {
        id,
        user_id: userId,
        email: form.email,
        device: { browser_name: 'Chrome' },
        character_id: 'chr-1',
        thread: [{ from: 'customer', body: form.message }],
        receipt_sent_at: expect.any(String),
      },
    });
  });

  it('contact detail, unknown or malformed id, a customer, answers 404, 400 and 403', async () => {
    const { id } = await contactFrom();
    expect((await inject('GET', `/api/admin/contacts/${randomUUID()}`, kit.admin())).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/contacts/%24where', kit.admin())).statusCode).toBe(400);
    expect((await inject('GET', `/api/admin/contacts/${id}`, kit.auth(randomUUID()))).statusCode).toBe(403);
  });

  it('contact status, set to in_progress by an admin, changes it and audits it with the sender', async () => {
    const [adminId, userId] = [randomUUID(), randomUUID()];
    const { id } = await contactFrom({}, userId);
    const res = await inject('PUT', `/api/admin/contacts/${id}/status`, kit.admin(adminId), { status: 'in_progress' });
    expect(res.json()).toMatchObject({ ok: true, contact: { id, status: 'in_progress' } });
    expect(await kit.eventsOf(adminId, 'admin.acted')).toMatchObject([
      {
        data: {
          action: 'engagement.contact_status',
          target_user_id: userId,
          detail: { contact_id: id, status: 'in_progress' },
        },
      },
    ]);
  });

  it('contact status, bad status, unknown contact or a customer, changes nothing and audits nothing', async () => {
    const adminId = randomUUID();
    const { id } = await contactFrom();
    expect(
      (await inject('PUT', `/api/admin/contacts/${id}/status`, kit.admin(adminId), { status: 'closed' })).statusCode,
    ).toBe(400);
    expect(
      (await inject('PUT', `/api/admin/contacts/${randomUUID()}/status`, kit.admin(adminId), { status: 'answered' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('PUT', `/api/admin/contacts/${id}/status`, kit.auth(randomUUID()), { status: 'answered' }))
        .statusCode,
    ).toBe(403);
    expect((await openContacts(svc.platform.store).findOne({ _id: id }))?.status).toBe('new');
    expect(await kit.eventsOf(adminId, 'admin.acted')).toHaveLength(0);
  });

  it('contact delete, by an admin, removes it (then 404) and audits it; a customer gets 403', async () => {
    const adminId = randomUUID();
    const { id } = await contactFrom();
    expect((await inject('DELETE', `/api/admin/contacts/${id}`, kit.auth(randomUUID()))).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/admin/contacts/${id}`, kit.admin(adminId))).json()).toEqual({ ok: true });
    expect((await inject('GET', `/api/admin/contacts/${id}`, kit.admin())).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/admin/contacts/${id}`, kit.admin(adminId))).statusCode).toBe(404);
    expect(await kit.eventsOf(adminId, 'admin.acted')).toMatchObject([
      { data: { action: 'engagement.contact_deleted', detail: { contact_id: id } } },
    ]);
  });

  it('user.deleted, a user with two contacts, unlinks both and keeps their text', async () => {
    const userId = randomUUID();
    const first = await contactFrom({}, userId);
    const second = await contactFrom({}, userId);
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    await eventually(async () => (await openContacts(svc.platform.store).countDocuments({ user_id: userId })) === 0);
    const kept = await openContacts(svc.platform.store).find({ _id: { $in: [first.id, second.id] } });
    expect(kept.map((c) => [c.user_id, c.message])).toEqual(
      expect.arrayContaining([
        [null, first.form.message],
        [null, second.form.message],
      ]),
    );
  });
});

describe('POST /api/admin/contacts/{id}/reply', () => {
  it('contact reply, by an admin, mails the address, appends to the thread, marks it answered and audits it', async () => {
    const adminId = randomUUID();
    const { id, form } = await contactFrom();
    const res = await inject('POST', `/api/admin/contacts/${id}/reply`, kit.admin(adminId), {
      subject: 'ご回答',
      body: 'ご連絡ありがとうございます。',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().contact).toMatchObject({
      status: 'answered',
      thread: [
        { from: 'customer' },
        { from: 'admin', body: 'ご連絡ありがとうございます。', admin_id: adminId, subject: 'ご回答' },
      ],
    });
    const mails = await svc.platform.mail.recent({ to: form.email });
    expect(mails.find((m) => m.subject === 'ご回答')?.text).toContain('ご連絡ありがとうございます。');
    expect(mails.find((m) => m.subject === 'ご回答')?.replyTo).toBe(kit.supportAddress);
    expect(await kit.eventsOf(adminId, 'admin.acted')).toMatchObject([
      { data: { action: 'engagement.contact_replied', detail: { contact_id: id } } },
    ]);
  });

  it('contact reply, no subject, uses the default Japanese subject', async () => {
    const { id, form } = await contactFrom();
    await inject('POST', `/api/admin/contacts/${id}/reply`, kit.admin(), { body: '回答です。' });
    expect((await svc.platform.mail.recent({ to: form.email })).map((m) => m.subject)).toContain(
      '【TALK WITH】お問い合わせへのご回答',
    );
  });

  it('contact reply, a subject with a line break (header injection), answers 400 and mails nothing', async () => {
    const { id, form } = await contactFrom();
    const res = await inject('POST', `/api/admin/contacts/${id}/reply`, kit.admin(), {
      subject: 'ご回答\r\nBcc: victim@example.com',
      body: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await svc.platform.mail.recent({ to: form.email })).filter((m) => !m.subject.includes('受け付けました')),
    ).toHaveLength(0);
  });

  it('contact reply, empty body, unknown contact, a customer or no token, answers 400, 404, 403, 401', async () => {
    const { id } = await contactFrom();
    expect((await inject('POST', `/api/admin/contacts/${id}/reply`, kit.admin(), { body: '' })).statusCode).toBe(400);
    expect(
      (await inject('POST', `/api/admin/contacts/${randomUUID()}/reply`, kit.admin(), { body: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/api/admin/contacts/${id}/reply`, kit.auth(randomUUID()), { body: 'x' })).statusCode,
    ).toBe(403);
    expect((await inject('POST', `/api/admin/contacts/${id}/reply`, {}, { body: 'x' })).statusCode).toBe(401);
    expect((await openContacts(svc.platform.store).findOne({ _id: id }))?.thread).toHaveLength(1);
  });

  it('contact reply, the mail port failing, answers 503 and records no reply and no audit entry', async () => {
    const adminId = randomUUID();
    const { id } = await contactFrom();
    const failing: Mailer = {
      ...svc.platform.mail,
      send: async () => {
        throw new Error('smtp down');
      },
    };
    const deps = { platform: { ...svc.platform, mail: failing }, config: loadEngagementConfig({}) };
    await expect(replyToContact(deps, adminId, id, { body: '回答' })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
      message: REPLY_NOT_SENT,
    });
    expect(await openContacts(svc.platform.store).findOne({ _id: id })).toMatchObject({
      status: 'new',
      thread: [{ from: 'customer' }],
    });
    expect(await kit.eventsOf(adminId, 'admin.acted')).toHaveLength(0);
  });
});
