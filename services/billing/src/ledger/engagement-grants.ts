import type { Eventing, Transaction } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';
import { grantPoints, grantTickets } from './grants.ts';

export const ENGAGEMENT_GRANT_EVENTS = ['serial.redeemed', 'campaign.entered'] as const;
export type EngagementGrantEvent = EventOf<(typeof ENGAGEMENT_GRANT_EVENTS)[number]>;

/**
 * What engagement promised, granted here (consumer group `billing-engagement`;
 * the platform runs each event id once, in `tx`): a redeemed serial's talk
 * tickets (source `serial`) and a campaign's points (CP0001) or tickets
 * (source `campaign`). The ref is the redemption or entry, so the history
 * says what granted them.
 */
export async function onEngagementEvent(tx: Transaction, events: Eventing, event: EngagementGrantEvent): Promise<void> {
  const now = new Date(event.occurredAt);
  if (event.type === 'serial.redeemed') {
    const { user_id, tickets, redemption_id } = event.data;
    if (tickets > 0)
      await grantTickets(tx, events, {
        user_id,
        count: tickets,
        source: 'serial',
        ref: `serial:${redemption_id}`,
        now,
      });
    return;
  }
  const { user_id, grant, entry_id } = event.data;
  if (grant.kind === 'points')
    await grantPoints(tx, events, { user_id, points: grant.amount, code: 'CP0001', ref: `campaign:${entry_id}`, now });
  else
    await grantTickets(tx, events, {
      user_id,
      count: grant.amount,
      source: 'campaign',
      ref: `campaign:${entry_id}`,
      now,
    });
}
