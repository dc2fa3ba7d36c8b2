export * from './budgets.ts';
