import type { EngagementArea } from '../deps.ts';
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
    const consumer = await deps.platform.events.consume('engagement-contacts', ['contact.received', 'user.deleted'], async (event, tx) => {
      if (event.type === 'contact.received') await onContactReceived(deps, event, tx);
      else await unlinkUser(tx, event.data.user_id);
    });
    return [consumer];
  },
};
