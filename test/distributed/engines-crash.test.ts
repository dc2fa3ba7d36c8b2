import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoStore } from '@talkwith/platform/store';
import {
  containerRuntimeMissing,
  ENGINE_ENV,
  engineSource,
  startEngine,
  type RealEngine,
} from '../../services/platform/src/testing/engines.ts';
import { crashLoggingMidStream, EVENTS, KILL_AFTER_STORED, LOG_TYPE } from './log-crash-driver.ts';
import { startTopology, type ServiceName, type Topology } from './topology.ts';

// The crash test of crash.test.ts on the full engines: Kafka for the bus,
// MongoDB for every store (a database per process), Elasticsearch for
// dialogue's search; jobs and cache stay on Redis. The engines come from
// MONGO_URL, KAFKA_URL and ELASTICSEARCH_URL, else from testcontainers when a
// Docker (or compatible) socket is present (testing/engines.ts decides, as for
// the contract suites); otherwise the file is skipped, loudly. A KAFKA_URL must
// point at a fresh broker: topics have no per-run prefix, and a new consumer
// group reads the retained history, so an earlier run's log lines would count.

const ENGINES = ['mongo', 'kafka', 'elasticsearch'] as const;
/** A Kafka group hands a SIGKILLed member's partitions on after its session time-out (30 s) and a rebalance. */
const CATCH_UP_MS = 120_000;

const sources = await Promise.all(ENGINES.map(async (engine) => [engine, await engineSource(engine)] as const));
const absent = sources.filter(([, source]) => source.kind === 'none').map(([engine]) => ENGINE_ENV[engine]);

/** The database of `name` on `url` (the path of a MongoDB connection string, hosts and options kept). */
function withDatabase(url: string, name: string): string {
  const [base = '', query] = url.split('?', 2);
  const slash = base.indexOf('/', base.indexOf('//') + 2);
  return `${slash === -1 ? base : base.slice(0, slash)}/${name}${query ? `?${query}` : ''}`;
}

if (absent.length > 0) {
  const why = `skipped: distributed crash test on MongoDB + Kafka + Elasticsearch — ${absent.join(', ')} unset and ${await containerRuntimeMissing()}`;
  console.warn(why);
  describe.skip('distributed topology on the full engines', () => {
    it(why, () => undefined);
  });
} else {
  const run = randomBytes(4).toString('hex');
  const database = (name: ServiceName | 'gateway') => `talkwith_crash_${run}_${name}`;
  let engines: RealEngine[] = [];
  let topology: Topology | undefined;

  beforeAll(async () => {
    // Pulling the images and starting Kafka and Elasticsearch takes minutes the first time.
    engines = await Promise.all(sources.map(([engine, source]) => startEngine(engine, source)));
    const [mongo, kafka, elastic] = engines as [RealEngine, RealEngine, RealEngine];
    topology = await startTopology({
      engines: {
        busUrl: kafka.url,
        searchUrl: elastic.url,
        storeUrl: (name) => withDatabase(mongo.url, database(name)),
      },
    });
  }, 600_000);

  afterAll(async () => {
    await topology?.close();
    await Promise.allSettled(engines.map((engine) => engine.stop()));
  }, 120_000);

  /** The ids of the stored client log lines, read from logging's MongoDB database. */
  async function storedLogIds(): Promise<string[]> {
    const store = await createMongoStore({ url: withDatabase(engines[0]!.url, database('logging')) });
    try {
      const logs = await store.collection<{ _id: string; type: string }>('logs').find({ type: LOG_TYPE });
      return logs.map((log) => log._id);
    } finally {
      await store.close();
    }
  }

  /** Dialogue's search (Elasticsearch) through the gateway: the names it finds for `q`, polled until `name` is one. */
  async function searchFinds(t: Topology, q: string, name: string, timeoutMs: number): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    let names: string[] = [];
    while (Date.now() < deadline && !names.includes(name)) {
      const response = await fetch(`${t.gatewayUrl}/api/dialogue/characters/search?q=${encodeURIComponent(q)}`);
      names = response.ok ? ((await response.json()) as { hits: Array<{ name: string }> }).hits.map((h) => h.name) : [];
      if (!names.includes(name)) await new Promise((r) => setTimeout(r, 500));
    }
    return names;
  }

  describe('distributed topology on the full engines', () => {
    it('logging service, SIGKILLed while client logs are in flight on Kafka and restarted, stores every event exactly once in MongoDB', async () => {
      const t = topology as Topology;

      const { storedAtKill, storedAfter, acked, errors } = await crashLoggingMidStream(t, CATCH_UP_MS);
      const logIds = await storedLogIds();

      expect(errors).toEqual([]);
      expect(storedAtKill, 'killed mid-stream').toBeGreaterThanOrEqual(KILL_AFTER_STORED);
      expect(storedAtKill, 'killed mid-stream').toBeLessThan(EVENTS);
      expect(storedAfter).toBe(EVENTS);
      expect(new Set(logIds)).toEqual(new Set(acked));
      expect(logIds.length).toBe(EVENTS);
    }, 300_000);

    it('dialogue, SIGKILLed and restarted, still finds the seeded ミライ in Elasticsearch', async () => {
      const t = topology as Topology;
      const before = await searchFinds(t, 'ミライ', 'ミライ', 60_000);

      await t.killService('dialogue', 'SIGKILL');
      await t.startService('dialogue');
      const after = await searchFinds(t, 'ミライ', 'ミライ', 60_000);

      expect(before).toContain('ミライ');
      expect(after).toContain('ミライ');
    }, 180_000);
  });
}
