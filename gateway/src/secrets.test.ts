import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureStandaloneSecrets } from './secrets.ts';

describe('standalone secrets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('ensureStandaloneSecrets, empty DATA_DIR, generates both and reports it', async () => {
    const { env, generated } = await ensureStandaloneSecrets({}, dir);

    expect(generated).toBe(true);
    expect(env.JWT_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(env.ADMIN_PATH_PREFIX).toMatch(/^admin-[A-Za-z0-9_-]+$/);
  });

  it('ensureStandaloneSecrets, second start, returns the stored ones without generating', async () => {
    const first = await ensureStandaloneSecrets({}, dir);

    const second = await ensureStandaloneSecrets({}, dir);

    expect(second.generated).toBe(false);
    expect(second.env).toMatchObject({
      JWT_SECRET: first.env.JWT_SECRET,
      ADMIN_PATH_PREFIX: first.env.ADMIN_PATH_PREFIX,
    });
  });

  it('ensureStandaloneSecrets, configured values, win over the stored ones', async () => {
    await ensureStandaloneSecrets({}, dir);

    const { env } = await ensureStandaloneSecrets(
      { JWT_SECRET: 'configured-secret-0123456789-abcdefghij', ADMIN_PATH_PREFIX: 'configured-admin' },
      dir,
    );

    expect(env).toMatchObject({
      JWT_SECRET: 'configured-secret-0123456789-abcdefghij',
      ADMIN_PATH_PREFIX: 'configured-admin',
    });
  });
});
