import type { BillingArea } from '../deps.ts';
import { CATALOG_FACT_EVENTS, onCatalogFact } from './consumers.ts';

export { requireActionPrice, requireGroup, requireSoldGroup } from './model.ts';

/** What billing knows of the catalog (model.ts): action prices and sold groups, kept from catalog's events. */
export const catalogFactsArea: BillingArea = {
  name: 'catalog-facts',
  async start({ platform }) {
    const consumer = await platform.events.consume('billing-catalog', CATALOG_FACT_EVENTS, (event, tx) =>
      onCatalogFact(tx, event),
    );
    // Rebuilds this projection and the products' (purchases/) when empty or behind: catalog announces its facts again (catalog's facts-announce.ts).
    await platform.events.publish('facts.requested', 'catalog', { owner: 'catalog', by: 'billing' });
    return [consumer];
  },
};
