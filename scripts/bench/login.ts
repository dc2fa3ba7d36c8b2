import { seedAdmin } from '../../services/identity/src/accounts/seed-admin.ts';
import { OWASP_SCRYPT } from '../../services/identity/src/accounts/password-hash.ts';
import { buildTestApp } from '../../services/identity/src/test-app.ts';
import type { BenchRow } from './table.ts';


function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Log-in latency at 20 concurrent clients with production scrypt parameters
 * (OWASP: N=2^17, r=8, p=1), through the real route on embedded adapters.
 * The baseline row is one bare scrypt hash, the floor any log-in pays.
 */
export async function benchLogin(rounds = 3, clients = 20): Promise<BenchRow[]> {
  const t = await buildTestApp({ scrypt: OWASP_SCRYPT, maxFailures: 1_000_000 });
  try {
    const admin = await seedAdmin(t.app.accounts, 'bench-admin@talkwith.local');
    if (!admin) throw new Error('bench admin exists already');
    const latencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await Promise.all(Array.from({ length: clients }, async () => {
        const started = performance.now();
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: admin.email, password: admin.password } });
        if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
        latencies.push(performance.now() - started);
      }));
    }
    latencies.sort((a, b) => a - b);
    const { hashPassword } = await import('../../services/identity/src/accounts/password-hash.ts');
    const single = performance.now();
    await hashPassword('baseline1', OWASP_SCRYPT);
    const hashMs = performance.now() - single;
    return [
      { name: `login p50 (${clients} concurrent, scrypt N=2^17)`, value: Math.round(percentile(latencies, 50)), unit: 'ms', baseline: Math.round(hashMs) },
      { name: `login p95 (${clients} concurrent, scrypt N=2^17)`, value: Math.round(percentile(latencies, 95)), unit: 'ms', baseline: Math.round(hashMs) },
    ];
  } finally {
    await t.close();
  }
}
