import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/index.ts';
import { loadServiceConfig } from './serve.ts';

const complete = { JWT_SECRET: 'x'.repeat(32), ADMIN_PATH_PREFIX: 'admin-prefix-1', PUBLIC_URL: 'https://talkwith.example' };

describe('distributed mode config', () => {
  it('loadServiceConfig, none of the three required variables, refuses naming each', () => {
    expect(() => loadServiceConfig({})).toThrow(ConfigError);
    const message = (() => { try { loadServiceConfig({}); return ''; } catch (err) { return (err as Error).message; } })();
    for (const name of ['JWT_SECRET', 'ADMIN_PATH_PREFIX', 'PUBLIC_URL']) expect(message).toContain(name);
  });

  it.each(['JWT_SECRET', 'ADMIN_PATH_PREFIX', 'PUBLIC_URL'] as const)('loadServiceConfig, only %s missing, refuses naming it', (name) => {
    const env: NodeJS.ProcessEnv = { ...complete, [name]: undefined };
    expect(() => loadServiceConfig(env)).toThrow(name);
  });

  it('loadServiceConfig, all three set, loads', () => {
    expect(loadServiceConfig(complete).PUBLIC_URL).toBe('https://talkwith.example');
  });
});
