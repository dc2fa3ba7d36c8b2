import { describe, it } from 'vitest';
import { createElasticSearch } from './elastic.ts';
import { runSearchContract } from './contract.ts';

const url = process.env.ELASTICSEARCH_URL;
if (url) {
  runSearchContract('elasticsearch', () => createElasticSearch({ url }));
} else {
  console.warn('skipped: search contract (elasticsearch) — set ELASTICSEARCH_URL to run against a real engine');
  describe.skip('search contract (elasticsearch)', () => {
    it('needs ELASTICSEARCH_URL', () => {});
  });
}
