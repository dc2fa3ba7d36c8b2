export * from './errors/index.ts';
export * from './config/index.ts';
export type * from './ports/index.ts';
export type * from './service/index.ts';
export * from './signing/index.ts';
export * from './entitlements/index.ts';
