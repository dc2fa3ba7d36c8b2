import type { BillingArea } from '../deps.ts';
import { ensureCancelReasonIndexes } from './model.ts';
import { cancelReasonRoutes } from './routes.ts';
import { seedCancelReasons } from './seed.ts';

export { factsOfChoice, recordCancellation, type CancelChoice, type CancelFacts } from './cancellations.ts';

/** Cancellation reasons (API.md § Cancellation reasons): the list a subscriber chooses from, the operators' CRUD, the counts. */
export const cancelReasonsArea: BillingArea = {
  name: 'cancel-reasons',
  routes: cancelReasonRoutes,
  async prepare({ platform }) {
    await ensureCancelReasonIndexes(platform.store);
    await seedCancelReasons(platform.store, new Date());
  },
};
