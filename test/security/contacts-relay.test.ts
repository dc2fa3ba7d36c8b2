import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@talkwith/platform/testing/eventually';
import { OUTBOX, PROCESSED_EVENTS, type OutboxEntry } from '@talkwith/platform/eventing';
import { bearer, customer, startSecurityGateway, uniqueEmail, type TestGateway } from './harness.ts';

/**
 * The contact form as a mail relay (an outside attack found it): anyone could
 * make us mail any address 「お問い合わせを受け付けました」 quoting up to 5,000
 * characters of their own text, links intact. Now nobody is mailed an address
 * they have not proven: a logged-out contact is answered on screen with a
 * receipt number, and a signed-in one's receipt goes to the account's
 * confirmed address, without the message.
 */
const PHISH =
  '【重要】アカウントが停止されました。こちらから再開してください https://talkwith-support.example/login?id=1';
const RECEIPT_NUMBER = /^CT-\d{4}-[2-9A-HJ-NP-Z]{4,12}$/;

let gw: TestGateway;
beforeAll(async () => {
  gw = await startSecurityGateway();
}, 60_000);
afterAll(async () => {
  await gw?.close();
});

const contact = (email: string, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers,
    payload: { channel: 'contact', category: 0, email, name: '運営事務局 山田', message: PHISH },
  });

/** Waits until engagement's consumer handled the contact (after this, an owed receipt is on its way). */
async function handled(contactId: string): Promise<void> {
  const [entry] = await gw.platform.store
    .collection<OutboxEntry>(OUTBOX)
    .find({ key: contactId, type: 'contact.received' });
  await eventually(async () =>
    gw.platform.store
      .collection(PROCESSED_EVENTS)
      .findOne({ group: 'engagement-contacts', eventId: entry!.envelope.id }),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('contact form relay', () => {
  it("anonymous contact with someone else's address, mails nobody and answers a receipt number", async () => {
    const victim = uniqueEmail('victim');

    const replies = await Promise.all([contact(victim), contact(victim)]);

    for (const res of replies) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        ok: true,
        receipt_number: expect.stringMatching(RECEIPT_NUMBER),
        receipt_mailed: false,
      });
    }
    await handled(replies[1]!.json().id);
    expect(await gw.platform.mail.recent({ to: victim })).toHaveLength(0);
  });

  it("signed-in contact naming another address, mails only the account's confirmed address and never quotes the message", async () => {
    const account = await customer(gw, 'contact');
    await eventually(async () => gw.platform.store.collection('account_addresses').findOne({ _id: account.id }));
    const victim = uniqueEmail('victim');

    const res = await contact(victim, bearer(account));

    expect(res.json()).toMatchObject({ receipt_number: expect.stringMatching(RECEIPT_NUMBER), receipt_mailed: true });
    const [receipt] = await eventually(async () => {
      const mails = (await gw.platform.mail.recent({ to: account.email })).filter((m) =>
        m.subject.includes('お問い合わせを受け付けました'),
      );
      return mails.length > 0 && mails;
    });
    expect(receipt!.text).toContain(res.json().receipt_number);
    expect(receipt!.text).not.toContain('アカウントが停止されました');
    expect(receipt!.text).not.toContain('talkwith-support.example');
    expect(receipt!.text).not.toContain('運営事務局');
    await handled(res.json().id);
    expect(await gw.platform.mail.recent({ to: victim })).toHaveLength(0);
  });
});
