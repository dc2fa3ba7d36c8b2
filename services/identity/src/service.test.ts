import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { identityService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(identityService);
});
afterAll(async () => {
  await svc?.close();
});

describe('identity service module', () => {
  it('identity, started alone, reports health and readiness', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/identity/healthz' })).json()).toEqual({
      ok: true,
      service: 'identity',
    });
    expect((await svc.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('identity, its OpenAPI document for the gateway, lists the account routes', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/api/auth/signup']?.post).toBeDefined();
  });
});
