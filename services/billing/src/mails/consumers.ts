import type { Transaction } from '@talkwith/platform';
import { localized, type InterfaceLanguage } from '@talkwith/proto/identity';
import type { EventOf } from '@talkwith/proto';
import { accountOf } from '../accounts/index.ts';
import type { BillingDeps } from '../deps.ts';
import { nameTranslations, planKey } from '../product-texts/index.ts';
import { openPurchases } from '../purchases/records.ts';
import { receiptOf } from '../receipts/receipt.ts';
import { planOf, PLANS } from '../subscriptions/plans.ts';
import { openPeriodCharges, openSubscriptions } from '../subscriptions/records.ts';
import {
  accountDeletedMail,
  mailLanguageOf,
  purchaseMail,
  renewalFailedMail,
  subscriptionCanceledMail,
  subscriptionRenewedMail,
  subscriptionStartedMail,
  type Composed,
  type PlanFacts,
} from './compose.ts';
import { deliverMail } from './deliver.ts';
import { openBillingMails, type BillingMailKind } from './model.ts';

export const MAIL_EVENTS = [
  'purchase.completed',
  'subscription.started',
  'subscription.renewed',
  'subscription.canceled',
  'subscription.renewal_failed',
  'user.deleted',
] as const;
export type MailEvent = EventOf<(typeof MAIL_EVENTS)[number]>;

type SubscriptionEvent = EventOf<
  'subscription.started' | 'subscription.renewed' | 'subscription.canceled' | 'subscription.renewal_failed'
>;

/** A plan's name in the mail's language (an operator's translation, else the shipped one, else the Japanese). */
async function planNameIn(tx: Transaction, planCode: string, language: InterfaceLanguage): Promise<string> {
  const plan = Object.values(PLANS).find((p) => p.plan_code === planCode);
  if (!plan) return planCode;
  const translations = await nameTranslations(tx, [planKey(plan.plan_code)]);
  return localized(plan.name, translations.get(planKey(plan.plan_code)), language);
}

async function planFactsOf(tx: Transaction, event: SubscriptionEvent, language: InterfaceLanguage): Promise<PlanFacts> {
  const plan = Object.values(PLANS).find((p) => p.plan_code === event.data.product_code);
  const { period_start, period_end } = event.data;
  return {
    name: await planNameIn(tx, event.data.product_code, language),
    amount: plan?.amount ?? 0,
    period_start,
    period_end,
  };
}

/** The receipt of a charged order (a purchase, or a plan period whose purchase record has the orderId as `_id`). */
async function receiptOfOrder(tx: Transaction, deps: BillingDeps, purchaseId: string | undefined) {
  if (!purchaseId) return null;
  const doc = await openPurchases(tx).findOne({ _id: purchaseId });
  return doc ? receiptOf(deps.config, doc) : null;
}

/** Plans that were running when the account was deleted: the ones the deletion ended, or any still running or paid ahead (the deletion not yet handled). */
async function plansAtDeletion(tx: Transaction, userId: string, at: string, language: InterfaceLanguage) {
  const records = await openSubscriptions(tx).find({ user_id: userId });
  const running = (r: (typeof records)[number]) =>
    r.finished_reason === 'account_deleted' || r.status !== 'inactive' || (r.period_end ?? '') > at;
  return Promise.all(
    records.filter(running).map(async (r) => ({ name: await planNameIn(tx, planOf(r.plan_code).plan_code, language) })),
  );
}

/** What to mail for an event, or null (nothing to say: e.g. the renewal of a period that a start already mailed). */
async function compose(
  tx: Transaction,
  deps: BillingDeps,
  event: MailEvent,
  language: InterfaceLanguage,
): Promise<{ kind: BillingMailKind; mail: Composed } | null> {
  const { publicUrl } = deps;
  switch (event.type) {
    case 'purchase.completed': {
      const receipt = await receiptOfOrder(tx, deps, event.data.purchase_id);
      return receipt ? { kind: 'purchase', mail: purchaseMail(publicUrl, receipt, language) } : null;
    }
    case 'subscription.started':
      return {
        kind: 'subscription_started',
        mail: subscriptionStartedMail(
          publicUrl,
          await planFactsOf(tx, event, language),
          await receiptOfOrder(tx, deps, event.data.order_id),
          language,
        ),
      };
    case 'subscription.renewed': {
      // A start's first period is announced by the start's mail; only a renewal of the plan gets its own.
      const charge = event.data.order_id ? await openPeriodCharges(tx).findOne({ _id: event.data.order_id }) : null;
      const receipt = charge?.reason === 'renew' ? await receiptOfOrder(tx, deps, event.data.order_id) : null;
      return receipt
        ? {
            kind: 'subscription_renewed',
            mail: subscriptionRenewedMail(publicUrl, await planFactsOf(tx, event, language), receipt, language),
          }
        : null;
    }
    case 'subscription.canceled':
      return {
        kind: 'subscription_canceled',
        mail: subscriptionCanceledMail(publicUrl, await planFactsOf(tx, event, language), language),
      };
    case 'subscription.renewal_failed':
      return {
        kind: 'subscription_renewal_failed',
        mail: renewalFailedMail(publicUrl, (await planFactsOf(tx, event, language)).name, event.data, language),
      };
    case 'user.deleted':
      return {
        kind: 'account_deleted',
        mail: accountDeletedMail(
          publicUrl,
          await plansAtDeletion(tx, event.data.user_id, event.occurredAt, language),
          language,
        ),
      };
  }
}

/**
 * Consumer group `billing-mails`: each event id is handled once (the bus's
 * dedupe record, in `tx`), and the mail row's `_id` (kind + event id) makes a
 * second handling of the same event write nothing. The mail goes out after
 * the commit (deliver.ts); the sweep sends any that did not. The address is
 * billing's projection of the account (kept after a deletion for this mail);
 * an account billing never heard of is not mailed, nor a deleted one
 * (but for the mail of its deletion). The language is the account's
 * (user.registered / user.language_changed), Japanese when not known.
 */
export async function onMailEvent(deps: BillingDeps, event: MailEvent, tx: Transaction): Promise<void> {
  const userId = event.data.user_id;
  const account = await accountOf(tx, userId);
  if (!account?.email) {
    deps.platform.logger.warn(
      { eventId: event.id, type: event.type, userId },
      'no address known for a billing mail: not sent',
    );
    return;
  }
  // A deleted account hears only of its deletion (what was cancelled), nothing after it.
  if (account.deleted_at !== null && event.type !== 'user.deleted') return;
  // Written in the account's interface language as billing knows it now (Japanese when not known).
  const composed = await compose(tx, deps, event, mailLanguageOf(account.language));
  if (!composed) return;
  const mails = openBillingMails(tx);
  const _id = `${composed.kind}:${event.id}`;
  if (await mails.findOne({ _id }, { projection: { _id: 1 } })) return;
  await mails.insertOne({
    _id,
    kind: composed.kind,
    event_id: event.id,
    user_id: userId,
    to: account.email,
    ...composed.mail,
    created_at: new Date().toISOString(),
    sent_at: null,
    claimed_at: null,
    attempts: 0,
  });
  tx.afterCommit(() => {
    deliverMail(deps, _id).catch((err: unknown) =>
      deps.platform.logger.warn({ err, mailId: _id }, 'billing mail not sent; the sweep retries'),
    );
  });
}
