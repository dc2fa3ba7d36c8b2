import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CredentialMessages } from './credentials.ts';
import { credentialsFor, standaloneCredentialKeys } from './standalone.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'credentials-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('standaloneCredentialKeys', () => {
  it('standaloneCredentialKeys, a secrets.json with the JWT secret only, adds a key and IV and keeps what was there', async () => {
    await writeFile(join(dir, 'secrets.json'), JSON.stringify({ JWT_SECRET: 'kept', ADMIN_PATH_PREFIX: 'admin-kept' }));
    const keys = await standaloneCredentialKeys(dir);
    const file = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(keys.CREDENTIALS_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.CREDENTIALS_IV).toMatch(/^[0-9a-f]{32}$/);
    expect(file).toEqual({ JWT_SECRET: 'kept', ADMIN_PATH_PREFIX: 'admin-kept', ...keys });
  });

  it('credentialsFor, standalone twice on one DATA_DIR, opens what the first sealed', async () => {
    const first = await credentialsFor({ keys: {}, dataDir: dir, standalone: true });
    const sealed = first.seal('google_key', 'AIza-standalone');
    const second = await credentialsFor({ keys: {}, dataDir: dir, standalone: true });
    expect(second.open('google_key', sealed)).toBe('AIza-standalone');
  });

  it('credentialsFor, a service alone with nothing set, refuses (every process must hold the same pair)', async () => {
    await expect(credentialsFor({ keys: {}, dataDir: dir, standalone: false })).rejects.toThrow(
      CredentialMessages.ivMissing,
    );
  });

  it('credentialsFor, standalone with only the key set, refuses rather than generating an IV for it', async () => {
    await expect(
      credentialsFor({ keys: { CREDENTIALS_KEY: 'ab'.repeat(32) }, dataDir: dir, standalone: true }),
    ).rejects.toThrow(CredentialMessages.ivMissing);
  });
});
