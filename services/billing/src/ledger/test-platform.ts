import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '@talkwith/platform';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { ensureLedgerIndexes } from './model.ts';

export interface LedgerTestPlatform {
  platform: Platform;
  close(): Promise<void>;
}

/** The embedded ports in a temp dir, with the ledger's indexes: unit tests call the ledger functions against a real store. */
export async function ledgerTestPlatform(): Promise<LedgerTestPlatform> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-test-'));
  const platform = await createPlatform(loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
    serviceName: 'billing',
  });
  await ensureLedgerIndexes(platform.store);
  return {
    platform,
    async close() {
      await closePlatform(platform);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
