import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@talkwith/proto/identity';
import type { Receipt } from '@talkwith/proto/billing';
import {
  accountDeletedMail,
  purchaseMail,
  renewalFailedMail,
  subscriptionCanceledMail,
  subscriptionRenewedMail,
  subscriptionStartedMail,
} from './compose.ts';

const receipt: Receipt = {
  purchase_id: 'p1',
  order_number: 'TW-2026-000001',
  issued_at: '2026-05-01T00:00:00.000Z',
  seller: { name: 'TALK WITH 運営事務局', address: '東京都' },
  kind: 'tickets',
  item: 'チケット5枚',
  quantity: 1,
  amount: 700,
  tax_rate: 10,
  tax: 63,
  refunded: 0,
  status: 'captured',
  payment: { method: 'card', brand: 'VISA', last4: '4242' },
} as Receipt;
const plan = {
  name: 'TALK WITH 月額プラン',
  amount: 1100,
  period_start: '2026-05-01T00:00:00.000Z',
  period_end: '2026-06-01T00:00:00.000Z',
};
const failed = {
  user_id: 'u1',
  subscription_id: 's1',
  product_code: 'PROD001',
  amount: 1100,
  period_start: plan.period_start,
  period_end: plan.period_end,
} as Parameters<typeof renewalFailedMail>[2];

const all = (language: (typeof INTERFACE_LANGUAGES)[number]) => [
  purchaseMail('https://x', receipt, language),
  subscriptionStartedMail('https://x', plan, receipt, language),
  subscriptionRenewedMail('https://x', plan, receipt, language),
  subscriptionStartedMail('https://x', plan, null, language),
  subscriptionCanceledMail('https://x', plan, language),
  accountDeletedMail('https://x', [plan], language),
  renewalFailedMail('https://x', plan.name, { ...failed, retry_at: '2026-06-02T00:00:00.000Z' }, language),
  renewalFailedMail('https://x', plan.name, { ...failed, cause: 'spending_cap' }, language),
];

describe('billing mail texts', () => {
  it.each(INTERFACE_LANGUAGES)('every mail, in %s, has a subject and text with no undefined in it', (language) => {
    for (const mail of all(language)) {
      expect(mail.subject).toMatch(/TALK WITH/);
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/undefined|NaN|Invalid Date/);
    }
  });

  it('every mail, in a language other than Japanese, differs from the Japanese one', () => {
    const ja = all('ja-JP').map((mail) => mail.subject);
    for (const language of INTERFACE_LANGUAGES.filter((l) => l !== 'ja-JP')) {
      all(language).forEach((mail, i) => expect(mail.subject).not.toBe(ja[i]));
    }
  });

  it('renewalFailedMail, cause spending_cap in en-US, names the monthly limit and not a declined card', () => {
    const mail = renewalFailedMail('https://x', plan.name, { ...failed, cause: 'spending_cap' }, 'en-US');
    expect(mail.text).toContain('monthly spending limit');
    expect(mail.text).not.toContain('could not be paid with');
  });

  it.each(INTERFACE_LANGUAGES)(
    "subscriptionStartedMail, a resumed plan (nothing charged) in %s, has its own subject: neither a start's nor a renewal's",
    (language) => {
      const resumed = subscriptionStartedMail('https://x', plan, null, language);
      expect(resumed.subject).not.toBe(subscriptionStartedMail('https://x', plan, receipt, language).subject);
      expect(resumed.subject).not.toBe(subscriptionRenewedMail('https://x', plan, receipt, language).subject);
      expect(resumed.subject).not.toMatch(/更新|renewed/i);
    },
  );
});
