// Paid content (services/catalog/API.md § Serving a character) against the
// standalone gateway: the p95 of a signed clip request (signature, user cookie)
// against the same request of a free character's clip, and of the entitled
// character fetch (a ticket-use proof checked, every clip and subtitle URL
// signed) against today's public fetch of a free character.
// `node scripts/bench/entitlement.ts` runs it alone.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMediaSigning, ticketUseProofs, TICKET_USE_TTL_SECONDS } from '@talkwith/platform';
import { percentile, round1, startStandalone } from './load.ts';
import type { NodeProcess } from './processes.ts';
import { printAlone, type BenchRow } from './table.ts';

// Enough calls that the p95 rests on about 75 tail samples: with 600 it moved ±15 % between quiet runs.
const CALLS = 1500;
// Discarded first: the first calls of each path compile its code (JIT, the proof verifier) and would land in the tail of one side only.
const WARMUP_CALLS = 300;
const RANGE = 'bytes=0-65535';
const GOAL_RATIO = 1.1;
const SECRET = randomBytes(32).toString('hex');
const ADMIN_PREFIX = `bench${randomBytes(6).toString('hex')}`;

/** An access token as identity signs it (HS256, shared JWT_SECRET). */
function tokenFor(sub: string, roles: string[]): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, roles, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
}

async function admin(base: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/api/${ADMIN_PREFIX}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokenFor('bench-admin', ['admin'])}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status} ${JSON.stringify(reply).slice(0, 300)}`);
  return reply;
}

/** Latencies (ms, sorted) of two requests measured alternately, so load on the machine weighs on both alike. */
async function alternate(
  count: number,
  a: () => Promise<Response>,
  b: () => Promise<Response>,
): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < count; i++) {
    for (const [side, call] of [
      [0, a],
      [1, b],
    ] as const) {
      const started = performance.now();
      const response = await call();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`bench request answered ${response.status}`);
      times[side].push(performance.now() - started);
    }
  }
  return [times[0].sort((x, y) => x - y), times[1].sort((x, y) => x - y)];
}

export async function benchEntitlement(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-bench-entitlement-'));
  let server: NodeProcess | undefined;
  try {
    const started = await startStandalone(dataDir, { JWT_SECRET: SECRET, ADMIN_PATH_PREFIX: ADMIN_PREFIX });
    server = started.server;
    const base = started.url;
    // A priced character holding a copy of ミライ's greeting clip (catalog copies the file).
    const added = await admin(base, 'POST', '/characters', { name: 'ベンチ有料', price: 500 });
    const paidId = (added.character as { id: string }).id;
    await admin(base, 'POST', '/blocks/characterBlockCopy', {
      character_id: 'demo-mirai',
      copy_target_character_ids: [paidId],
      block_ids: ['greet'],
    });
    const user = `bench-${randomUUID()}`;
    const media = createMediaSigning(SECRET);
    const key = `characters/${paidId}/videos/greet.mp4`;
    const { exp, u, sig } = media.sign(key, user, media.expiryFrom());
    const cookie = media.userCookie(user, { path: '/files' }).split(';')[0]!;
    const signed = () =>
      fetch(`${base}/files/${key}?exp=${exp}&u=${encodeURIComponent(u)}&sig=${sig}`, {
        headers: { range: RANGE, cookie },
      });
    const free = () => fetch(`${base}/files/characters/demo-mirai/videos/greet.mp4`, { headers: { range: RANGE } });
    const unsigned = await fetch(`${base}/files/${key}`, { headers: { range: RANGE } });
    if (unsigned.status !== 403)
      throw new Error(`an unsigned clip of a priced character answered ${unsigned.status}, not 403`);
    await alternate(WARMUP_CALLS, signed, free);
    const [signedTimes, freeTimes] = await alternate(CALLS, signed, free);

    // The entitled fetch: ミライ made priced, fetched with the caller's ticket-use proof; baseline her public fetch while free.
    const publicFetch = () => fetch(`${base}/api/characters/by-slug/mirai`);
    await alternate(WARMUP_CALLS, publicFetch, publicFetch);
    const publicTimes = (await alternate(CALLS / 3, publicFetch, publicFetch))[0];
    await admin(base, 'PUT', '/characters/demo-mirai', { price: 500 });
    const ticket = ticketUseProofs(SECRET).sign(
      { use_id: randomUUID(), user_id: user, character_id: 'demo-mirai' },
      { ttlSeconds: TICKET_USE_TTL_SECONDS },
    );
    const asCustomer = { authorization: `Bearer ${tokenFor(user, ['customer'])}` };
    const entitled = () =>
      fetch(`${base}/api/characters/by-slug/mirai?ticket_use_token=${encodeURIComponent(ticket)}`, {
        headers: asCustomer,
      });
    const check = (await (await entitled()).json()) as { character?: { access?: string } };
    if (check.character?.access !== 'ticket')
      throw new Error(`the entitled fetch answered access ${check.character?.access}`);
    await alternate(WARMUP_CALLS, entitled, entitled);
    const entitledTimes = (await alternate(CALLS / 3, entitled, entitled))[0];

    const signedP95 = round1(percentile(signedTimes, 95));
    const freeP95 = round1(percentile(freeTimes, 95));
    const entitledP95 = round1(percentile(entitledTimes, 95));
    return [
      {
        name: `paid content: signed clip p95 (GET /files with exp/u/sig and the media cookie, Range ${RANGE}, ${CALLS} alternating with the baseline; p50 ${round1(percentile(signedTimes, 50))} ms against ${round1(percentile(freeTimes, 50))} ms; baseline the same range of a free character's clip, unsigned)`,
        value: signedP95,
        unit: 'ms',
        baseline: freeP95,
        goal: `≤ ${GOAL_RATIO}× baseline`,
        pass: signedP95 <= freeP95 * GOAL_RATIO,
      },
      {
        name: `paid content: entitled character fetch p95 (GET /api/characters/by-slug/mirai priced, a ticket-use proof, ${CALLS / 3} calls, every clip and subtitle URL signed; p50 ${round1(percentile(entitledTimes, 50))} ms against ${round1(percentile(publicTimes, 50))} ms; baseline the public fetch while free)`,
        value: entitledP95,
        unit: 'ms',
        baseline: round1(percentile(publicTimes, 95)),
      },
    ];
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  await printAlone(benchEntitlement);
  process.exit();
}
