import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/index.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPlatformConfig } from './config.ts';
import { createPlatform } from './create.ts';
import { loadServiceConfig } from './serve.ts';

const complete = {
  JWT_SECRET: 'x'.repeat(32),
  ADMIN_PATH_PREFIX: 'admin-prefix-1',
  PUBLIC_URL: 'https://talkwith.example',
};

describe('distributed mode config', () => {
  it('loadServiceConfig, none of the three required variables, refuses naming each', () => {
    expect(() => loadServiceConfig({})).toThrow(ConfigError);
    const message = (() => {
      try {
        loadServiceConfig({});
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    for (const name of ['JWT_SECRET', 'ADMIN_PATH_PREFIX', 'PUBLIC_URL']) expect(message).toContain(name);
  });

  it.each(['JWT_SECRET', 'ADMIN_PATH_PREFIX', 'PUBLIC_URL'] as const)(
    'loadServiceConfig, only %s missing, refuses naming it',
    (name) => {
      const env: NodeJS.ProcessEnv = { ...complete, [name]: undefined };
      expect(() => loadServiceConfig(env)).toThrow(name);
    },
  );

  it('loadServiceConfig, all three set, loads', () => {
    expect(loadServiceConfig(complete).PUBLIC_URL).toBe('https://talkwith.example');
  });
});

describe('replicas on the embedded store', () => {
  it('createPlatform, REPLICAS=2 without STORE_URL, refuses naming STORE_URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-replicas-'));
    try {
      await expect(
        createPlatform(loadPlatformConfig({ DATA_DIR: dataDir, REPLICAS: '2', LOG_LEVEL: 'silent' }), {
          serviceName: 'billing',
        }),
      ).rejects.toThrow(/STORE_URL/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
