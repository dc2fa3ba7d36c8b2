import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import type { ServiceModule } from '@talkwith/platform';
import { messages } from '@talkwith/platform/http';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { services } from './services.ts';

/**
 * In distributed mode the gateway proxies a path to a service only when it lies
 * under one of the prefixes the service declares (upstreams.ts), and the public
 * reaches admin routes only through the secret ADMIN_PATH_PREFIX, which the
 * gateway rewrites to /api/admin (admin-prefix.ts). A route outside its
 * service's prefixes answers 404 in distributed mode while it works standalone;
 * an admin route outside /api/admin is reachable without the secret prefix.
 */

interface OwnedRoutes {
  service: ServiceModule;
  svc: ServiceUnderTest;
  routes: Array<{ method: string; url: string; websocket: boolean }>;
}

/** The service with an onRoute hook in front of its plugin: every route its plugin (and the plugins it registers) adds. */
function recording(service: ServiceModule, routes: OwnedRoutes['routes']): ServiceModule {
  return {
    ...service,
    plugin: async (app, options) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push({ method, url: route.url, websocket: route.websocket === true });
      });
      // Validation off in this scope, so each handler runs and its own admin check answers (see the admin probe below).
      app.setValidatorCompiler(() => () => true);
      await service.plugin(app, options);
    },
  };
}

/** Whole segments, a `:param` in the prefix matching any one segment (dialogue's album prefix). */
export function liesUnder(url: string, prefix: string): boolean {
  const path = url.split('/');
  const owned = prefix.split('/');
  if (path.length < owned.length) return false;
  return owned.every(
    (segment, i) => segment === path[i] || (segment.startsWith(':') && path[i] !== '' && path[i] !== '*'),
  );
}

const owned: OwnedRoutes[] = [];
beforeAll(async () => {
  for (const service of services) {
    const routes: OwnedRoutes['routes'] = [];
    owned.push({ service, routes, svc: await startServiceForTest(recording(service, routes)) });
  }
}, 120_000);
afterAll(async () => {
  for (const { svc } of owned) await svc.close();
});

const CUSTOMER = 'route-probe-customer';
/**
 * A concrete path for a route pattern: each `:param` (and a trailing `*`)
 * filled, a user id with the caller's own, so a route that lets users reach
 * only their own data admits them and only the admin check is left to refuse.
 */
const concrete = (url: string) =>
  url
    .replace(/:user_?id\b/gi, CUSTOMER)
    .replace(/:[A-Za-z_]+/g, 'x-1')
    .replace(/\*$/, 'x');

describe("every route of every service, against the gateway's routing table", () => {
  it("when the services are mounted, each route lies under one of its own service's prefixes", () => {
    const outside = owned.flatMap(({ service, routes }) =>
      routes
        .filter(({ url }) => !service.prefixes.some((prefix) => liesUnder(url, prefix)))
        .map(({ method, url }) => `${service.name} ${method} ${url}`),
    );
    expect(owned.every(({ routes }) => routes.length > 0)).toBe(true);
    expect(outside).toEqual([]);
  });

  it('when a customer calls a route, only routes under /api/admin refuse them as not an admin', async () => {
    const refusedOutsideAdmin: string[] = [];
    const admittedInsideAdmin: string[] = [];
    for (const { service, svc, routes } of owned) {
      // A key too, as money routes check it before their handler runs.
      const headers = {
        authorization: `Bearer ${svc.tokenFor(CUSTOMER, ['customer'])}`,
        'idempotency-key': 'route-probe-key-0001',
      };
      // A WebSocket route answers only an upgrade (its admin check is in the tail's own tests).
      for (const { method, url } of routes.filter((route) => !route.websocket)) {
        const response = await svc.app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { user_id: CUSTOMER } }),
        });
        const body = response.statusCode === 403 ? response.json<{ code?: string; message?: string }>() : {};
        // The admin check's refusal (requireAdminCaller), not a CSRF or other 403.
        const refusedAsCustomer =
          response.statusCode === 403 && body.code === 'FORBIDDEN' && body.message === messages.forbidden;
        const underAdmin = liesUnder(url, '/api/admin');
        if (refusedAsCustomer && !underAdmin) refusedOutsideAdmin.push(`${service.name} ${method} ${url}`);
        if (!refusedAsCustomer && underAdmin && response.statusCode !== 401)
          admittedInsideAdmin.push(`${service.name} ${method} ${url} → ${response.statusCode}`);
      }
    }
    expect(refusedOutsideAdmin).toEqual([]);
    expect(admittedInsideAdmin).toEqual([]);
  }, 120_000);
});

describe('liesUnder', () => {
  it('when a path shares only a look-alike segment, does not count it as under the prefix', () => {
    expect(liesUnder('/api/characters/x', '/api/character')).toBe(false);
    expect(liesUnder('/api/character/x', '/api/character')).toBe(true);
    expect(liesUnder('/api/admin/full/users/:uid/:cid/album', '/api/admin/full/users/:id/:character_id/album')).toBe(
      true,
    );
  });
});
