import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, it } from 'vitest';
import { useEngine } from '../testing/use-engine.ts';
import { runStoreContract } from './contract.ts';
import { createMongoStore } from './mongo-store.ts';
import type { DocumentStore } from '../ports/store.ts';

// MONGO_URL, else a container when Docker is present, else skipped (testing/engines.ts decides).
const engine = await useEngine('mongo');

if (engine.skipped) {
  describe.skip('DocumentStore contract: mongo', () => {
    it('mongo adapter, no MONGO_URL and no Docker, is skipped', () => undefined);
  });
} else {
  runStoreContract(
    'mongo',
    async () => {
      // One database per test, dropped afterwards.
      const url = engine.url();
      const dbName = `talkwith_test_${randomUUID().slice(0, 8)}`;
      let store: DocumentStore = await createMongoStore({ url, dbName });
      return {
        store,
        async reopen() {
          await store.close();
          store = await createMongoStore({ url, dbName });
          return store;
        },
        async cleanup() {
          await store.close();
          const admin = await mongoose.createConnection(url, { dbName }).asPromise();
          await admin.dropDatabase();
          await admin.close();
        },
      };
    },
    { reopen: true },
  );
}
