// Scaffolding replaced by the purchases area (API.md).
import type { BillingArea } from '../deps.ts';

export const purchasesArea: BillingArea = { name: 'purchases', async routes() {} };
