import { performance } from 'node:perf_hooks';
import { catalogService } from '@talkwith/catalog';
import { demoCharacter, demoTests } from '@talkwith/dialogue-engine/demo';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { printAlone, type BenchRow } from './table.ts';

const TESTS = 50;
const ROUNDS = 5;
const GOAL_MS = 2000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function call(
  svc: ServiceUnderTest,
  method: 'POST',
  url: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const headers = { authorization: `Bearer ${svc.tokenFor('bench-admin', ['admin'])}` };
  const t0 = performance.now();
  const res = await svc.app.inject({ method, url, headers, payload });
  const ms = performance.now() - t0;
  if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return ms;
}

/** A character holding ミライ's draft with `tests` of her shipped tests (cycled). */
async function demoWithTests(svc: ServiceUnderTest, tests: number): Promise<string> {
  const headers = { authorization: `Bearer ${svc.tokenFor('bench-admin', ['admin'])}` };
  const created = await svc.app.inject({
    method: 'POST',
    url: '/api/admin/characters',
    headers,
    payload: { name: `bench ${tests}` },
  });
  const id = created.json().character.id as string;
  await call(svc, 'POST', '/api/admin/characters/jsonUpload', {
    character_id: id,
    dry_run: false,
    character: demoCharacter,
  });
  for (let n = 0; n < tests; n += 1) {
    const t = demoTests[n % demoTests.length]!;
    await call(svc, 'POST', `/api/admin/characters/${id}/tests`, { name: `${t.name} #${n + 1}`, steps: t.steps });
  }
  return id;
}

/**
 * Publishing ミライ's draft with 50 tests (her shipped ones, cycled), every one
 * played by the engine in the publish's transaction, against publishing the
 * same draft with none (the baseline), alternately in the same process: median
 * of 5 each, the catalog in process (Fastify inject, embedded store). Goal ≤ 2 s.
 */
export async function benchCharacterTests(): Promise<BenchRow[]> {
  const svc = await startServiceForTest(catalogService);
  try {
    const tested = await demoWithTests(svc, TESTS);
    const bare = await demoWithTests(svc, 0);
    const withTests: number[] = [];
    const without: number[] = [];
    const runs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      withTests.push(await call(svc, 'POST', `/api/admin/characters/${tested}/publish`, { note: `bench ${round}` }));
      without.push(await call(svc, 'POST', `/api/admin/characters/${bare}/publish`, { note: `bench ${round}` }));
      runs.push(await call(svc, 'POST', `/api/admin/characters/${tested}/tests/run`, {}));
    }
    const value = round1(median(withTests));
    return [
      {
        name: `character tests: publish running ${TESTS} tests of the demo (median of ${ROUNDS}; baseline the same publish without tests)`,
        value,
        unit: 'ms',
        baseline: round1(median(without)),
        goal: `≤ ${GOAL_MS} ms`,
        pass: value <= GOAL_MS,
      },
      {
        name: `character tests: POST tests/run, ${TESTS} tests of the demo (median of ${ROUNDS})`,
        value: round1(median(runs)),
        unit: 'ms',
      },
    ];
  } finally {
    await svc.close();
  }
}

if (import.meta.main) await printAlone(benchCharacterTests);
