import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { billingService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(billingService);
});
afterAll(async () => {
  await svc?.close();
});

// The ledger's wallet tests (user.registered, user.deleted, 401) moved to ledger/user-routes.test.ts and ledger/jobs.test.ts.
describe('billing service', () => {
  it('billing, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/billing/healthz' })).json()).toEqual({
      ok: true,
      service: 'billing',
    });
    expect((await svc.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
