import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { adminCreate } from './admin-create.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function usersIn(dataDir: string) {
  const store = await createEmbeddedStore({ dir: join(dataDir, 'identity', 'store') });
  try {
    return await store
      .collection<{ _id: string; email: string; roles: string[]; mustChangePassword: boolean; passwordHash: string }>(
        'users',
      )
      .find({});
  } finally {
    await store.close();
  }
}

async function freshEnv(): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'talkwith-admin-create-'));
  dirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'x'.repeat(32),
    ADMIN_PASSWORD: 'Firstadmin123',
    PASSWORD_HASH_WORKERS: '1',
  };
}

describe('admin:create', () => {
  it('admin:create, no account yet, creates a confirmed admin; run again, changes nothing', async () => {
    const env = await freshEnv();

    const first = await adminCreate(['--email', 'Root@Example.com'], env);
    const second = await adminCreate(['--email', 'root@example.com'], env);

    expect(first).toBe('Root@Example.com: created');
    expect(second).toBe('root@example.com: already admin');
    const users = await usersIn(env.DATA_DIR!);
    expect(users.map((u) => ({ email: u.email, roles: u.roles, mustChangePassword: u.mustChangePassword }))).toEqual([
      { email: 'root@example.com', roles: ['admin'], mustChangePassword: false },
    ]);
  }, 60_000);

  it('admin:create, existing customer account, gives it the admin role and keeps its password', async () => {
    const env = await freshEnv();
    const store = await createEmbeddedStore({ dir: join(env.DATA_DIR!, 'identity', 'store') });
    await store
      .collection('users')
      .insertOne({ email: 'ops@example.com', passwordHash: 'kept', roles: [], mustChangePassword: false });
    await store.close();

    expect(await adminCreate(['--email', 'ops@example.com'], env)).toBe('ops@example.com: promoted');

    const [user] = await usersIn(env.DATA_DIR!);
    expect(user).toMatchObject({ email: 'ops@example.com', roles: ['admin'], passwordHash: 'kept' });
  }, 60_000);

  it('admin:create, weak ADMIN_PASSWORD, refuses naming it and creates nothing', async () => {
    const env: NodeJS.ProcessEnv = { ...(await freshEnv()), ADMIN_PASSWORD: 'short' };
    await expect(adminCreate(['--email', 'root@example.com'], env)).rejects.toThrow('ADMIN_PASSWORD');
    expect(await usersIn(env.DATA_DIR!)).toEqual([]);
  }, 60_000);

  it('admin:create, no --email, refuses naming it', async () => {
    await expect(adminCreate([], await freshEnv())).rejects.toThrow('--email');
  });
});
