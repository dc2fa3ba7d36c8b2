/** Test helpers for the sandbox: an engine on a throw-away embedded store. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedStore } from '@talkwith/platform/store';
import type { DocumentStore } from '@talkwith/platform';
import { SandboxEngine } from './engine.ts';

export interface EngineUnderTest {
  engine: SandboxEngine;
  store: DocumentStore;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://localhost:3999';

/** An engine on a fresh store, or on the store in `dir` (reopened, as after a restart; the caller removes `dir`). */
export async function engineForTest(
  options: { pendingMs?: number; now?: () => number; dir?: string } = {},
): Promise<EngineUnderTest> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'sandbox-engine-')));
  const store = await createEmbeddedStore({ dir });
  const engine = new SandboxEngine({
    store,
    publicUrl: TEST_PUBLIC_URL,
    pendingMs: options.pendingMs ?? 100,
    now: options.now,
  });
  await engine.ensureIndexes();
  return {
    engine,
    store,
    async close() {
      await store.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function futureExpiry(): string {
  const year = (new Date().getUTCFullYear() + 3) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}
