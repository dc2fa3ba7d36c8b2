import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import type { Platform } from '@talkwith/platform';
import { loadBillingConfig } from '../config.ts';
import { providerFrom } from './index.ts';

let dir: string;
let platform: Platform;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'provider-from-'));
  platform = await createPlatform(
    loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'provider-test-secret-0123456789-abcdef' }),
    { serviceName: 'billing' },
  );
});
afterAll(async () => {
  await closePlatform(platform);
  await rm(dir, { recursive: true, force: true });
});

describe('providerFrom', () => {
  it('providerFrom, PAYMENT_PROVIDER unset, answers the sandbox with its token endpoint on the public origin', async () => {
    const provider = await providerFrom(loadBillingConfig({}), platform, 'https://talk.example.jp');
    expect(provider.name).toBe('sandbox');
    expect(provider.tokenEndpoint()).toEqual({
      url: 'https://talk.example.jp/api/payment/sandbox/tokens',
      tokenApiKey: 'sandbox',
    });
    await expect(provider.ping()).resolves.toBeUndefined();
  });
});
