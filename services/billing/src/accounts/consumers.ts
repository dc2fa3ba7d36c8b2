import type { Eventing, Transaction } from '@talkwith/platform';
import { isNotOlder, keySeqAs } from '@talkwith/platform/eventing';
import type { EventOf } from '@talkwith/proto';
import { existingAccountIdOf } from '../purchases/cards.ts';
import { endSubscriptionsOf } from '../subscriptions/account-deletion.ts';
import { queueErasure } from './erasure.ts';
import { openAccounts } from './model.ts';

export const ACCOUNT_EVENTS = [
  'user.registered',
  'user.announced',
  'user.email_changed',
  'user.language_changed',
  'user.deleted',
] as const;
export type AccountEvent = EventOf<(typeof ACCOUNT_EVENTS)[number]>;

/** Where the account's facts stand in identity's writes (its time, and its write number when it carries one). */
const factsMark = (event: AccountEvent) => ({ facts_at: event.occurredAt, ...keySeqAs('facts_seq', event) });

/**
 * Consumer group `billing-accounts` (each event id once, in `tx`, in the
 * order identity published them for the user). Upserts, so a redelivery
 * writes the same thing again.
 */
export async function onAccountEvent(tx: Transaction, events: Eventing, event: AccountEvent): Promise<void> {
  const accounts = openAccounts(tx);
  switch (event.type) {
    case 'user.announced':
      return applyAnnouncement(tx, event);
    case 'user.registered': {
      const { user_id, email, registered_at, date_of_birth, guardian_consent_at, language } = event.data;
      await accounts.updateOne(
        { _id: user_id },
        {
          $set: {
            email,
            registered_at,
            ...(date_of_birth ? { date_of_birth } : {}),
            ...(guardian_consent_at ? { guardian_consent_at } : {}),
            ...(language ? { language } : {}),
          },
          $max: factsMark(event),
          $setOnInsert: { deleted_at: null },
        },
        { upsert: true },
      );
      return;
    }
    case 'user.email_changed':
      await accounts.updateOne(
        { _id: event.data.user_id },
        { $set: { email: event.data.new_email }, $max: factsMark(event) },
      );
      return;
    case 'user.language_changed':
      await accounts.updateOne(
        { _id: event.data.user_id },
        { $set: { language: event.data.language }, $max: factsMark(event) },
      );
      return;
    case 'user.deleted':
      await accounts.updateOne(
        { _id: event.data.user_id },
        { $set: { deleted_at: event.occurredAt }, $setOnInsert: { email: '', registered_at: event.occurredAt } },
        { upsert: true },
      );
      await closeAccount(tx, events, event.data.user_id, event.occurredAt);
  }
}

/**
 * An account as identity announced it (answering billing's facts.requested):
 * rebuilds a missing record; its address and language replace the kept ones
 * only when it is not older than the newest event applied (facts_at), and it
 * never undoes a deletion (deleted_at is set only on insert).
 */
async function applyAnnouncement(tx: Transaction, event: EventOf<'user.announced'>): Promise<void> {
  const accounts = openAccounts(tx);
  const { user_id, email, registered_at, date_of_birth, guardian_consent_at, language } = event.data;
  const kept = await accounts.findOne({ _id: user_id }, { projection: { facts_at: 1, facts_seq: 1 } });
  const newer = isNotOlder(event, kept && { at: kept.facts_at, seq: kept.facts_seq });
  const facts = {
    registered_at,
    ...(date_of_birth ? { date_of_birth } : {}),
    ...(guardian_consent_at ? { guardian_consent_at } : {}),
  };
  await accounts.updateOne(
    { _id: user_id },
    newer
      ? {
          $set: { ...facts, email, ...(language ? { language } : {}), ...factsMark(event) },
          $setOnInsert: { deleted_at: null },
        }
      : { $set: facts, $setOnInsert: { deleted_at: null } },
    { upsert: true },
  );
}

/**
 * The money side of a deletion, in the same transaction as the mark: every
 * plan ends now (no later charge) and the card provider's part (the saved
 * cards, charges that were in flight) is queued for the erasure job. The
 * purchases, refunds, charges and ledger stay, for accounting.
 */
async function closeAccount(tx: Transaction, events: Eventing, userId: string, deletedAt: string): Promise<void> {
  const charges = await endSubscriptionsOf(tx, events, userId, deletedAt);
  await queueErasure(tx, {
    _id: userId,
    account_id: await existingAccountIdOf(tx, userId),
    charges,
    deleted_at: deletedAt,
  });
}
