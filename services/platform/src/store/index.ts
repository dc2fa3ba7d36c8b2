export { createEmbeddedStore, type EmbeddedStore, type EmbeddedStoreOptions } from './embedded-store.ts';
export { createMongoStore, type MongoStoreOptions } from './mongo-store.ts';
