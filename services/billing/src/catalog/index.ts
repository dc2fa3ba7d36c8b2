import type { BillingArea } from '../deps.ts';
import { CATALOG_FACT_EVENTS, onCatalogFact } from './consumers.ts';

export { requireActionPrice, requireGroup, requireSoldGroup } from './model.ts';

/** What billing knows of the catalog (model.ts): action prices and sold groups, kept from catalog's events. */
export const catalogFactsArea: BillingArea = {
  name: 'catalog-facts',
  async start({ platform }) {
    return [await platform.events.consume('billing-catalog', CATALOG_FACT_EVENTS, (event, tx) => onCatalogFact(tx, event))];
  },
};
