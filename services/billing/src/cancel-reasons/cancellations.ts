import { type Transaction } from '@talkwith/platform';
import { openCancelReasons, openCancellations } from './model.ts';
import { cancelReasonErrors } from '../errors.ts';

export interface CancelChoice {
  reasonId?: string;
  text?: string;
  by: 'user' | 'operator';
}

/** What a cancellation carries into the subscription record and the `subscription.canceled` event. */
export interface CancelFacts {
  reason_id?: string;
  reason_label?: string;
  reason_text?: string;
  by: 'user' | 'operator';
}

/** The reason chosen must be one offered now: an unknown or retired id is 400 (nothing is cancelled). */
export async function factsOfChoice(tx: Transaction, choice: CancelChoice): Promise<CancelFacts> {
  const text = choice.text?.trim() || undefined;
  if (!choice.reasonId) return { by: choice.by, ...(text ? { reason_text: text } : {}) };
  const reason = await openCancelReasons(tx).findOne({ _id: choice.reasonId, retired_at: null });
  if (!reason) throw cancelReasonErrors.chooseAgain();
  return { by: choice.by, reason_id: reason._id, reason_label: reason.label, ...(text ? { reason_text: text } : {}) };
}

/** Keeps the cancellation for the console's counts; call it in the transaction of the cancel. */
export async function recordCancellation(
  tx: Transaction,
  subscription: { _id: string; user_id: string; plan_code: string },
  facts: CancelFacts,
  canceledAt: string,
): Promise<void> {
  await openCancellations(tx).insertOne({
    subscription_id: subscription._id,
    user_id: subscription.user_id,
    plan_code: subscription.plan_code,
    reason_id: facts.reason_id ?? null,
    reason_label: facts.reason_label ?? null,
    text: facts.reason_text ?? null,
    by: facts.by,
    canceled_at: canceledAt,
  });
}
