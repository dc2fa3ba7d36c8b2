import type { BillingArea } from '../deps.ts';
import { productTextRoutes } from './routes.ts';

export { nameTranslations, planKey, withNameTranslations } from './model.ts';

/** Pack and plan names in every interface language, edited by operators (API.md § Product names in every language). */
export const productTextsArea: BillingArea = {
  name: 'product-texts',
  routes: productTextRoutes,
};
