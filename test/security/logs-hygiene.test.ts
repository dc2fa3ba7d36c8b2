import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '@talkwith/platform';
import { createLogger } from '@talkwith/platform/logger';
import { buildServiceApp, closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { identityService } from '../../services/identity/src/index.ts';

/**
 * What the log says under attack (an outside attack test counted 168 stacks
 * from one 300-request burst, and 212 lines with e-mail addresses from query
 * strings). The identity service as it runs, with one Argon2id worker and no
 * queue, so a burst of sign-ups is shed; its log lines are read back.
 */
interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}
let app: FastifyInstance;
let platform: Platform;
let dir: string;
const lines: Line[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'logs-hygiene-'));
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    PASSWORD_HASH_WORKERS: '1',
    PASSWORD_HASH_QUEUE_LIMIT: '0',
  };
  const config = loadPlatformConfig(env);
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  platform = await createPlatform(config, {
    serviceName: 'identity',
    logger: createLogger({ level: 'info', destination: stream }),
  });
  app = await buildServiceApp(identityService, platform, config, env);
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  if (platform) await closePlatform(platform);
  await rm(dir, { recursive: true, force: true });
});

describe('logs under attack', () => {
  it('a burst of sign-ups the Argon2id pool sheds, each 503 logged as a warning without a stack', async () => {
    const from = lines.length;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: { 'x-forwarded-for': `10.9.0.${i + 1}` },
          payload: {
            email: `burst-${Date.now()}-${i}@example.jp`,
            password: 'Burst-pass-123',
            gender: 'female',
            date_of_birth: '1990-04-01',
          },
        }),
      ),
    );

    const shed = replies.filter((r) => r.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    const burst = lines.slice(from);
    expect(burst.filter((line) => line.level >= 50)).toEqual([]);
    expect(burst.filter((line) => line.level === 40 && line.kind === 'overload')).toHaveLength(shed.length);
    expect(JSON.stringify(burst)).not.toContain('"stack"');
  });

  it('addresses in query strings, never in any log line', async () => {
    const from = lines.length;
    for (const url of [
      '/api/admin/users?email=hanako.yamada@example.jp',
      '/api/mail?to=hanako.yamada%40example.jp&x=1',
      '/api/auth/login?username=hanako.yamada@example.jp',
    ]) {
      await app.inject({ method: 'GET', url });
    }

    const logged = JSON.stringify(lines.slice(from));
    expect(logged).toContain('[email]');
    expect(logged).not.toMatch(/hanako|yamada/);
  });
});
