// Scaffolding replaced by the subscriptions area (API.md).
import type { BillingArea } from '../deps.ts';

export const subscriptionsArea: BillingArea = { name: 'subscriptions', async routes() {} };
