import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, it } from 'vitest';
import { skipReason } from '../testing/index.ts';
import { runStoreContract } from './contract.ts';
import { createMongoStore } from './mongo-store.ts';
import type { DocumentStore } from '../ports/store.ts';

const reason = skipReason('MONGO_URL');

if (reason) {
  console.warn('skipped: DocumentStore contract (mongo) — set MONGO_URL to run against a real engine');
  describe.skip('DocumentStore contract: mongo', () => {
    it('mongo adapter, MONGO_URL unset, is skipped', () => undefined);
  });
} else {
  const url = process.env['MONGO_URL'] as string;
  runStoreContract(
    'mongo',
    async () => {
      // One database per test, dropped afterwards.
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
