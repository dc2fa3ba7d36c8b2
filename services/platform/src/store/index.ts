import type * as MongoStoreModule from './mongo-store.ts';
export { createEmbeddedStore, type EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store.ts';
export { DEFAULT_LIMITS, type DocumentLimits } from './json-codec.ts';
export type { MongoStoreOptions } from './mongo-store.ts';
/** Loads mongoose on first use: embedded deployments never pay for importing it. */
export async function createMongoStore(
  options: MongoStoreModule.MongoStoreOptions,
): ReturnType<typeof MongoStoreModule.createMongoStore> {
  return (await import('./mongo-store.ts')).createMongoStore(options);
}
// The contract suite imports vitest, so it is imported by path (./contract.ts), never from here.
export type { StoreFixture, StoreContractOptions } from './contract.ts';
