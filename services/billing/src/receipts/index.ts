import type { BillingArea } from '../deps.ts';
import { receiptRoutes } from './routes.ts';

export { receiptLines, receiptOf } from './receipt.ts';

/** Receipts (領収書) of paid purchases and plan periods (API.md § Receipts). */
export const receiptsArea: BillingArea = { name: 'receipts', routes: receiptRoutes };
