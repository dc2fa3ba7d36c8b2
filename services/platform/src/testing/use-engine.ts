import { afterAll, beforeAll } from 'vitest';
import { engineSource, startEngine, type EngineName, type RealEngine } from './engines.ts';

export type SuiteEngine =
  { skipped: true; reason: string } | { skipped: false; kind: RealEngine['kind']; url(): string };

/**
 * For a contract suite file: decides (engines.ts) where `engine` comes from,
 * and unless it is skipped starts it before the file's tests and stops it
 * after. url() is valid inside tests and fixtures, not at collection time.
 */
export async function useEngine(engine: EngineName): Promise<SuiteEngine> {
  const source = await engineSource(engine);
  if (source.kind === 'none') {
    console.warn(source.reason);
    return { skipped: true, reason: source.reason };
  }
  let started: RealEngine | undefined;
  // Pulling an image and starting Kafka or Elasticsearch takes minutes the first time.
  beforeAll(async () => {
    started = await startEngine(engine, source);
  }, 300_000);
  afterAll(async () => {
    await started?.stop();
  }, 60_000);
  return {
    skipped: false,
    kind: source.kind,
    url() {
      if (!started) throw new Error(`${engine} engine is not started yet (url() outside a test?)`);
      return started.url;
    },
  };
}
