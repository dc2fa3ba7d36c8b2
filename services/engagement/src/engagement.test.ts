import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { engagementService } from './index.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});

describe('engagement service', () => {
  it('engagement, started alone, reports health', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/api/engagement/healthz' })).json()).toEqual({
      ok: true,
      service: 'engagement',
    });
  });
});
