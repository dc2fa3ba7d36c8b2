import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '@talkwith/platform';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import type { EventOf } from '@talkwith/proto';
import { loadEngagementConfig } from '../config.ts';
import type { EngagementDeps } from '../deps.ts';
import { engagementService } from '../index.ts';
import { openContacts, type ContactDoc } from './model.ts';
import {
  deliverReceipt,
  onContactReceived,
  RECEIPT_CLAIM_MS,
  RECEIPT_MAX_ATTEMPTS,
  sendDueReceipts,
} from './receipts.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});

const deps = (mail: Mailer = svc.platform.mail): EngagementDeps => ({
  platform: { ...svc.platform, mail },
  config: loadEngagementConfig({ SUPPORT_MAIL_FROM: 'help@talkwith.example' }),
});
const failingMailer = (): Mailer => ({
  ...svc.platform.mail,
  send: async () => {
    throw new Error('smtp down');
  },
});
const mailsTo = (email: string) => svc.platform.mail.recent({ to: email });
const contactOf = (id: string) => openContacts(svc.platform.store).findOne({ _id: id });

/** A signed-in sender's contact straight in the store (no event, so no consumer races the test): the typed address and the account's differ. */
async function storedContact(overrides: Partial<ContactDoc> = {}): Promise<ContactDoc & { receipt_to: string }> {
  const at = new Date().toISOString();
  const contact = {
    _id: randomUUID(),
    channel: 'contact' as const,
    category: 1 as const,
    status: 'new' as const,
    email: `${randomUUID()}@typed.example`,
    name: null,
    user_id: randomUUID(),
    message: '対話が止まりました。 https://phish.example/login',
    device: null,
    character_id: null,
    thread: [],
    created_at: at,
    updated_at: at,
    receipt_number: 'CT-2611-ABCD',
    receipt_to: `${randomUUID()}@account.example`,
    receipt_owed: true,
    receipt_sent_at: null,
    receipt_claimed_at: null,
    receipt_attempts: 0,
    ...overrides,
  };
  await openContacts(svc.platform.store).insertOne(contact);
  return contact as ContactDoc & { receipt_to: string };
}

const receivedEvent = (contact: ContactDoc): EventOf<'contact.received'> => ({
  id: randomUUID(),
  type: 'contact.received',
  version: 1,
  occurredAt: contact.created_at,
  key: contact._id,
  data: {
    contact_id: contact._id,
    user_id: null,
    category: contact.category,
    channel: contact.channel,
    received_at: contact.created_at,
  },
});

describe('contact receipts', () => {
  it('deliverReceipt, called twice, mails once and marks receipt_sent_at', async () => {
    const contact = await storedContact();
    expect(await deliverReceipt(deps(), contact._id)).toBe(true);
    expect(await deliverReceipt(deps(), contact._id)).toBe(false);
    const mails = await mailsTo(contact.receipt_to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('対話中のお問い合わせ');
    expect(mails[0]!.text).toContain('help@talkwith.example');
    expect(mails[0]!.text).toContain('CT-2611-ABCD');
    expect(mails[0]!.text).not.toContain('対話が止まりました');
    expect(mails[0]!.text).not.toContain('phish.example');
    expect(await mailsTo(contact.email)).toHaveLength(0);
    expect((await contactOf(contact._id))?.receipt_sent_at).toEqual(expect.any(String));
  });

  it('contact.received, redelivered after the receipt went out, mails nothing more', async () => {
    const contact = await storedContact();
    const event = receivedEvent(contact);
    await svc.platform.store.withTransaction((tx) => onContactReceived(deps(), event, tx));
    await expect.poll(() => mailsTo(contact.receipt_to).then((m) => m.length)).toBe(1);
    await expect.poll(async () => (await contactOf(contact._id))?.receipt_sent_at).toEqual(expect.any(String));
    await svc.platform.store.withTransaction((tx) => onContactReceived(deps(), { ...event, id: randomUUID() }, tx));
    expect(await deliverReceipt(deps(), contact._id)).toBe(false);
    expect(await mailsTo(contact.receipt_to)).toHaveLength(1);
  });

  it('contact.received, its transaction rolled back, mails nothing', async () => {
    const contact = await storedContact();
    await expect(
      svc.platform.store.withTransaction(async (tx) => {
        await onContactReceived(deps(), receivedEvent(contact), tx);
        throw new Error('handler failed later');
      }),
    ).rejects.toThrow('handler failed later');
    expect(await mailsTo(contact.receipt_to)).toHaveLength(0);
  });

  it('deliverReceipt, the mail port failing, rethrows, releases the claim and counts the attempt', async () => {
    const contact = await storedContact();
    await expect(deliverReceipt(deps(failingMailer()), contact._id)).rejects.toThrow('smtp down');
    expect(await contactOf(contact._id)).toMatchObject({
      receipt_sent_at: null,
      receipt_claimed_at: null,
      receipt_attempts: 1,
    });
  });

  it('deliverReceipt, a live claim by another sender, leaves the receipt to it', async () => {
    const contact = await storedContact({ receipt_claimed_at: new Date().toISOString(), receipt_attempts: 1 });
    expect(await deliverReceipt(deps(), contact._id)).toBe(false);
    expect(await mailsTo(contact.receipt_to)).toHaveLength(0);
  });

  it('sendDueReceipts, a failed receipt and a lapsed claim, mails both; a fresh, a sent and a given-up one are left alone', async () => {
    const old = new Date(Date.now() - 2 * RECEIPT_CLAIM_MS).toISOString();
    const failed = await storedContact({ created_at: old, receipt_attempts: 1 });
    const lapsed = await storedContact({ created_at: old, receipt_claimed_at: old, receipt_attempts: 1 });
    const fresh = await storedContact();
    const sent = await storedContact({ created_at: old, receipt_sent_at: old });
    const givenUp = await storedContact({ created_at: old, receipt_attempts: RECEIPT_MAX_ATTEMPTS });
    await sendDueReceipts(deps());
    for (const contact of [failed, lapsed]) expect(await mailsTo(contact.receipt_to)).toHaveLength(1);
    for (const contact of [fresh, sent, givenUp]) expect(await mailsTo(contact.receipt_to)).toHaveLength(0);
  });

  it('deliverReceipt and the sweep, an anonymous contact or one stored before receipts were owed, mail nobody', async () => {
    const old = new Date(Date.now() - 2 * RECEIPT_CLAIM_MS).toISOString();
    const anonymous = await storedContact({ created_at: old, user_id: null, receipt_to: null, receipt_owed: false });
    const earlier = await storedContact({ created_at: old, user_id: null });
    await openContacts(svc.platform.store).updateOne(
      { _id: earlier._id },
      { $unset: { receipt_to: '', receipt_owed: '' } },
    );
    await svc.platform.store.withTransaction((tx) => onContactReceived(deps(), receivedEvent(anonymous), tx));
    await sendDueReceipts(deps());
    expect(await deliverReceipt(deps(), earlier._id)).toBe(false);
    for (const contact of [anonymous, earlier]) expect(await mailsTo(contact.email)).toHaveLength(0);
    expect(await mailsTo(earlier.receipt_to)).toHaveLength(0);
  });
});
