import { describe, expect, it } from 'vitest';
import { runStoreContract } from './contract.ts';
import { createEmbeddedStore } from './embedded-store.ts';

// The close/reopen persistence case is left out (options.reopen false): an in-memory database has nothing to reopen.
runStoreContract('embedded, non-durable (in-memory database)', async () => {
  const store = await createEmbeddedStore({ memory: true });
  return { store, cleanup: () => store.close() };
});

describe('embedded store, non-durable option', () => {
  it('when two are opened, each is a database of its own', async () => {
    const first = await createEmbeddedStore({ memory: true });
    const second = await createEmbeddedStore({ memory: true });
    try {
      await first.collection('docs').insertOne({ _id: 'a' });
      expect(await second.collection('docs').countDocuments({})).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
