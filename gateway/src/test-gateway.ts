import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '@talkwith/platform';
import type { Role } from '@talkwith/proto/identity';
import {
  closePlatform,
  createPlatform,
  loadPlatformConfig,
  NO_WARMUP,
  type PlatformConfig,
} from '@talkwith/platform/platform';
import { buildGateway } from './app.ts';
import type { SocketLimits } from './socket.ts';

export { eventually } from '@talkwith/platform/testing/eventually';

export const TEST_ADMIN_PREFIX = 'secret-admin-test';

export interface TestGateway {
  app: FastifyInstance;
  platform: Platform;
  config: PlatformConfig;
  dir: string;
  tokenFor(sub: string, roles?: Role[]): string;
  close(): Promise<void>;
}

/** The standalone gateway (all six services) on a temp DATA_DIR; `env` picks adapters (e.g. BUS_URL). */
export async function startTestGateway(
  env: Record<string, string> = {},
  options: { webDist?: string; rateLimitMax?: number; socketLimits?: Partial<SocketLimits> } = {},
): Promise<TestGateway> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  const fullEnv = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    ADMIN_PATH_PREFIX: TEST_ADMIN_PREFIX,
    ...NO_WARMUP,
    ...env,
  };
  const config = loadPlatformConfig(fullEnv);
  const platform = await createPlatform(config);
  const app = await buildGateway({
    config,
    env: fullEnv,
    platform,
    webDist: options.webDist ?? join(dir, 'no-web-build'),
    ...(options.rateLimitMax ? { rateLimitMax: options.rateLimitMax } : {}),
    ...(options.socketLimits ? { socketLimits: options.socketLimits } : {}),
  });
  await app.ready();
  return {
    app,
    platform,
    config,
    dir,
    tokenFor: (sub, roles: Role[] = ['customer']) => app.jwt.sign({ sub, roles }, { expiresIn: 600 }),
    async close() {
      await app.close();
      await closePlatform(platform);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
