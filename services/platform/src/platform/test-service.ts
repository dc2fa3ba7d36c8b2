import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from '@fastify/jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Platform, ServiceModule } from '../service/index.ts';
import { loadPlatformConfig } from './config.ts';
import { closePlatform, createPlatform } from './create.ts';
import { buildServiceApp } from './serve.ts';

export const TEST_JWT_SECRET = 'service-test-secret-0123456789-abcdefgh';
/** The credentials key and IV every service under test shares (a service alone requires them, as in distributed mode). */
export const TEST_CREDENTIALS = {
  CREDENTIALS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  CREDENTIALS_IV: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
} as const;

/**
 * Tests start services without background warm-ups unless they ask: dialogue's Japanese analyser costs about
 * 270 MB resident and seconds of CPU per process (scripts/bench/dialogue-warmup.ts), and most tests never search.
 */
export const NO_WARMUP = { ANALYSER_WARMUP: 'false' } as const;

export interface ServiceUnderTest {
  app: FastifyInstance;
  platform: Platform;
  /** An access token as identity would sign it. */
  tokenFor(sub: string, roles?: string[]): string;
  close(): Promise<void>;
}

export interface TestServiceOptions {
  /** Changes the embedded adapters before the service mounts (e.g. a search that behaves as Elasticsearch's does). */
  adapt?(platform: Platform): void;
}

/** One service as its own server (distributed mode) on embedded adapters in a temp DATA_DIR. */
export async function startServiceForTest(
  module: ServiceModule,
  env: Record<string, string> = {},
  options: TestServiceOptions = {},
): Promise<ServiceUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), `${module.name}-test-`));
  const fullEnv = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ...TEST_CREDENTIALS,
    ...NO_WARMUP,
    ...env,
  };
  const config = loadPlatformConfig(fullEnv);
  const platform = await createPlatform(config, { serviceName: module.name });
  options.adapt?.(platform);
  const app = await buildServiceApp(module, platform, config, fullEnv);
  await app.ready();
  const signer = Fastify();
  await signer.register(jwt, { secret: TEST_JWT_SECRET });
  await signer.ready();
  return {
    app,
    platform,
    tokenFor: (sub, roles = ['customer']) => signer.jwt.sign({ sub, roles } as never),
    async close() {
      await app.close();
      await signer.close();
      await closePlatform(platform);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
