/**
 * The DocumentStore contract: every adapter runs this one suite
 * (embedded.test.ts, mongo.test.ts). Each test makes its own store.
 */
import { afterEach, beforeEach, describe, expect } from 'vitest';
import type { DocumentStore } from '../ports/store.ts';
import { queryContract } from './contract-queries.ts';
import { updateContract } from './contract-updates.ts';
import { indexContract } from './contract-indexes.ts';
import { transactionContract } from './contract-transactions.ts';

export interface StoreFixture {
  store: DocumentStore;
  cleanup(): Promise<void>;
  /** Closes the store and opens the same data again (adapters where reopening is meaningful). */
  reopen?(): Promise<DocumentStore>;
}

export interface StoreContractOptions {
  /** Run the close/reopen persistence tests (the fixture must provide reopen). */
  reopen?: boolean;
}

export interface StoreContext {
  /** The current fixture's store (replaced by reopen). */
  store(): DocumentStore;
  canReopen: boolean;
  reopen(): Promise<DocumentStore>;
}

export function runStoreContract(
  name: string,
  makeStore: () => Promise<StoreFixture>,
  options: StoreContractOptions = {},
): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let fixture: StoreFixture;
    let current: DocumentStore;
    beforeEach(async () => {
      fixture = await makeStore();
      current = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });
    const ctx: StoreContext = {
      store: () => current,
      canReopen: options.reopen ?? false,
      reopen: async () => {
        if (!fixture.reopen) throw new Error('this fixture cannot reopen its store');
        current = await fixture.reopen();
        return current;
      },
    };
    queryContract(ctx);
    updateContract(ctx);
    indexContract(ctx);
    transactionContract(ctx);
  });
}

/** Asserts that `promise` rejects with an AppError of `code`. */
export async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

let counter = 0;
/** A collection name no other test uses (tests may share a MongoDB database). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}`;
}
