import type { EngagementArea } from '../deps.ts';
import { ACCOUNT_EVENTS, onAccountEvent } from './accounts.ts';
import { unlinkUser } from './admin.ts';
import { ensureContactIndexes } from './model.ts';
import { defineReceiptSweep, onContactReceived, scheduleReceiptSweep } from './receipts.ts';
import { contactRoutes } from './routes.ts';

/** Support contacts (API.md § Contacts): the forms, receipt and reply mails, the admins' inbox. */
export const contactsArea: EngagementArea = {
  name: 'contacts',
  routes: contactRoutes,
  async prepare(deps) {
    await ensureContactIndexes(deps.platform.store);
    defineReceiptSweep(deps);
  },
  async start(deps) {
    await scheduleReceiptSweep(deps);
    const consumer = await deps.platform.events.consume(
      'engagement-contacts',
      ['contact.received', ...ACCOUNT_EVENTS],
      async (event, tx) => {
        if (event.type === 'contact.received') return onContactReceived(deps, event, tx);
        if (event.type === 'user.deleted') await unlinkUser(tx, event.data.user_id);
        await onAccountEvent(tx, event);
      },
    );
    // After subscribing, so the answer reaches the group: identity announces every account again (identity's accounts/announce.ts),
    // which rebuilds the receipt addresses when the bus no longer holds the accounts' history (a Redis restarted empty, a trimmed stream).
    await deps.platform.events.publish('facts.requested', 'identity', { owner: 'identity', by: 'engagement' });
    return [consumer];
  },
};
