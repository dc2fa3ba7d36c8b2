import type { DialogueArea } from '../deps.ts';
import { ensureInsightIndexes } from './model.ts';
import { rememberGate } from './classify.ts';
import { forgetInsightUser } from './record.ts';
import { insightRoutes } from './routes.ts';

/** Insight: tracked steps (appended by the tracker), unmatched utterances, the admins' figures (API.md § Insight). */
export const insightArea: DialogueArea = {
  name: 'insight',
  routes: insightRoutes,
  async prepare({ platform }) {
    await ensureInsightIndexes(platform.store);
  },
  async start({ platform }) {
    const users = await platform.events.consume('dialogue-insight', ['user.deleted'], async (event, tx) =>
      forgetInsightUser(tx, event.data.user_id),
    );
    // A serial batch names the block it unlocks: utterances that would reach that block are counted apart (classify.ts).
    const gates = await platform.events.consume(
      'dialogue-insight-gates',
      ['coupon.saved', 'coupon.announced'],
      async (event, tx) => rememberGate(tx, event),
    );
    // After subscribing: engagement announces its batches again, rebuilding the gates whatever the bus still holds.
    await platform.events.publish('facts.requested', 'engagement', { owner: 'engagement', by: 'dialogue' });
    return [users, gates];
  },
};
