import { randomUUID } from 'node:crypto';
import type { RecurringReply } from '@talkwith/proto/billing';
import type { Acting } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import { ProviderRequestError, ProviderTimeoutError, type StoredCard } from '../provider/port.ts';
import { outcomeOfAuthorize, type ChargeOutcome } from './charge.ts';
import { ownedSubscription } from './manage.ts';
import { openSubscriptions, viewOf, type CardChangeInFlight, type SubscriptionRecord } from './records.ts';
import { CHALLENGE_LEASE_MS, leaseMsOf } from './renewal.ts';
import { messages, subscriptionErrors } from '../errors.ts';

/**
 * recurring/change_card with a new card (a token): the card is checked with
 * an authorisation of ¥1 without capture (3-D Secure `mpi-complete`, so the
 * provider asks for the challenge where the card's issuer wants it) that
 * keeps the card at the provider; once it passes, the authorisation is voided
 * and the kept card pays the plan. Nothing is charged. The check in flight is
 * kept on the subscription (`card_change`) for the return from the page.
 */
export const CARD_CHECK_AMOUNT = 1;

export interface CardChangeAnswer {
  status: 200 | 202;
  body: RecurringReply;
}

/** Where the 3-D Secure page sends the browser back: the web's return page, told it is a card change. */
export function cardReturnUriOf(publicUrl: string, orderId: string): string {
  return `${publicUrl}/payment/process/mpi_complete?order_id=${encodeURIComponent(orderId)}&kind=card`;
}

function replyOf(record: SubscriptionRecord, extra: Partial<RecurringReply> = {}): RecurringReply {
  const view = viewOf(record);
  return {
    ok: true,
    subscription_id: record._id,
    card: record.card ?? null,
    ...(view.next_charge_at ? { next_charge_at: view.next_charge_at } : {}),
    ...extra,
  };
}

const live = (change: CardChangeInFlight | undefined, now: Date) =>
  Boolean(change && Date.parse(change.lease_until) > now.getTime());

/** Starts the check: takes the subscription's one card-change slot (guarded), then asks the provider. */
export async function changeCardWithToken(
  deps: BillingDeps,
  acting: Acting,
  subscriptionId: string,
  token: string,
  now: Date,
): Promise<CardChangeAnswer> {
  const { store } = deps.platform;
  const record = await ownedSubscription(store, acting, subscriptionId);
  if (record.account_deleted_at) throw subscriptionErrors.notFound();
  if (live(record.card_change, now)) throw subscriptionErrors.cardCheckInProgress();
  const change: CardChangeInFlight = {
    // The slot is held as long as one provider call may take; only a challenge the shopper must answer holds it longer
    // (settle): a request lost to a crash before the provider answered blocks the next try for seconds, not half an hour.
    order_id: `cc-${randomUUID()}`,
    lease_until: new Date(now.getTime() + leaseMsOf(deps.config)).toISOString(),
    known_card_ids: (await deps.provider.listCards(record.account_id)).map((c) => c.cardId),
  };
  const claimed = await openSubscriptions(store).findOneAndUpdate(
    {
      _id: record._id,
      account_deleted_at: { $exists: false },
      ...(record.card_change
        ? { 'card_change.order_id': record.card_change.order_id }
        : { card_change: { $exists: false } }),
    },
    { $set: { card_change: change, updated_at: now.toISOString() } },
  );
  if (!claimed) throw subscriptionErrors.cardCheckInProgress();
  let outcome: ChargeOutcome;
  try {
    outcome = outcomeOfAuthorize(
      await deps.provider.authorize({
        orderId: change.order_id,
        amount: CARD_CHECK_AMOUNT,
        withCapture: false,
        card: { kind: 'token', token },
        mpi: 'mpi-complete',
        saveCardTo: record.account_id,
        redirectionUri: cardReturnUriOf(deps.publicUrl, change.order_id),
      }),
    );
  } catch (err) {
    if (err instanceof ProviderTimeoutError) outcome = { kind: 'unknown' };
    else {
      await release(deps, claimed, 'declined');
      throw err instanceof ProviderRequestError ? subscriptionErrors.cardRefused(err) : err;
    }
  }
  return settle(deps, claimed, outcome, now);
}

