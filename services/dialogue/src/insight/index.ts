import type { DialogueArea } from '../deps.ts';
import { ensureInsightIndexes } from './model.ts';
import { forgetInsightUser } from './record.ts';
import { insightRoutes } from './routes.ts';

/** Insight: tracked steps (appended by the tracker), unmatched utterances, the admins' figures (API.md § Insight). */
export const insightArea: DialogueArea = {
  name: 'insight',
  routes: insightRoutes,
  async prepare({ platform }) {
    await ensureInsightIndexes(platform.store);
  },
  start: async ({ platform }) => [
    await platform.events.consume('dialogue-insight', ['user.deleted'], async (event, tx) => forgetInsightUser(tx, event.data.user_id)),
  ],
};
