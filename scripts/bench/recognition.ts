// Recognition on the server: the round trip of POST /api/dialogue/search (an
// utterance → the ranked candidates) on the embedded search, for a generated
// 500-block character published through the admin API (catalog builds its
// recognition data, dialogue indexes its blocks), against the standalone
// gateway (`npm start`: every service in one process). Baseline, same run,
// same client: GET /api/dialogue/healthz. Runs alone with
// `node scripts/bench/recognition.ts`.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedCharacter } from './block-graph.ts';
import { latencies, percentile, round1, startStandalone, throughput } from './load.ts';
import type { NodeProcess } from './processes.ts';
import { printAlone, type BenchRow } from './table.ts';

const BLOCKS = 500;
const CALLS = 1000;
const SHAPE = { clients: 8, warmUpMs: 2000, measureMs: 6000 };
const GOAL_P99_MS = 50;
const SECRET = randomBytes(32).toString('hex');
const ADMIN_PREFIX = `bench${randomBytes(6).toString('hex')}`;

/** An admin access token as identity signs it (HS256, shared JWT_SECRET). */
function adminToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'bench-admin', roles: ['admin'], iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
}

async function call(
  url: string,
  init: { method?: string; body?: unknown; admin?: boolean } = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.admin ? { authorization: `Bearer ${adminToken()}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Adds, uploads and publishes the generated character through the admin API; its catalog id. */
async function publishGenerated(base: string): Promise<string> {
  const admin = `${base}/api/${ADMIN_PREFIX}`;
  const added = await call(`${admin}/characters`, { method: 'POST', admin: true, body: { name: 'ベンチ認識' } });
  const id = (added.character as { id: string }).id;
  await call(`${admin}/characters/jsonUpload`, {
    method: 'POST',
    admin: true,
    body: { character_id: id, dry_run: false, character: generatedCharacter(BLOCKS) },
  });
  await call(`${admin}/characters/${id}/publish`, { method: 'POST', admin: true });
  return id;
}

/**
 * The searches the engine would ask for: block i's candidates (its
 * valid_response_ids in the generated character) with, in turn, a sentence
 * holding a candidate's title (100), a word every block's text holds (the
 * search port ranks all 500) and a sentence that matches nothing.
 */
function searchOf(characterId: string, n: number) {
  const i = 1 + 6 * (n % Math.floor(BLOCKS / 6 - 1));
  const candidates = [`b${i + 4}`, `b${i + 5}`];
  const texts = [`ブロック ${i + 4} の話をきかせて`, 'ぶろっく', 'きょうはいい天気ですね'];
  return { character_id: characterId, block_id: `b${i}`, text: texts[n % texts.length]!, candidates };
}

async function waitUntilIndexed(base: string, characterId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const reply = await call(`${base}/api/dialogue/search`, { method: 'POST', body: searchOf(characterId, 0) });
    if ((reply.hits as unknown[]).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('dialogue did not index the published character within 60 s');
}

export async function benchRecognition(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-recognition-'));
  let server: NodeProcess | undefined;
  try {
    const started = await startStandalone(dataDir, {
      JWT_SECRET: SECRET,
      ADMIN_PATH_PREFIX: ADMIN_PREFIX,
      RECOGNITION_RATE_PER_MINUTE: '100000',
    });
    server = started.server;
    const base = started.url;
    const characterId = await publishGenerated(base);
    await waitUntilIndexed(base, characterId);
    const search = (n: number) =>
      call(`${base}/api/dialogue/search`, { method: 'POST', body: searchOf(characterId, n) }).then(() => undefined);
    const health = () => call(`${base}/api/dialogue/healthz`).then(() => undefined);
    const healthTimes = await latencies(CALLS, health);
    const searchTimes = await latencies(CALLS, search);
    let next = 0;
    const healthPerSecond = await throughput(SHAPE, health);
    const searchPerSecond = await throughput(SHAPE, () => search(next++));
    const p99 = round1(percentile(searchTimes, 99));
    const where = `generated ${BLOCKS}-block character, embedded search, standalone gateway`;
    return [
      {
        name: `recognition: search round trip p99 (POST /api/dialogue/search, utterance → ranked candidates; ${where}; ${CALLS} calls one after another, p50 ${round1(percentile(searchTimes, 50))} ms; baseline GET /api/dialogue/healthz p99)`,
        value: p99,
        unit: 'ms',
        baseline: round1(percentile(healthTimes, 99)),
        goal: `p99 ≤ ${GOAL_P99_MS} ms`,
        pass: p99 <= GOAL_P99_MS,
      },
      {
        name: `recognition: searches/s (${where}; ${SHAPE.clients} concurrent clients, ${SHAPE.measureMs / 1000} s; baseline GET /api/dialogue/healthz)`,
        value: Math.round(searchPerSecond),
        unit: 'req/s',
        baseline: Math.round(healthPerSecond),
      },
    ];
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await printAlone(benchRecognition);
  process.exit();
}
