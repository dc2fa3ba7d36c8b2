import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

interface StoredSecrets {
  JWT_SECRET: string;
  ADMIN_PATH_PREFIX: string;
}

async function readSecrets(file: string): Promise<Partial<StoredSecrets> & Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Partial<StoredSecrets> & Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

/**
 * Standalone mode needs no setup: a JWT secret and an admin path prefix are
 * generated on first start and kept in DATA_DIR/secrets.json (mode 0600), so
 * sessions and the admin URL survive restarts. Configured values win. Returns
 * the environment with both filled in, for every part to load its config from.
 */
export async function ensureStandaloneSecrets(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<{ env: NodeJS.ProcessEnv; generated: boolean }> {
  const dir = resolve(dataDir);
  const file = join(dir, 'secrets.json');
  const stored = await readSecrets(file);
  const secrets: StoredSecrets = {
    JWT_SECRET: stored.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    ADMIN_PATH_PREFIX: stored.ADMIN_PATH_PREFIX ?? `admin-${randomBytes(9).toString('base64url')}`,
  };
  const generated = stored.JWT_SECRET === undefined || stored.ADMIN_PATH_PREFIX === undefined;
  if (generated) {
    await mkdir(dir, { recursive: true });
    // Merged: the file also keeps the credentials key (platform/secrets), which must never be lost.
    await writeFile(file, JSON.stringify({ ...stored, ...secrets }, null, 2), { mode: 0o600 });
  }
  // An empty variable counts as unset, as it does for loadConfig.
  return {
    env: {
      ...env,
      JWT_SECRET: env.JWT_SECRET || secrets.JWT_SECRET,
      ADMIN_PATH_PREFIX: env.ADMIN_PATH_PREFIX || secrets.ADMIN_PATH_PREFIX,
    },
    generated,
  };
}
