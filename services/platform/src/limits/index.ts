export * from './budgets.ts';
export * from './refusals.ts';
