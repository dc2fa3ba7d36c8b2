import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceModule } from '../service/index.ts';
import { startServiceForTest, type ServiceUnderTest } from './test-service.ts';

// A service's /readyz tells the load balancer whether this process can serve.
// The bus, jobs and cache are Redis, shared by every replica: when it is down
// the service still serves from its store (the outbox holds the events), so
// readiness reports it and stays 200; a store that does not answer is 503.

const bare: ServiceModule = { name: 'logging', prefixes: [], plugin: async () => undefined };

let svc: ServiceUnderTest | undefined;

afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

const down = (what: string) => async () => {
  throw new Error(`${what} down`);
};

describe('service readiness', () => {
  it('service, bus, jobs and cache failing (Redis down), answers /readyz 200 and reports each', async () => {
    svc = await startServiceForTest(bare);
    svc.platform.bus.ping = down('bus');
    svc.platform.jobs.ping = down('jobs');
    svc.platform.cache.ping = down('cache');

    const res = await svc.app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      checks: { store: 'ok', bus: 'bus down', jobs: 'jobs down', cache: 'cache down' },
    });
  });

  it('service, search, files and mail failing, answers /readyz 200 (the routes that need them answer for themselves)', async () => {
    svc = await startServiceForTest(bare);
    svc.platform.search.ping = down('search');
    svc.platform.files.ping = down('files');
    svc.platform.mail.ping = down('mail');

    const res = await svc.app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(200);
  });

  it('service, store failing, answers /readyz 503 naming the store', async () => {
    svc = await startServiceForTest(bare);
    svc.platform.store.ping = down('store');

    const res = await svc.app.inject({ method: 'GET', url: '/readyz' });

    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, checks: { store: 'store down' } });
  });
});
