import { Client } from '@elastic/elasticsearch';
import { describe, it } from 'vitest';
import { useEngine } from '../testing/use-engine.ts';
import { createElasticSearch } from './elastic.ts';
import { runSearchContract } from './contract.ts';

/** The cluster has the analysis-kuromoji plugin (deploy/elasticsearch's image): the Japanese reading cases run too. */
async function hasKuromoji(url: string): Promise<boolean> {
  const client = new Client({ node: url });
  try {
    const plugins = await client.cat.plugins({ format: 'json' });
    return plugins.some((plugin) => plugin.component === 'analysis-kuromoji');
  } finally {
    await client.close();
  }
}

// ELASTICSEARCH_URL, else a container when Docker is present, else skipped (testing/engines.ts decides).
const engine = await useEngine('elasticsearch');
if (engine.skipped) {
  describe.skip('search contract (elasticsearch)', () => {
    it('elasticsearch adapter, no ELASTICSEARCH_URL and no Docker, is skipped', () => {});
  });
} else {
  runSearchContract('elasticsearch', () => createElasticSearch({ url: engine.url() }), {
    readings: () => hasKuromoji(engine.url()),
  });
}
