import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { loggingService } from '@talkwith/logging';
import { START_TIMEOUT_MS } from '@talkwith/platform/http';
import { startTestGateway, TEST_ADMIN_PREFIX, type TestGateway } from './test-gateway.ts';

let gw: TestGateway;
let svc: ServiceUnderTest;
beforeAll(async () => {
  gw = await startTestGateway();
  svc = await startServiceForTest(loggingService);
});
afterAll(async () => {
  await gw?.close();
  await svc?.close();
});

const LONG = 'q'.repeat(600);
const json = { 'content-type': 'application/json' };

/** [what, request, expected status, expected code, text that must not come back] */
const CASES: Array<[string, InjectOptions, number, string, string]> = [
  [
    'bad URL encoding (FST_ERR_BAD_URL)',
    { method: 'GET', url: '/api/character/%zzECHO/get' },
    400,
    'BAD_REQUEST',
    'zzECHO',
  ],
  [
    'too long parameter (FST_ERR_MAX_PARAM_LENGTH)',
    { method: 'GET', url: `/api/character/${LONG}/get` },
    414,
    'URI_TOO_LONG',
    LONG.slice(0, 50),
  ],
  [
    'malformed JSON',
    { method: 'POST', url: '/api/auth/login', headers: json, payload: '{"username":"ECHO' },
    400,
    'MALFORMED_JSON',
    'ECHO',
  ],
  [
    'body over the limit',
    { method: 'POST', url: '/api/auth/login', headers: json, payload: `{"username":"${'x'.repeat(2_000_000)}"}` },
    413,
    'PAYLOAD_TOO_LARGE',
    'xxxxxxxx',
  ],
  [
    'unsupported media type',
    { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/x-ECHO' }, payload: 'a' },
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'ECHO',
  ],
  [
    '256+ character file name',
    { method: 'GET', url: `/files/${'f'.repeat(300)}` },
    400,
    'VALIDATION_FAILED',
    'ffffffffff',
  ],
  [
    'long admin param through the prefix',
    { method: 'GET', url: `/api/${TEST_ADMIN_PREFIX}/users/%zz` },
    400,
    'BAD_REQUEST',
    '%zz',
  ],
];

function expectShape(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  echo: string,
): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ ok: false, message: expect.any(String), error: expect.any(String), code });
  expect(res.body).not.toContain(echo);
  expect(res.body).not.toMatch(/FST_|statusCode|at .*\.ts/u);
}

describe('framework errors', () => {
  it.each(CASES)(
    'gateway, %s, answers the DESIGN §4 shape without echoing input',
    async (_what, request, status, code, echo) => {
      expectShape(await gw.app.inject(request), status, code, echo);
    },
  );

  it.each([
    ['bad URL encoding', { method: 'GET' as const, url: '/api/logging/%zzECHO' }, 400, 'BAD_REQUEST', 'zzECHO'],
    [
      'malformed JSON',
      { method: 'POST' as const, url: '/api/admin/logs/filter', headers: json, payload: '{"type":"ECHO' },
      400,
      'MALFORMED_JSON',
      'ECHO',
    ],
    [
      'unsupported media type',
      {
        method: 'POST' as const,
        url: '/api/admin/logs/filter',
        headers: { 'content-type': 'text/ECHO' },
        payload: 'a',
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'ECHO',
    ],
  ] as const)(
    'a service started alone, %s, answers the DESIGN §4 shape without echoing input',
    async (_what, request, status, code, echo) => {
      expectShape(await svc.app.inject({ ...request }), status, code, echo);
    },
  );
});

describe('start-up time allowed', () => {
  it('gateway and a service started alone, an onReady hook slower than Fastify’s default 10 s, are given START_TIMEOUT_MS', () => {
    expect(gw.app.initialConfig.pluginTimeout).toBe(START_TIMEOUT_MS);
    expect(svc.app.initialConfig.pluginTimeout).toBe(START_TIMEOUT_MS);
    expect(START_TIMEOUT_MS).toBeGreaterThan(10_000);
  });
});
