import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.ts';
import { httpPlugin } from '../http/index.ts';
import { loggingOptions } from '../logger/index.ts';
import type { ConsumerLag, DocumentStore, EventBus } from '../ports/index.ts';
import { bearerMatches, metricsPlugin, serviceOfRoute } from './plugin.ts';
import { trackOpenSocket } from './sockets.ts';

const TOKEN = 'metrics-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** A fake platform: the bus reports `lag`, the store counts `unsent` outbox entries for a relaying bus. */
function fakePlatform(lag: ConsumerLag[], unsent: number, embedded = false) {
  const bus = { deliversFromOutbox: embedded, consumerLag: async () => lag } as unknown as EventBus;
  const store = { collection: () => ({ countDocuments: async () => unsent }) } as unknown as DocumentStore;
  return { bus, store, logger: pino({ level: 'silent' }) };
}

async function build(
  options: { token?: string; lag?: ConsumerLag[]; unsent?: number; embedded?: boolean } = {},
): Promise<FastifyInstance> {
  app = Fastify(loggingOptions(pino({ level: 'silent' })));
  await app.register(httpPlugin);
  await app.register(metricsPlugin, {
    platform: fakePlatform(options.lag ?? [], options.unsent ?? 0, options.embedded),
    service: 'gateway',
    token: options.token,
    services: [{ name: 'catalog', prefixes: ['/api/characters', '/api/character'] }],
  });
  app.get('/api/characters/by-slug/:slug', async () => ({ ok: true }));
  app.get('/api/own', async () => ({ ok: true }));
  app.get('/api/boom', async () => {
    throw new AppError('INTERNAL', 'broken');
  });
  await app.ready();
  return app;
}

const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics', headers: auth })).body;

describe('metrics endpoint', () => {
  it('metrics, no METRICS_TOKEN configured, answers 404 in the error shape', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('metrics, token configured but missing or wrong, answers 401 with a bearer challenge', async () => {
    await build({ token: TOKEN });
    const missing = await app.inject({ method: 'GET', url: '/metrics' });
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect([missing.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect(wrong.body).not.toContain('talkwith_http_requests_total');
  });

  it('metrics, right token, answers Prometheus text with process metrics', async () => {
    await build({ token: TOKEN });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('# TYPE talkwith_http_request_duration_seconds histogram');
  });
});

describe('metrics content', () => {
  it('http metrics, requests to a pattern route, are labelled by pattern and owning service, never the raw URL', async () => {
    await build({ token: TOKEN });
    await app.inject({ method: 'GET', url: '/api/characters/by-slug/secret-slug-123' });
    await app.inject({ method: 'GET', url: '/api/own' });
    const body = await scrape();
    expect(body).toContain(
      'talkwith_http_requests_total{service="catalog",method="GET",route="/api/characters/by-slug/:slug",status_class="2xx"} 1',
    );
    expect(body).toContain(
      'talkwith_http_requests_total{service="gateway",method="GET",route="/api/own",status_class="2xx"} 1',
    );
    expect(body).not.toContain('secret-slug-123');
  });

  it('http metrics, unknown URL and a failing route, count as unmatched 4xx and as a server error', async () => {
    await build({ token: TOKEN });
    await app.inject({ method: 'GET', url: '/no/such/thing-42' });
    await app.inject({ method: 'GET', url: '/api/boom' });
    const body = await scrape();
    expect(body).toContain(
      'talkwith_http_requests_total{service="gateway",method="GET",route="unmatched",status_class="4xx"} 1',
    );
    expect(body).toContain('talkwith_http_server_errors_total{service="gateway",method="GET",route="/api/boom"} 1');
    expect(body).not.toContain('thing-42');
  });

  it('event gauges, bus lag and unsent outbox entries, are reported per group and as the backlog', async () => {
    await build({ token: TOKEN, lag: [{ group: 'billing.tickets', lag: 7 }], unsent: 3 });
    const body = await scrape();
    expect(body).toContain('talkwith_event_consumer_lag{group="billing.tickets"} 7');
    expect(body).toContain('talkwith_outbox_backlog 3');
  });

  it('event gauges, embedded bus, report no outbox backlog (it delivers from the outbox)', async () => {
    await build({ token: TOKEN, unsent: 5, embedded: true });
    expect(await scrape()).toContain('talkwith_outbox_backlog 0');
  });

  it('socket gauge, one stt socket opened and one closed twice, counts the open ones only', async () => {
    await build({ token: TOKEN });
    const before = /talkwith_open_websockets\{socket="stt"\} (\d+)/.exec(await scrape())?.[1];
    const closeFirst = trackOpenSocket('stt');
    const closeSecond = trackOpenSocket('stt');
    closeFirst();
    closeFirst();
    const after = /talkwith_open_websockets\{socket="stt"\} (\d+)/.exec(await scrape())?.[1];
    closeSecond();
    expect(Number(after) - Number(before)).toBe(1);
  });
});

describe('metrics helpers', () => {
  it('serviceOfRoute, nested and look-alike prefixes, picks the longest whole-segment match', () => {
    const services = [
      { name: 'catalog' as const, prefixes: ['/api/character', '/api/admin'] },
      { name: 'identity' as const, prefixes: ['/api/admin/users'] },
    ];
    expect(serviceOfRoute('/api/character/:id/get', services, 'gateway')).toBe('catalog');
    expect(serviceOfRoute('/api/characters', services, 'gateway')).toBe('gateway');
    expect(serviceOfRoute('/api/admin/users/:id', services, 'gateway')).toBe('identity');
  });

  it('bearerMatches, token variants, accepts exactly "Bearer <token>"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
