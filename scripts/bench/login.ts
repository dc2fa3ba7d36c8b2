import { seedAdmin } from '../../services/identity/src/accounts/seed-admin.ts';
import { OWASP_ARGON2 } from '../../services/identity/src/accounts/password-hash.ts';
import { buildTestApp, tokenFromMail, type TestApp } from '../../services/identity/src/test-app.ts';
import { percentile } from './load.ts';
import type { BenchRow } from './table.ts';

async function timed(run: () => Promise<{ statusCode: number; body: string }>, what: string): Promise<number> {
  const started = performance.now();
  const res = await run();
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return performance.now() - started;
}

/** A confirmed, logged-in customer whose profile the bench writes during the burst. */
async function customer(t: TestApp): Promise<string> {
  const email = 'bench-customer@example.jp';
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'abcd1234', gender: 'female', date_of_birth: '2000-04-01' },
  });
  const token = await tokenFromMail(t.platform, email, '/email_confirm');
  await t.app.inject({ method: 'POST', url: '/api/auth/email_confirm', payload: { token } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: 'abcd1234' },
  });
  return (res.json() as { accessToken: string }).accessToken;
}

/**
 * Log-in latency at 20 concurrent clients with production Argon2id parameters
 * (OWASP: m=19 MiB, t=2, p=1) in the production hash pool (2 workers, queue 64),
 * through the real route on embedded adapters; and, during that burst, the
 * latency of an unrelated authenticated write (a profile update), which must
 * not wait behind the hashes. Baselines, same run: one hash on an idle pool;
 * the same profile update with no log-ins running.
 */
export async function benchLogin(rounds = 3, clients = 20): Promise<BenchRow[]> {
  const t = await buildTestApp({
    hashing: { params: OWASP_ARGON2, workers: 2, maxQueue: 64 },
    maxFailures: 1_000_000,
    login: { maxFailuresPerAddress: 1_000_000 },
  });
  try {
    const admin = await seedAdmin(t.app.accounts, 'bench-admin@talkwith.local');
    if (!admin) throw new Error('bench admin exists already');
    const accessToken = await customer(t);
    let n = 0;
    const profileUpdate = () =>
      timed(
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/auth/profile',
            headers: { authorization: `Bearer ${accessToken}` },
            payload: { nickname: `bench${n++}` },
          }),
        'profile update',
      );
    const logIn = () =>
      timed(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: admin.email, password: admin.password },
          }),
        'login',
      );

    const idleWrites: number[] = [];
    for (let i = 0; i < 100; i++) idleWrites.push(await profileUpdate());
    const hashStarted = performance.now();
    await t.app.accounts.hasher.hash('baseline1');
    const hashMs = performance.now() - hashStarted;

    const latencies: number[] = [];
    const busyWrites: number[] = [];
    for (let round = 0; round < rounds; round++) {
      let burstDone = false;
      const burst = Promise.all(Array.from({ length: clients }, async () => latencies.push(await logIn()))).finally(
        () => {
          burstDone = true;
        },
      );
      // One write after another for as long as the burst runs, as a user editing their profile would.
      while (!burstDone) busyWrites.push(await profileUpdate());
      await burst;
    }
    for (const list of [latencies, idleWrites, busyWrites]) list.sort((a, b) => a - b);
    const loginP95 = percentile(latencies, 95);
    const writeP95 = percentile(busyWrites, 95);
    const params = `Argon2id m=19 MiB t=2 p=1`;
    return [
      {
        name: `login p50 (${clients} concurrent, ${params})`,
        value: Math.round(percentile(latencies, 50)),
        unit: 'ms',
        baseline: Math.round(hashMs),
      },
      {
        name: `login p95 (${clients} concurrent, ${params})`,
        value: Math.round(loginP95),
        unit: 'ms',
        baseline: Math.round(hashMs),
        goal: '≤ 1000 ms',
        pass: loginP95 <= 1000,
      },
      {
        name: `profile update p95 during that burst (${busyWrites.length} writes)`,
        value: Number(writeP95.toFixed(1)),
        unit: 'ms',
        baseline: Number(percentile(idleWrites, 95).toFixed(1)),
        goal: '≤ 100 ms',
        pass: writeP95 <= 100,
      },
    ];
  } finally {
    await t.close();
  }
}
