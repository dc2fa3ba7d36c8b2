import { STATUS_CODES } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from '../../gateway/src/test-gateway.ts';
import { tokenFromMail } from '../../services/identity/src/test-app.ts';

export { TEST_ADMIN_PREFIX, tokenFromMail, type TestGateway };

/**
 * The standalone gateway (all six services, embedded adapters, temp DATA_DIR),
 * reached only by app.inject(). The per-address API limit is lifted so the
 * fuzz measures the routes, not the limiter (a 429 would still pass).
 */
export function startSecurityGateway(): Promise<TestGateway> {
  return startTestGateway({}, { rateLimitMax: 1_000_000_000 });
}

export const PASSWORD = 'Secur1ty-suite-pass';

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `sec-${tag}-${Date.now()}-${counter}@example.jp`;
}

export interface Account {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  /** The refresh cookie and the double-submit CSRF cookie of the log-in. */
  refreshCookie: string;
  csrf: string;
}

export function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

/** Sign-up and the mailed confirmation link, as a user does them; returns the user id. */
export async function signUpConfirmed(gw: TestGateway, email: string, password = PASSWORD): Promise<string> {
  const signup = await gw.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, gender: 'female', date_of_birth: '1990-04-01' },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up answered ${signup.statusCode}: ${signup.body}`);
  const token = await tokenFromMail(gw.platform, email, '/email_confirm');
  const confirm = await gw.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
  if (confirm.statusCode !== 200) throw new Error(`confirmation answered ${confirm.statusCode}: ${confirm.body}`);
  return signup.json().user.id as string;
}

export async function logIn(gw: TestGateway, email: string, password = PASSWORD): Promise<Account> {
  const res = await gw.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password } });
  const body = res.json() as { accessToken?: string; user?: { id: string } };
  if (res.statusCode !== 200 || !body.accessToken || !body.user)
    throw new Error(`log-in answered ${res.statusCode}: ${res.body}`);
  const refreshCookie = cookieValue(res.headers['set-cookie'], 'talkwith_rt');
  const csrf = cookieValue(res.headers['set-cookie'], 'talkwith-csrf');
  if (!refreshCookie || !csrf) throw new Error('log-in set no session cookies');
  return { id: body.user.id, email, password, accessToken: body.accessToken, refreshCookie, csrf };
}

export async function customer(gw: TestGateway, tag = 'customer'): Promise<Account> {
  const email = uniqueEmail(tag);
  await signUpConfirmed(gw, email);
  return logIn(gw, email);
}

/**
 * An admin: a confirmed customer given the admin role in identity's store (as
 * an existing admin would), then logged in normally, so the token carries
 * whatever claims identity signs (roles, session version).
 */
export async function admin(gw: TestGateway): Promise<Account> {
  const email = uniqueEmail('admin');
  const id = await signUpConfirmed(gw, email);
  const promoted = await gw.platform.store.collection('users').updateOne({ _id: id }, { $set: { roles: ['admin'] } });
  if (promoted.matchedCount !== 1) throw new Error('could not promote the admin in the users collection');
  return logIn(gw, email);
}

export const bearer = (account: Account | null): Record<string, string> =>
  account ? { authorization: `Bearer ${account.accessToken}` } : {};

/** What must never appear in a response body: stack frames, file paths, framework internals. */
const LEAKS: Array<[string, RegExp]> = [
  // A frame names a place: `at fn (file.js:12:3)` or `at file:///x.ts:1:2`; prose ("good at astrology (…)") does not.
  ['stack frame', /\bat\s+(?:\S+\s+\()?(?:file:\/\/|node:|\/|[A-Za-z]:\\)?[^\s()]+:\d+:\d+\)?|\n\s+at\s/],
  ['absolute path /work/', /\/work\//],
  ['node_modules', /node_modules/],
  ['TypeScript source location', /\.ts:\d|\.ts:/],
  ['Fastify error code', /FST_/],
  ['framework name', /Fastify/],
  ['JS error class', /\b(TypeError|RangeError|ReferenceError|SyntaxError):/],
];

export interface Verdict {
  ok: boolean;
  problems: string[];
}

const isJson = (res: LightMyRequestResponse): boolean => String(res.headers['content-type'] ?? '').includes('json');

/** The DESIGN.md §4 error body: {ok: false, message, error, code}, error being the status's reason phrase. */
export function errorShapeProblems(status: number, body: unknown): string[] {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['4xx JSON body is not an object'];
  const b = body as Record<string, unknown>;
  if (b.ok !== false) problems.push('ok is not false');
  if (typeof b.message !== 'string' || b.message.length === 0) problems.push('message missing');
  if (typeof b.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(b.code))
    problems.push(`code missing or not a stable code (${String(b.code)})`);
  if (b.error !== (STATUS_CODES[status] ?? 'Error'))
    problems.push(`error is ${JSON.stringify(b.error)}, not "${STATUS_CODES[status]}"`);
  return problems;
}

/**
 * SPEC.md §7: the log-in answer is a result {ok, errorMessage, rateLimited}
 * for a refused log-in (401/403/429) — the one documented exception to §4.
 */
function isLoginResult(body: unknown): boolean {
  const b = body as Record<string, unknown> | null;
  return typeof b === 'object' && b !== null && b.ok === false && typeof b.errorMessage === 'string';
}

/** Checks one response against the suite's rules; `loginRoute` allows the log-in result shape. */
export function judge(res: LightMyRequestResponse, options: { loginRoute?: boolean } = {}): Verdict {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  const text = res.body;
  for (const [name, pattern] of LEAKS) if (pattern.test(text)) problems.push(`body leaks ${name}`);
  if (res.statusCode >= 400 && res.statusCode < 500 && isJson(res) && text.length > 0) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push('4xx body is not valid JSON');
    }
    if (body !== undefined && !(options.loginRoute && isLoginResult(body)))
      problems.push(...errorShapeProblems(res.statusCode, body));
  }
  return { ok: problems.length === 0, problems };
}

/** A short printable excerpt of a body for a failure report. */
export function excerpt(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}
