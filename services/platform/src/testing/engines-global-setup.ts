import { engineSummary } from './engines.ts';

/**
 * vitest globalSetup: says once per run which real engines the contract suites
 * get, so a run without Docker shows plainly that MongoDB, Kafka and
 * Elasticsearch were skipped (each file also warns when it skips).
 */
export default async function setup(): Promise<void> {
  console.log(`\n${await engineSummary()}\n`);
}
