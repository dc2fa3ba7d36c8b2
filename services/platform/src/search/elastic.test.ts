import { describe, it } from 'vitest';
import { useEngine } from '../testing/use-engine.ts';
import { createElasticSearch } from './elastic.ts';
import { runSearchContract } from './contract.ts';

// ELASTICSEARCH_URL, else a container when Docker is present, else skipped (testing/engines.ts decides).
const engine = await useEngine('elasticsearch');
if (engine.skipped) {
  describe.skip('search contract (elasticsearch)', () => {
    it('elasticsearch adapter, no ELASTICSEARCH_URL and no Docker, is skipped', () => {});
  });
} else {
  runSearchContract('elasticsearch', () => createElasticSearch({ url: engine.url() }));
}
