import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_EXAMPLE, expectedEnvExample, missingVariables } from './env-example.ts';

describe('.env.example', () => {
  it('.env.example, compared with the config schema, lists every variable', () => {
    expect(missingVariables(readFileSync(ENV_EXAMPLE, 'utf8'))).toEqual([]);
  });

  it('.env.example check, a file lacking a variable, names it', () => {
    expect(missingVariables('PORT=3000\n')).toContain('JWT_SECRET');
  });

  it('.env.example check, a file lacking variables the gateway and identity own, names them', () => {
    const missing = missingVariables('PORT=3000\n');

    expect(missing).toEqual(
      expect.arrayContaining(['ADMIN_PATH_PREFIX', 'TRUST_PROXY_HOPS', 'LOGIN_MAX_FAILURES', 'GOOGLE_CLIENT_ID']),
    );
  });

  it('.env.example, compared with the generator, is what --write produces', () => {
    expect(readFileSync(ENV_EXAMPLE, 'utf8')).toBe(expectedEnvExample());
  });
});
