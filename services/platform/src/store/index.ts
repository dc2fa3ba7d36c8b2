import type * as MongoStoreModule from './mongo-store.ts';
export { createEmbeddedStore, type EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store.ts';
export type { MongoStoreOptions } from './mongo-store.ts';
/** Loads mongoose on first use: embedded deployments never pay for importing it. */
export async function createMongoStore(options: MongoStoreModule.MongoStoreOptions): ReturnType<typeof MongoStoreModule.createMongoStore> {
  return (await import('./mongo-store.ts')).createMongoStore(options);
}
// The in-memory MongoDB query/update semantics, for adapters that evaluate filters themselves.
export { matches } from './matcher.ts';
export { applyUpdate, isReplacement } from './updater.ts';
export { sortDocs, pageDocs, projectDoc } from './query.ts';
export { encodeTagged, decodeTagged, deepClone, compareValues } from './codec.ts';
// The contract suite imports vitest, so it is imported by path (./contract.ts), never from here.
export type { StoreFixture, StoreContractOptions } from './contract.ts';
