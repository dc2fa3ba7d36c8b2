import type { BillingArea } from '../deps.ts';
import { onUserEvent } from './consumers.ts';
import { ENGAGEMENT_GRANT_EVENTS, onEngagementEvent } from './engagement-grants.ts';
import { defineExpiryJob, scheduleExpiry } from './expiry.ts';
import { ensureLedgerIndexes } from './model.ts';
import { defineReminderJob, scheduleReminders } from './reminders.ts';
import { ledgerRoutes } from './routes.ts';
import { onTalkReleaseEvent, TALK_RELEASE_EVENTS } from './talk-release.ts';
import { setLedgerTerms } from './terms.ts';

export {
  grantTickets,
  grantPoints,
  revokeTicketsOf,
  revokePointsOf,
  type GrantTickets,
  type GrantPoints,
} from './grants.ts';
export { ensureWallet } from './ledger.ts';
export type { Wallet } from './model.ts';

/** Wallets, talk tickets and points (API.md § Ledger). */
export const ledgerArea: BillingArea = {
  name: 'ledger',
  routes: ledgerRoutes,
  async prepare({ platform, config }) {
    setLedgerTerms(config);
    await ensureLedgerIndexes(platform.store);
    defineExpiryJob(platform);
    defineReminderJob(platform, config.TICKET_REMINDER_DAYS);
  },
  async start({ platform, config }) {
    await scheduleExpiry(platform, config.EXPIRY_SWEEP_MS);
    await scheduleReminders(platform, config.EXPIRY_SWEEP_MS);
    const consumer = await platform.events.consume(
      'billing-ledger',
      ['user.registered', 'user.deleted', 'user.logged_in'],
      (event, tx) => onUserEvent(tx, platform.events, event),
    );
    const grants = await platform.events.consume('billing-engagement', ENGAGEMENT_GRANT_EVENTS, (event, tx) =>
      onEngagementEvent(tx, platform.events, event),
    );
    const releases = await platform.events.consume('billing-talks', TALK_RELEASE_EVENTS, (event, tx) =>
      onTalkReleaseEvent(tx, platform.events, event),
    );
    return [consumer, grants, releases];
  },
};
