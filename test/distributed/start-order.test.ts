import { afterEach, describe, expect, it } from 'vitest';
import { startTopology, type ServiceName, type Topology } from './topology.ts';

// The distributed mode must come up in any order: a service that starts after
// the one whose events it projects still gets them (its new consumer group
// reads the retained history), and one that starts before gets them live.
// Catalog seeds ミライ and announces her on its first start; dialogue indexes her
// for search. Only catalog, dialogue and the gateway run: the rest play no part.

const CONVERGE_MS = 20_000;

let topology: Topology | undefined;

afterEach(async () => {
  await topology?.close();
  topology = undefined;
}, 30_000);

/** Dialogue's server search through the gateway: the names it finds for `q`. */
async function searchNames(t: Topology, q: string): Promise<string[]> {
  const response = await fetch(`${t.gatewayUrl}/api/dialogue/characters/search?q=${encodeURIComponent(q)}`, {
    signal: AbortSignal.timeout(2000),
  });
  if (!response.ok) return [];
  return ((await response.json()) as { hits: Array<{ name: string }> }).hits.map((h) => h.name);
}

/** Polls the search until it finds `name` or the deadline passes; the names of the last answer. */
async function namesOnceFound(t: Topology, q: string, name: string): Promise<string[]> {
  const deadline = Date.now() + CONVERGE_MS;
  let names: string[] = [];
  while (Date.now() < deadline) {
    names = await searchNames(t, q).catch(() => []);
    if (names.includes(name)) return names;
    await new Promise((r) => setTimeout(r, 200));
  }
  return names;
}

/** Starts `first` with the gateway, waits until its start-up announcements are out, then starts `second`. */
async function startInOrder(first: ServiceName, second: ServiceName): Promise<Topology> {
  const t = await startTopology({ initial: [first] });
  topology = t;
  await t.startService(second);
  return t;
}

describe('distributed start order, dialogue search for the seeded ミライ', () => {
  it('catalog then dialogue, dialogue started after ミライ was announced, finds her', async () => {
    const t = await startInOrder('catalog', 'dialogue');

    const names = await namesOnceFound(t, 'ミライ', 'ミライ');

    expect(names).toContain('ミライ');
  }, 60_000);

  it('dialogue then catalog, dialogue running when ミライ is announced, finds her', async () => {
    const t = await startInOrder('dialogue', 'catalog');

    const names = await namesOnceFound(t, 'ミライ', 'ミライ');

    expect(names).toContain('ミライ');
  }, 60_000);
});
