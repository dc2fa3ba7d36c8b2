import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  credentialCipherFrom,
  generateCredentialKeys,
  type CredentialCipher,
  type CredentialKeys,
} from './credentials.ts';

/**
 * Standalone mode needs no setup: the credentials key and IV are generated on
 * first start and kept in DATA_DIR/secrets.json (mode 0600) beside the JWT
 * secret the gateway keeps there, so sealed values open after a restart. The
 * file is merged, never rewritten from scratch: losing the pair loses every
 * sealed credential. In one process, catalog and dialogue share one read.
 */
const pending = new Map<string, Promise<Required<CredentialKeys>>>();

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

async function loadOrGenerate(dir: string): Promise<Required<CredentialKeys>> {
  const file = join(dir, 'secrets.json');
  const stored = await readJson(file);
  if (typeof stored.CREDENTIALS_KEY === 'string' && typeof stored.CREDENTIALS_IV === 'string') {
    return { CREDENTIALS_KEY: stored.CREDENTIALS_KEY, CREDENTIALS_IV: stored.CREDENTIALS_IV };
  }
  const keys = generateCredentialKeys();
  await mkdir(dir, { recursive: true });
  // Written aside and renamed: a crash mid-write never leaves a half file in place of the JWT secret.
  await writeFile(`${file}.tmp`, JSON.stringify({ ...stored, ...keys }, null, 2), { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return keys;
}

export function standaloneCredentialKeys(dataDir: string): Promise<Required<CredentialKeys>> {
  const dir = resolve(dataDir);
  let keys = pending.get(dir);
  if (!keys) {
    keys = loadOrGenerate(dir);
    pending.set(dir, keys);
    keys.catch(() => pending.delete(dir));
  }
  return keys;
}

/**
 * The cipher of a service that keeps credentials (catalog, dialogue). A
 * configured pair is always checked (Japanese errors when one is missing or
 * malformed). With neither set, standalone generates one under DATA_DIR;
 * a service running alone (distributed mode) refuses to start, since every
 * process that opens a sealed value must hold the same pair.
 */
export async function credentialsFor(options: {
  keys: CredentialKeys;
  dataDir: string;
  standalone: boolean;
}): Promise<CredentialCipher> {
  const { keys } = options;
  if (options.standalone && !keys.CREDENTIALS_KEY && !keys.CREDENTIALS_IV)
    return credentialCipherFrom(await standaloneCredentialKeys(options.dataDir));
  return credentialCipherFrom(keys);
}