/** POST recurring/change_card/mpi_complete: back from the page; the caller's own check only; safe to repeat. */
export async function completeCardChange(
  deps: BillingDeps,
  userId: string,
  orderId: string,
  now: Date,
): Promise<CardChangeAnswer> {
  const subscriptions = openSubscriptions(deps.platform.store);
  const record =
    (await subscriptions.findOne({ 'card_change.order_id': orderId })) ??
    (await subscriptions.findOne({ 'last_card_change.order_id': orderId }));
  if (!record || record.user_id !== userId || record.account_deleted_at) throw subscriptionErrors.cardCheckNotFound();
  if (record.card_change?.order_id !== orderId) {
    if (record.last_card_change?.outcome === 'done') return { status: 200, body: replyOf(record, { next: 'done' }) };
    throw subscriptionErrors.cardCheckDeclined();
  }
  let outcome: ChargeOutcome;
  try {
    outcome = outcomeOfAuthorize(await deps.provider.completeChallenge(orderId));
  } catch (err) {
    if (!(err instanceof ProviderTimeoutError)) throw err;
    outcome = { kind: 'unknown' };
  }
  return settle(deps, record, outcome, now);
}

async function settle(
  deps: BillingDeps,
  record: SubscriptionRecord,
  outcome: ChargeOutcome,
  now: Date,
): Promise<CardChangeAnswer> {
  const change = record.card_change as CardChangeInFlight;
  switch (outcome.kind) {
    case 'captured':
      return {
        status: 200,
        body: replyOf(await adopt(deps, record, change, outcome.savedCard, now), { next: 'done' }),
      };
    case 'challenge': {
      const lease_until = new Date(now.getTime() + CHALLENGE_LEASE_MS).toISOString();
      await openSubscriptions(deps.platform.store).updateOne(
        { _id: record._id, 'card_change.order_id': change.order_id },
        { $set: { 'card_change.challenge_url': outcome.challengeUrl, 'card_change.lease_until': lease_until } },
      );
      return { status: 200, body: replyOf(record, { next: 'challenge', challenge_url: outcome.challengeUrl }) };
    }
    case 'unknown':
      return {
        status: 202,
        body: replyOf(record, { next: 'pending', code: 'PAYMENT_PENDING', message: messages.subscriptionPending }),
      };
    case 'declined':
      await release(deps, record, 'declined');
      throw subscriptionErrors.cardCheckDeclined();
  }
}

/** The check passed: void it, and the card the provider kept pays the plan from now on (guarded on this check). */
async function adopt(
  deps: BillingDeps,
  record: SubscriptionRecord,
  change: CardChangeInFlight,
  named: StoredCard | undefined,
  now: Date,
): Promise<SubscriptionRecord> {
  const card =
    named ??
    (await deps.provider.listCards(record.account_id)).filter((c) => !change.known_card_ids.includes(c.cardId)).at(-1);
  try {
    await deps.provider.cancel(change.order_id);
  } catch (err) {
    // Nothing was captured: an authorisation left open lapses at the issuer by itself.
    deps.platform.logger.warn({ err, order_id: change.order_id }, 'the card check could not be voided');
  }
  if (!card) {
    await release(deps, record, 'declined');
    throw subscriptionErrors.cardCheckDeclined();
  }
  const adopted = await openSubscriptions(deps.platform.store).findOneAndUpdate(
    { _id: record._id, 'card_change.order_id': change.order_id, account_deleted_at: { $exists: false } },
    {
      $set: {
        card: { card_id: card.cardId, masked: card.maskedNumber },
        last_card_change: { order_id: change.order_id, outcome: 'done' },
        updated_at: now.toISOString(),
      },
      $unset: { card_change: '' },
    },
  );
  return adopted ?? (await openSubscriptions(deps.platform.store).findOne({ _id: record._id })) ?? record;
}

async function release(deps: BillingDeps, record: SubscriptionRecord, outcome: 'declined'): Promise<void> {
  const change = record.card_change as CardChangeInFlight;
  await openSubscriptions(deps.platform.store).updateOne(
    { _id: record._id, 'card_change.order_id': change.order_id },
    { $set: { last_card_change: { order_id: change.order_id, outcome } }, $unset: { card_change: '' } },
  );
}
