import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { engagementService } from '../index.ts';
import { CONTACT_RATE_LIMITED } from './submit.ts';
import { openAccountAddresses } from './accounts.ts';
import { openContacts } from './model.ts';
import { RECEIPT_NUMBER_PATTERN } from './numbers.ts';
import { RECEIVED_MAILED_MESSAGE, RECEIVED_MESSAGE } from './routes.ts';
import { contactsTestKit, randomAddress } from './test-kit.ts';

const PER_SENDER = 3;
const PER_ADDRESS = 5;
let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService, {
    CONTACT_MAX_PER_WINDOW: String(PER_SENDER),
    CONTACT_MAX_PER_ADDRESS: String(PER_ADDRESS),
  });
});
afterAll(async () => {
  await svc?.close();
});
const kit = contactsTestKit(() => svc);
const stored = (id: string) => openContacts(svc.platform.store).findOne({ _id: id });

describe('POST /api/contacts', () => {
  it('contact form, logged out, stores it without an account, publishes contact.received and answers 201', async () => {
    const form = kit.form({ category: 3, name: '山田' });
    const res = await kit.send(form);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(res.json()).toMatchObject({ ok: true, message: expect.stringContaining('受け付けました') });
    expect(await stored(id)).toMatchObject({
      user_id: null,
      email: form.email,
      category: 3,
      channel: 'contact',
      status: 'new',
      name: '山田',
      message: form.message,
    });
    expect(await kit.eventsOf(id, 'contact.received')).toMatchObject([
      { data: { contact_id: id, user_id: null, category: 3, channel: 'contact' } },
    ]);
  });

  it('contact form, logged in, takes user_id from the token and ignores one smuggled into the body', async () => {
    const [userId, other] = [randomUUID(), randomUUID()];
    const res = await kit.send({ ...kit.form(), user_id: other }, { ...kit.auth(userId), ...kit.from() });
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id))?.user_id).toBe(userId);
  });

  it('contact form, an invalid or forged token, answers 401 and is not filed as anonymous', async () => {
    const form = kit.form();
    for (const authorization of [
      'Bearer not-a-token',
      'Bearer ' + svc.tokenFor(randomUUID()).slice(0, -2) + 'xx',
      'Basic abc',
    ]) {
      const res = await kit.send(form, { authorization, ...kit.from() });
      expect(res.statusCode).toBe(401);
    }
    expect(await openContacts(svc.platform.store).countDocuments({ email: form.email })).toBe(0);
  });

  it('contact form, category 2 with device info, keeps the device; category 5 drops it', async () => {
    const device = { os: 'iOS', os_version: '17.4', browser_name: 'Safari', is_mobile: true };
    const bug = await kit.send(kit.form({ channel: 'contact_dev', category: 2, device }));
    const feedback = await kit.send(kit.form({ category: 5, device }));
    expect((await stored(bug.json().id))?.device).toEqual(device);
    expect((await stored(feedback.json().id))?.device).toBeNull();
  });

  it('contact form, bad input, answers 400 and stores nothing', async () => {
    const email = `${randomUUID()}@example.com`;
    const bad = [
      { ...kit.form({ email }), category: 6 },
      { ...kit.form({ email }), category: 1.5 },
      { ...kit.form({ email }), channel: 'admin' },
      kit.form({ email: 'not-an-address' }),
      kit.form({ email, message: '' }),
      kit.form({ email, message: '   ' }),
      kit.form({ email, message: 'x'.repeat(5001) }),
      { channel: 'contact', category: 0, email },
      kit.form({ email, device: { os: 'x'.repeat(201) } }),
      kit.form({ email, device: { os: { $gt: '' } } as never }),
      kit.form({ email: `"a b"@example.com` }),
    ];
    for (const payload of bad)
      expect((await kit.send(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect(await openContacts(svc.platform.store).countDocuments({ email })).toBe(0);
  });

  it("contact form, logged out with someone else's address, mails nobody and answers a receipt number", async () => {
    const form = kit.form({ message: '至急こちらでログインしてください https://phish.example/login' });
    const res = await kit.send(form);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      receipt_number: expect.stringMatching(RECEIPT_NUMBER_PATTERN),
      receipt_mailed: false,
      message: RECEIVED_MESSAGE,
    });
    expect(await stored(body.id)).toMatchObject({
      receipt_number: body.receipt_number,
      receipt_owed: false,
      receipt_to: null,
    });
    const [event] = await kit.eventsOf(body.id, 'contact.received');
    await kit.handled(event!.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await svc.platform.mail.recent({ to: form.email })).toHaveLength(0);
  });

  it('contact form, two senders, get different receipt numbers; the admins find each by its number', async () => {
    const [a, b] = await Promise.all([kit.send(kit.form()), kit.send(kit.form())]);
    expect(a.json().receipt_number).not.toBe(b.json().receipt_number);
    const found = await svc.app.inject({
      method: 'GET',
      url: `/api/admin/contacts?q=${a.json().receipt_number}`,
      headers: kit.admin(),
    });
    expect(found.json()).toMatchObject({ total: 1, contacts: [{ id: a.json().id }] });
  });

  it("contact form, logged in, mails the receipt to the account's confirmed address only, without the message", async () => {
    const { userId, email: accountAddress } = await kit.account();
    const form = kit.form({ category: 4, message: 'シリアルコードが使えません。 https://phish.example/x' });
    const res = await kit.send(form, { ...kit.auth(userId), ...kit.from() });
    expect(res.json()).toMatchObject({ receipt_mailed: true, message: RECEIVED_MAILED_MESSAGE });
    const [mail] = await eventually(async () => {
      const mails = await svc.platform.mail.recent({ to: accountAddress });
      return mails.length > 0 && mails;
    });
    expect(mail).toMatchObject({
      to: accountAddress,
      subject: expect.stringContaining('お問い合わせを受け付けました'),
      replyTo: kit.supportAddress,
    });
    expect(mail!.text).toContain('シリアルコードのご利用について');
    expect(mail!.text).toContain(res.json().receipt_number);
    expect(mail!.text).not.toContain('シリアルコードが使えません');
    expect(mail!.text).not.toContain('phish.example');
    expect(await svc.platform.mail.recent({ to: form.email })).toHaveLength(0);
  });

  it("contact form, the account's address changed, mails the new one; a deleted account is forgotten", async () => {
    const userId = randomUUID();
    const [first, second] = [`${randomUUID()}@account.example`, `${randomUUID()}@account.example`];
    await svc.platform.events.publish('user.registered', userId, {
      user_id: userId,
      email: first,
      registered_at: new Date().toISOString(),
    });
    await svc.platform.events.publish('user.email_changed', userId, {
      user_id: userId,
      old_email: first,
      new_email: second,
      by: 'user',
    });
    await eventually(
      async () => (await openAccountAddresses(svc.platform.store).findOne({ _id: userId }))?.email === second,
    );
    await kit.send(kit.form(), { ...kit.auth(userId), ...kit.from() });
    await eventually(async () => (await svc.platform.mail.recent({ to: second })).length === 1);
    await svc.platform.events.publish('user.deleted', userId, { user_id: userId, by: 'user' });
    await eventually(
      async () => (await openAccountAddresses(svc.platform.store).findOne({ _id: userId }))?.deleted === true,
    );
    expect((await openAccountAddresses(svc.platform.store).findOne({ _id: userId }))?.email).toBe('');
    expect(await svc.platform.mail.recent({ to: first })).toHaveLength(0);
  });
});

