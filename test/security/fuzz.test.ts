import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  casesFor,
  fileKeyCases,
  operationsOf,
  type CaseContext,
  type FuzzCase,
  type OpenApiDoc,
  type Operation,
} from './cases.ts';
import {
  admin,
  bearer,
  customer,
  excerpt,
  judge,
  pool,
  startSecurityGateway,
  TEST_ADMIN_PREFIX,
  type Account,
  type TestGateway,
} from './harness.ts';

/**
 * OpenAPI-driven fuzz of the standalone gateway (all six services, embedded
 * adapters, temp DATA_DIR), in process through app.inject() only. For every
 * documented route and method: malformed path parameters, queries and bodies,
 * sent anonymously, as a customer and as an admin (both made by sign-up, the
 * mailed confirmation link and log-in). Every answer must be below 500, carry
 * no stack trace, file path or framework code, and every 4xx JSON answer must
 * have the DESIGN.md §4 shape {ok: false, message, error, code}.
 *
 * Also: malformed Authorization headers, the documented /api/admin/ paths
 * reached without the secret prefix, and no Object.prototype pollution.
 * Deterministic: a fixed table plus fast-check samples with a fixed seed.
 * FUZZ_REPORT=<file> writes every failure and a status tally per route.
 *
 * Not fuzzed here: the WebSocket (/api/socketio/new) and /files/* streaming,
 * which have their own tests; /files/<odd keys> GETs are.
 */

/**
 * Faults this fuzz found that belong to another item's owner. The cases still
 * run (a 5xx or a leak other than the one named fails them); only an answer
 * matching the named fault exactly is let through. Remove an entry once its
 * fix lands: the suite then holds the fix.
 */
interface KnownFinding {
  finding: string;
  /** `<METHOD> <documented path>`; all routes when absent. */
  route?: RegExp;
  /** Which cases: matched against the case name. */
  cases: RegExp;
  status: number;
  /** The answer's body as it is today. */
  body: RegExp;
}

// Findings the suite tolerates by their exact answer until fixed. Empty: the bad-URL and long-parameter
// framework errors and the log-in route's stripped error shape are fixed (gateway/src/framework-errors.test.ts).
const KNOWN_FINDINGS: KnownFinding[] = [];

function isKnown(route: string, caseName: string, status: number, body: string): boolean {
  return KNOWN_FINDINGS.some(
    (k) =>
      (k.route ? k.route.test(route) : true) &&
      k.cases.test(caseName) &&
      (k.status === -1 ? status >= 400 && status < 500 : status === k.status) &&
      k.body.test(body),
  );
}

/**
 * The documented operations, minus the WebSocket and /files/* streaming. Kept
 * as a static list so test names exist before the gateway starts; a route's
 * test is skipped (saying so) once the document no longer has it, and a later
 * test fuzzes any documented route this list does not name yet.
 */
function routesToFuzz(): Array<{ method: string; path: string }> {
  return ROUTE_LIST.map((line) => {
    const [method, path] = line.split(' ') as [string, string];
    return { method, path };
  });
}

const ROUTE_LIST = [
  'GET /healthz',
  'GET /readyz',
  'GET /api/config',
  'GET /api/identity/healthz',
  'POST /api/auth/signup',
  'POST /api/auth/email_confirm',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'PUT /api/auth/profile',
  'PUT /api/auth/language',
  'POST /api/auth/password_reset',
  'PUT /api/auth/password_reset',
  'POST /api/auth/password_change',
  'POST /api/auth/email_change',
  'POST /api/auth/account/delete',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'GET /api/admin/users/{id}',
  'PUT /api/admin/users/{id}',
  'DELETE /api/admin/users/{id}',
  'PUT /api/admin/users/profile/{id}',
  'POST /api/admin/users/password_change',
  'POST /api/admin/users/email_change',
  'GET /api/admin/mail',
  'GET /api/auth/google/login',
  'GET /api/auth/google/callback',
  'GET /api/catalog/healthz',
  'GET /api/characters',
  'GET /api/character/{character_id}/get',
  'GET /api/characters/by-slug/{slug}',
  'POST /api/admin/characters',
  'POST /api/admin/characters/{id}/publish',
  'GET /api/dialogue/healthz',
  'GET /api/dialogue/characters/search',
  'GET /api/billing/healthz',
  'GET /api/billing/wallet',
  'GET /api/engagement/healthz',
  'GET /api/notifications',
  'GET /api/logging/healthz',
  'POST /api/admin/logs/filter',
];

const NOT_FUZZED_HERE = new Set(['GET /files/{*}', 'HEAD /files/{*}']);

const SEED = 20_240_901;
const IN_FLIGHT = 8;
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

type Who = 'anonymous' | 'customer' | 'admin';

let gw: TestGateway;
let doc: OpenApiDoc;
let accounts: Record<Who, Account | null>;
let ctx: CaseContext;

