/** Billing HTTP contract (services/billing/API.md); each area has its own file. */
export * from './common.ts';
export * from './wallet.ts';
export * from './ledger.ts';
export * from './provider.ts';
export * from './purchases.ts';
export * from './subscriptions.ts';
export * from './receipts.ts';
export * from './cancel-reasons.ts';
export * from './full-users.ts';
export * from './accounts.ts';
export * from './product-texts.ts';
