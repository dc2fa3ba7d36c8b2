import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from './embedded-store.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('embedded store file modes', () => {
  it('createEmbeddedStore, a fresh directory, the database and its write-ahead log are 0600', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-mode-'));
    const store = await createEmbeddedStore({ dir: join(dir, 'store') });
    await store.collection('mail_outbox').insertOne({ text: 'https://example.jp/password_reset/x' });

    const modes = [
      await modeOf(join(dir, 'store', 'store.sqlite')),
      await modeOf(join(dir, 'store', 'store.sqlite-wal')),
    ];
    await store.close();
    await rm(dir, { recursive: true, force: true });

    expect(modes).toEqual([0o600, 0o600]);
  });

  it('createEmbeddedStore, an existing world-readable file, made 0600', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-mode-'));
    await writeFile(join(dir, 'store.sqlite'), '', { mode: 0o644 });

    const store = await createEmbeddedStore({ dir });
    const mode = await modeOf(join(dir, 'store.sqlite'));
    await store.close();
    await rm(dir, { recursive: true, force: true });

    expect(mode).toBe(0o600);
  });
});
