export { createEmbeddedStore, type EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store.ts';
export { createMongoStore, type MongoStoreOptions } from './mongo-store.ts';
// The in-memory MongoDB query/update semantics, for adapters that evaluate filters themselves.
export { matches } from './matcher.ts';
export { applyUpdate, isReplacement } from './updater.ts';
export { sortDocs, pageDocs, projectDoc } from './query.ts';
export { encodeTagged, decodeTagged, deepClone, compareValues } from './codec.ts';
// The contract suite imports vitest, so it is imported by path (./contract.ts), never from here.
export type { StoreFixture, StoreContractOptions } from './contract.ts';
