import { consumeFactsRequests } from '@talkwith/platform/eventing';
import type { EngagementArea } from '../deps.ts';
import { serialAdminRoutes } from './admin-routes.ts';
import { engagementFacts } from './announce.ts';
import { onSerialEvent, SERIAL_EVENTS } from './consumers.ts';
import { ensureSerialIndexes } from './model.ts';
import { serialUserRoutes } from './routes.ts';

/** Serial codes (coupons): generation, redemption with its rate limit, the admin console (API.md § Serials). */
export const serialsArea: EngagementArea = {
  name: 'serials',
  routes: async (app, deps) => {
    await app.register(serialUserRoutes, deps);
    await app.register(serialAdminRoutes, deps);
  },
  async prepare({ platform }) {
    await ensureSerialIndexes(platform.store);
  },
  async start({ platform }) {
    const consumer = await platform.events.consume('engagement-serials', SERIAL_EVENTS, (event, tx) =>
      onSerialEvent(tx, event),
    );
    // Rebuilds the character names and block ids when empty or behind: catalog announces its facts again (catalog's facts-announce.ts).
    await platform.events.publish('facts.requested', 'catalog', { owner: 'catalog', by: 'engagement' });
    // Catalog and dialogue keep projections of batches and redemptions; on start they ask engagement to announce them again (announce.ts).
    const factsRequests = await consumeFactsRequests(platform.store, platform.events, engagementFacts);
    return [consumer, factsRequests];
  },
};