describe('POST /api/contacts rate limit', () => {
  it('contact rate limit, one account, accepts the configured count and answers 429 to the next', async () => {
    const userId = randomUUID();
    for (let i = 0; i < PER_SENDER; i += 1)
      expect((await kit.send(kit.form(), { ...kit.auth(userId), ...kit.from() })).statusCode).toBe(201);
    const refused = await kit.send(kit.form(), { ...kit.auth(userId), ...kit.from() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
      rateLimited: true,
      message: CONTACT_RATE_LIMITED,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await openContacts(svc.platform.store).countDocuments({ user_id: userId })).toBe(PER_SENDER);
  });

  it('contact rate limit, logged out, counts one e-mail address whatever its case', async () => {
    const email = `${randomUUID()}@example.com`;
    const variants = [email, email.toUpperCase(), ` ${email}`.trim().replace('example', 'EXAMPLE')];
    for (const variant of variants) expect((await kit.send(kit.form({ email: variant }))).statusCode).toBe(201);
    const refused = await kit.send(kit.form({ email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', rateLimited: true });
  });

  it('contact rate limit, one client address, accepts the configured count from many senders and answers 429 to the next', async () => {
    const ip = randomAddress();
    for (let i = 0; i < PER_ADDRESS; i += 1) expect((await kit.send(kit.form(), kit.from(ip))).statusCode).toBe(201);
    expect((await kit.send(kit.form(), kit.from(ip))).statusCode).toBe(429);
    expect((await kit.send(kit.form(), { ...kit.auth(randomUUID()), ...kit.from(ip) })).statusCode).toBe(429);
    expect((await kit.send(kit.form(), kit.from(randomAddress()))).statusCode).toBe(201);
  });

  it('contact rate limit, a burst of parallel forms by one account, lets exactly the configured count through', async () => {
    const userId = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => kit.send(kit.form(), { ...kit.auth(userId), ...kit.from() })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(PER_SENDER);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(10 - PER_SENDER);
  });

  it('contact rate limit, a logged-out form, keeps neither the e-mail nor the client address in a cache key', async () => {
    const [email, ip] = [`${randomUUID()}@keys.example`, randomAddress()];
    const incr = vi.spyOn(svc.platform.cache, 'incr');
    try {
      expect((await kit.send(kit.form({ email }), kit.from(ip))).statusCode).toBe(201);
      const keys = incr.mock.calls.map(([key]) => key).join(' ');
      expect(keys).toContain('limit:contact.');
      expect(keys).not.toContain(email.split('@')[0]);
      expect(keys).not.toContain(ip);
    } finally {
      incr.mockRestore();
    }
  });

  it('contact rate limit, a bad form, is refused before it uses a slot', async () => {
    const userId = randomUUID();
    for (let i = 0; i < PER_SENDER + 2; i += 1)
      expect((await kit.send({ ...kit.form(), category: 9 }, { ...kit.auth(userId), ...kit.from() })).statusCode).toBe(
        400,
      );
    expect((await kit.send(kit.form(), { ...kit.auth(userId), ...kit.from() })).statusCode).toBe(201);
  });
});
