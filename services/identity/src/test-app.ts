import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@talkwith/proto';
import type { Platform } from '@talkwith/platform';
import { httpPlugin, lazySchemaCompilers, trustHops } from '@talkwith/platform/http';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import accountsPlugin from './accounts-plugin.ts';
import { seedAdmin } from './accounts/seed-admin.ts';
import type { GoogleSettings } from './google/google-signin.ts';
import type { LoginLimitOptions } from './accounts/login-limiter.ts';
import type { Argon2Params, HashPoolOptions } from './accounts/password-hash.ts';

/** A fast Argon2id for tests (64 KiB, one pass); production uses OWASP_ARGON2. */
export const TEST_ARGON2: Argon2Params = { memory: 64, passes: 1, parallelism: 1 };

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  published: EventEnvelope[];
  /** The events of `type` seen so far, once at least `count` have arrived (delivery is asynchronous). */
  eventsOf(type: string, count?: number): Promise<EventEnvelope[]>;
  close(): Promise<void>;
}

/** The accounts plugin on the embedded adapters standalone mode uses, in a temp dir. */
export async function buildTestApp(
  options: {
    trustProxy?: boolean | number;
    maxFailures?: number;
    login?: Partial<LoginLimitOptions>;
    google?: GoogleSettings;
    hashing?: { params?: Argon2Params } & Partial<HashPoolOptions>;
  } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'identity-test-'));
  // The same adapters standalone mode runs: embedded store, durable bus, outbox, memory cache, mail outbox.
  const platform = await createPlatform(loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
    serviceName: 'identity',
  });
  const published: EventEnvelope[] = [];
  await platform.bus.subscribe({
    group: 'test-recorder',
    types: [
      'user.registered',
      'user.logged_in',
      'user.email_changed',
      'user.language_changed',
      'user.deleted',
      'admin.acted',
    ],
    handler: async (e: EventEnvelope) => {
      published.push(e);
    },
  });
  const hops = options.trustProxy;
  const trustProxy = typeof hops === 'number' ? trustHops(hops) : (hops ?? false);
  const app: FastifyInstance = Fastify({ trustProxy, ...lazySchemaCompilers } satisfies FastifyHttpOptions<Server>);
  await app.register(httpPlugin);
  await app.register(accountsPlugin, {
    platform,
    jwtSecret: 'test-secret-that-is-long-enough-0123456789',
    accessTtlSeconds: 900,
    publicUrl: 'http://localhost:3000',
    hashing: { params: TEST_ARGON2, workers: 2, maxQueue: 1000, ...options.hashing },
    login: {
      maxFailures: options.maxFailures ?? 10,
      maxFailuresPerAddress: 50,
      windowMs: 15 * 60_000,
      ...options.login,
    },
    refreshTtlMs: 30 * 24 * 3600_000,
    google: options.google ?? null,
  });
  await app.ready();
  return {
    app,
    platform,
    published,
    eventsOf: (type, count = 1) =>
      eventually(async () => {
        const seen = published.filter((e) => e.type === type);
        return seen.length >= count && seen;
      }),
    async close() {
      await app.close();
      await closePlatform(platform);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The last link of the given path mailed to `to`, as a user would click it. */
export async function tokenFromMail(platform: Platform, to: string, path: string): Promise<string> {
  // Some mails are sent after the answer (password reset, resend): wait a little for them.
  const token = await eventually(async () => {
    const [mail] = await platform.mail.recent({ to, limit: 1 });
    return mail?.text.match(new RegExp(`${path}/([A-Za-z0-9_-]+)`))?.[1];
  }, 5_000).catch(() => undefined);
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}

let counter = 0;
/** An admin (no password change pending) logged in: the Authorization header value of its access token. */
export async function signedInAdmin(t: TestApp): Promise<string> {
  const credentials = await seedAdmin(t.app.accounts, `admin-${Date.now()}@talkwith.local`, {
    mustChangePassword: false,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: credentials!.email, password: credentials!.password },
  });
  return `Bearer ${res.json().accessToken}`;
}

export function uniqueEmail(): string {
  counter += 1;
  return `user${Date.now()}${counter}@example.jp`;
}

export function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}
