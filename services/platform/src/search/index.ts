export { createLocalSearch, type LocalSearchOptions } from './local.ts';
export { createElasticSearch, type ElasticSearchOptions } from './elastic.ts';
export { analyzeJapanese, normalizeJapanese, cjkBigrams } from './analyzer.ts';
// The contract suite imports vitest, so it is not re-exported here (production
// code imports this file): tests import it from './contract.ts'.
