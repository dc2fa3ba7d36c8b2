import type { BillingArea } from '../deps.ts';
import { MAIL_EVENTS, onMailEvent } from './consumers.ts';
import { defineMailSweep, scheduleMailSweep } from './deliver.ts';
import { ensureBillingMailIndexes } from './model.ts';

export { deliverMail, sendDueMails } from './deliver.ts';

/**
 * Billing's mails (API.md § Mails): purchase complete with its receipt,
 * subscription start, renewal, cancellation and account deletion, from
 * events (consumer group `billing-mails`), through the platform's mail port.
 */
export const mailsArea: BillingArea = {
  name: 'mails',
  async prepare(deps) {
    await ensureBillingMailIndexes(deps.platform.store);
    defineMailSweep(deps);
  },
  async start(deps) {
    await scheduleMailSweep(deps);
    return [
      await deps.platform.events.consume('billing-mails', MAIL_EVENTS, (event, tx) => onMailEvent(deps, event, tx)),
    ];
  },
};
