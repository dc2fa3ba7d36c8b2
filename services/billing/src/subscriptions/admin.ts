import { randomUUID } from 'node:crypto';
import { type DocumentStore } from '@talkwith/platform';
import type {
  AdminSubscriptionsQuery,
  AdminSubscriptionsReply,
  InsertSubscriptionBody,
  SubscriptionReply,
} from '@talkwith/proto/billing';
import { requireLiveAccount } from '../accounts/index.ts';
import { requireGroup } from '../catalog/index.ts';
import type { BillingDeps } from '../deps.ts';
import { idempotent, type Answer, type IdempotentCall } from '../idempotency.ts';
import { accountIdOf } from '../purchases/cards.ts';
import { factsOf } from './periods.ts';
import { openSubscriptions, viewOf, type SubscriptionRecord } from './records.ts';
import { checkGroup } from './subscribe.ts';
import { effectiveStatus, requireTransition } from './state.ts';
import { subscriptionErrors } from '../errors.ts';

const PAGE_SIZE = 20;

export async function listForAdmin(
  store: DocumentStore,
  query: AdminSubscriptionsQuery,
): Promise<AdminSubscriptionsReply> {
  const page = query.page ?? 1;
  const filter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.user_id ? { user_id: query.user_id } : {}),
    ...(query.plan_code ? { plan_code: query.plan_code } : {}),
  };
  const subscriptions = openSubscriptions(store);
  const [records, total] = await Promise.all([
    subscriptions.find(filter, { sort: { updated_at: -1, _id: 1 }, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    subscriptions.countDocuments(filter),
  ]);
  return { ok: true, subscriptions: records.map(viewOf), total, page };
}

/**
 * user_subscriptions/insert: an operator records a subscription without a
 * charge or a grant (a contract settled elsewhere), usable until
 * `period_end`; it counts as one period, so later charges keep their own
 * orderIds. The write and its `admin.acted` commit together. Only for a live
 * account (404 otherwise) and a group the catalog has (an operator may record
 * a plan of a group not on sale).
 */
export async function insertForAdmin(
  deps: BillingDeps,
  adminId: string,
  input: InsertSubscriptionBody,
  call: IdempotentCall,
  now: Date,
  action = 'subscription.inserted',
): Promise<Answer<SubscriptionReply>> {
  const { store, events } = deps.platform;
  checkGroup(input.plan_code, input.group_id);
  if (Date.parse(input.period_end) <= now.getTime()) throw subscriptionErrors.periodEndPast();
  await requireLiveAccount(store, input.user_id);
  if (input.group_id) await requireGroup(store, input.group_id);
  const accountId = await accountIdOf(store, input.user_id);
  return idempotent(store, call, async (tx) => {
    const subscriptions = openSubscriptions(tx);
    const existing = await subscriptions.findOne({ user_id: input.user_id, plan_code: input.plan_code });
    if (existing?.charge) throw subscriptionErrors.chargeInProgress();
    requireTransition(existing ? effectiveStatus(existing, now) : 'inactive', 'subscribe');
    const at = now.toISOString();
    const fields = {
      status: 'active' as const,
      period_start: at,
      period_end: new Date(input.period_end).toISOString(),
      failed_attempts: 0,
      note: input.note,
      updated_at: at,
      ...(input.group_id ? { group_id: input.group_id } : {}),
    };
    const record: SubscriptionRecord | null = existing
      ? await subscriptions.findOneAndUpdate(
          { _id: existing._id, period: existing.period },
          {
            $set: { ...fields, period: existing.period + 1 },
            $unset: {
              canceled_at: '',
              cancel_reason: '',
              cancel_reason_id: '',
              cancel_reason_label: '',
              finished_reason: '',
              retry_at: '',
            },
          },
        )
      : await subscriptions.insertOne({
          _id: randomUUID(),
          user_id: input.user_id,
          plan_code: input.plan_code,
          period: 1,
          account_id: accountId,
          created_at: at,
          ...fields,
        });
    if (!record) throw subscriptionErrors.changedConcurrently();
    await events.publish('subscription.started', record._id, { ...factsOf(record), event: 'subscribe' }, tx);
    await events.publish(
      'admin.acted',
      adminId,
      {
        admin_id: adminId,
        action,
        target_user_id: record.user_id,
        detail: {
          subscription_id: record._id,
          plan_code: record.plan_code,
          period_end: record.period_end,
          note: input.note,
        },
      },
      tx,
    );
    return { status: 201, body: { ok: true, subscription: viewOf(record) } };
  });
}
