import type * as ElasticModule from './elastic.ts';
export { createLocalSearch, type LocalSearchOptions } from './local.ts';
export type { ElasticSearchOptions } from './elastic.ts';
/** Loads the Elasticsearch client on first use: embedded deployments never pay for importing it. */
export async function createElasticSearch(
  options: ElasticModule.ElasticSearchOptions,
): ReturnType<typeof ElasticModule.createElasticSearch> {
  return (await import('./elastic.ts')).createElasticSearch(options);
}
export { analyzeJapanese, normalizeJapanese, cjkBigrams } from './analyzer.ts';
// The contract suite imports vitest, so it is not re-exported here (production
// code imports this file): tests import it from './contract.ts'.
