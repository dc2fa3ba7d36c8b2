import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_EXAMPLE, missingVariables } from './env-example.ts';

describe('.env.example', () => {
  it('.env.example, compared with the config schema, lists every variable', () => {
    expect(missingVariables(readFileSync(ENV_EXAMPLE, 'utf8'))).toEqual([]);
  });

  it('.env.example check, a file lacking a variable, names it', () => {
    expect(missingVariables('PORT=3000\n')).toContain('JWT_SECRET');
  });
});