beforeAll(async () => {
  gw = await startSecurityGateway();
  const docs = await gw.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = docs.json() as OpenApiDoc;
  const [customerAccount, adminAccount, target] = await Promise.all([customer(gw), admin(gw), customer(gw, 'target')]);
  accounts = { anonymous: null, customer: customerAccount, admin: adminAccount };
  // A character to aim the admin character routes at.
  const created = await gw.app.inject({
    method: 'POST',
    url: `/api/${TEST_ADMIN_PREFIX}/characters`,
    headers: bearer(adminAccount),
    payload: { name: 'ファズ', description: 'fuzz target' },
  });
  const characterId = created.statusCode === 201 ? (created.json().character.id as string) : 'no-character';
  ctx = {
    adminPrefix: TEST_ADMIN_PREFIX,
    pathValues: { id: target.id, character_id: characterId, slug: 'mirai', '*': 'none.txt' },
    bodyHints: { user_id: target.id },
  };
}, 120_000);

afterAll(async () => {
  if (process.env.FUZZ_REPORT)
    appendFileSync(process.env.FUZZ_REPORT, `${[...tally].map(([k, n]) => `tally ${k}: ${n}`).join('\n')}\n`);
  await gw?.close();
});

/**
 * Base values per operation and caller: ids that exist, so mutating one field
 * reaches past the lookups. A user's own routes name the caller; admin routes
 * name a separate target user; DELETE names no one (the unexpected-body cases
 * use the base URL, and the target must outlive them).
 */
function contextFor(op: Operation, who: Who): CaseContext {
  const own = op.path.startsWith('/api/auth/') ? accounts[who]?.id : undefined;
  const id =
    op.method === 'DELETE'
      ? 'fuzz-no-such-id'
      : op.path.includes('/characters/')
        ? String(ctx.pathValues.character_id)
        : String(ctx.pathValues.id);
  return {
    ...ctx,
    pathValues: { ...ctx.pathValues, id },
    bodyHints: { ...ctx.bodyHints, ...(own ? { user_id: own } : {}) },
  };
}

const WHO: Who[] = ['anonymous', 'customer', 'admin'];
const casesOf = (op: Operation): Record<Who, FuzzCase[]> =>
  Object.fromEntries(WHO.map((who) => [who, casesFor(op, contextFor(op, who), SEED + op.path.length)])) as Record<
    Who,
    FuzzCase[]
  >;
const sameFor = (cases: FuzzCase[]): Record<Who, FuzzCase[]> => ({ anonymous: cases, customer: cases, admin: cases });

/** Answers per route, role and status: written with FUZZ_REPORT, to see that the cases reach past validation. */
const tally = new Map<string, number>();

async function fire(route: string, c: FuzzCase, who: Who): Promise<string | null> {
  const res = await gw.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: { ...bearer(accounts[who]), ...c.headers },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  const key = `${route} ${who} ${res.statusCode}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
  const verdict = judge(res, { loginRoute: route === 'POST /api/auth/login' });
  if (verdict.ok || isKnown(route, c.name, res.statusCode, res.body)) return null;
  return `${who} ${c.method} ${c.url.slice(0, 120)} :: ${c.name} → ${res.statusCode} [${verdict.problems.join('; ')}] ${excerpt(res.body, 200)}`;
}

async function fuzz(route: string, cases: Record<Who, FuzzCase[]>): Promise<string[]> {
  const runs = WHO.flatMap((who) => cases[who].map((c) => ({ c, who })));
  const outcomes = await pool(runs, IN_FLIGHT, ({ c, who }) => fire(route, c, who));
  const failures = outcomes.filter((o): o is string => o !== null);
  // FUZZ_REPORT=<file> appends every failure in full (the assertion diff truncates long lists).
  if (process.env.FUZZ_REPORT && failures.length) appendFileSync(process.env.FUZZ_REPORT, `${failures.join('\n')}\n`);
  return failures;
}

describe('security fuzz of every documented route', () => {
  it('the suite reaches the routes as each role (sanity)', async () => {
    const me = await gw.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accounts.customer) });
    const users = await gw.app.inject({
      method: 'GET',
      url: `/api/${TEST_ADMIN_PREFIX}/users?page=1`,
      headers: bearer(accounts.admin),
    });
    const refused = await gw.app.inject({
      method: 'GET',
      url: `/api/${TEST_ADMIN_PREFIX}/users?page=1`,
      headers: bearer(accounts.customer),
    });
    expect(me.statusCode).toBe(200);
    expect(users.statusCode).toBe(200);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.some((op) => op.path.startsWith('/api/admin/'))).toBe(true);
  });

  // The operations are read at collection time from the same code the gateway
  // documents; the list is fixed per build, so the test names are stable.
  const ROUTES = routesToFuzz();
  for (const { method, path } of ROUTES) {
    it(`${method} ${path}`, async ({ skip }) => {
      const op = operationsOf(doc).find((o) => o.method === method && o.path === path);
      if (!op) return skip(`${method} ${path} is no longer documented: update ROUTE_LIST`);
      const failures = await fuzz(`${method} ${path}`, casesOf(op));
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it('GET /files/<odd keys>', async () => {
    expect(await fuzz('GET /files/{*}', sameFor(fileKeyCases()))).toEqual([]);
  }, 60_000);

  it('routes documented but not in ROUTE_LIST are fuzzed too', async () => {
    const extra = operationsOf(doc).filter(
      (op) => !ROUTE_LIST.includes(`${op.method} ${op.path}`) && !NOT_FUZZED_HERE.has(`${op.method} ${op.path}`),
    );
    const failures: string[] = [];
    for (const op of extra) {
      failures.push(...(await fuzz(`${op.method} ${op.path}`, casesOf(op))));
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('no request polluted Object.prototype', () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).roles).toBeUndefined();
  });
});
