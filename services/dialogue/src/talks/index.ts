import type { DialogueArea } from '../deps.ts';
import { adminContentRoutes } from './admin-routes.ts';
import { onTalkEvent, TALK_EVENTS } from './consumers.ts';
import { ensureTalkIndexes } from './model.ts';
import { talkRoutes } from './talk-routes.ts';
import { trackerRoutes } from './tracker-routes.ts';

/** Talks (ticket release, totalBilledTime), the conversation tracker, resume and the album (API.md). */
export const talksArea: DialogueArea = {
  name: 'talks',
  routes: async (app, deps) => {
    await app.register(talkRoutes, deps);
    await app.register(trackerRoutes, deps);
    await app.register(adminContentRoutes, deps);
  },
  async prepare({ platform, entitlements }) {
    await ensureTalkIndexes(platform.store);
    await entitlements.ensureIndexes(platform.store);
  },
  async start({ platform, entitlements }) {
    const talks = await platform.events.consume('dialogue-talks', TALK_EVENTS, (event, tx) => onTalkEvent(tx, event));
    // After subscribing: engagement announces its redemptions again, rebuilding the album's serial unlocks whatever the bus still holds.
    await platform.events.publish('facts.requested', 'engagement', { owner: 'engagement', by: 'dialogue' });
    // Consumer group dialogue-entitlements: purchases, subscriptions and deletions decide who talks without a ticket (it asks billing to announce them).
    return [talks, await entitlements.consume(platform.events)];
  },
};
