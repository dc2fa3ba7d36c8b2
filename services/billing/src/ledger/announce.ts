import type { Eventing, Transaction } from '@talkwith/platform';
import type { Entry } from './model.ts';

/**
 * Publishes the event of one ledger entry in the entry's transaction
 * (proto/src/events/billing.ts): every change of a balance is announced
 * exactly when it commits.
 */
export async function announce(events: Eventing, tx: Transaction, entry: Entry): Promise<void> {
  if (entry.asset === 'tickets') await announceTickets(events, tx, entry);
  else await announcePoints(events, tx, entry);
}

async function announceTickets(events: Eventing, tx: Transaction, entry: Entry): Promise<void> {
  const { user_id, at } = entry;
  const count = Math.abs(entry.delta);
  const lot_id = entry.parts[0]?.lot_id ?? '';
  switch (entry.kind) {
    case 'added':
      await events.publish(
        'ticket.granted',
        user_id,
        {
          user_id,
          lot_id,
          count,
          source: entry.source ?? 'operator',
          expires_at: entry.expires_at ?? at,
          ...(entry.ref ? { ref: entry.ref } : {}),
        },
        tx,
      );
      return;
    case 'used':
      await events.publish(
        'ticket.used',
        user_id,
        {
          user_id,
          count,
          character_id: entry.character_id ?? '',
          btn: entry.btn ?? '',
          used_at: at,
          use_id: entry._id,
        },
        tx,
      );
      return;
    case 'expired':
      await events.publish('ticket.expired', user_id, { user_id, lot_id, count, expired_at: at }, tx);
      return;
    case 'removed':
      await events.publish(
        'ticket.removed',
        user_id,
        {
          user_id,
          count,
          reason: entry.reason ?? '',
          removed_at: at,
          ...(entry.admin_id ? { admin_id: entry.admin_id } : {}),
        },
        tx,
      );
  }
}

async function announcePoints(events: Eventing, tx: Transaction, entry: Entry): Promise<void> {
  const { user_id, at } = entry;
  const points = Math.abs(entry.delta);
  if (entry.kind === 'added') {
    const lot_id = entry.parts[0]?.lot_id ?? '';
    await events.publish(
      'points.granted',
      user_id,
      {
        user_id,
        lot_id,
        points,
        code: entry.code ?? 'MA0001',
        expires_at: entry.expires_at ?? at,
        ...(entry.ref ? { ref: entry.ref } : {}),
      },
      tx,
    );
    return;
  }
  const optional = {
    ...(entry.action_code ? { action_code: entry.action_code } : {}),
    ...(entry.character_id ? { character_id: entry.character_id } : {}),
    ...(entry.btn ? { btn: entry.btn } : {}),
  };
  await events.publish(
    'points.used',
    user_id,
    { user_id, points, code: entry.code ?? 'TA0001', used_at: at, ...optional },
    tx,
  );
}
