import { describe, expect, it } from 'vitest';
import { ConfigError, Type, describeConfig, loadConfig } from './index.ts';

const schema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000, description: 'HTTP port' }),
  DEBUG_SQL: Type.Boolean({ default: false, description: 'log queries' }),
  JWT_SECRET: Type.String({ minLength: 32, description: 'signing key for access tokens' }),
});

describe('loadConfig', () => {
  it('loadConfig, numbers and booleans from strings, converted and defaults filled', () => {
    const config = loadConfig(schema, { PORT: '8080', JWT_SECRET: 'x'.repeat(32) });
    expect(config).toEqual({ PORT: 8080, DEBUG_SQL: false, JWT_SECRET: 'x'.repeat(32) });
  });

  it('loadConfig, missing required variable, throws naming the variable and its doc', () => {
    expect(() => loadConfig(schema, {})).toThrowError(/JWT_SECRET.*signing key/);
  });

  it('loadConfig, out-of-range number, throws ConfigError naming PORT', () => {
    const act = () => loadConfig(schema, { PORT: '70000', JWT_SECRET: 'x'.repeat(32) });
    expect(act).toThrowError(ConfigError);
    expect(act).toThrowError(/PORT/);
  });

  it('describeConfig, every variable, documented with its default', () => {
    const lines = describeConfig(schema).join('\n');
    expect(lines).toContain('# HTTP port\nPORT=3000');
    expect(lines).toContain('JWT_SECRET=');
  });
});
