import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/index.ts';
import { loadPlatformConfig, platformConfigSchema } from './config.ts';

describe('platform config', () => {
  it('platform config, empty environment, gives embedded defaults', () => {
    const config = loadPlatformConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.BUS_URL).toBeUndefined();
  });

  it('platform config, bad values, stops with a message naming each variable', () => {
    const bad = { PORT: 'eighty', BUS_URL: 'amqp://x', JWT_SECRET: 'short', LOG_LEVEL: 'loud' };
    expect(() => loadPlatformConfig(bad)).toThrow(ConfigError);
    try {
      loadPlatformConfig(bad);
    } catch (err) {
      const message = (err as Error).message;
      for (const name of Object.keys(bad)) expect(message).toContain(name);
    }
  });

  it('platform config, every variable, carries a description', () => {
    for (const [name, prop] of Object.entries(platformConfigSchema.properties)) {
      expect((prop as { description?: string }).description, name).toBeTruthy();
    }
  });

  it('platform config, BUS_LEASE_MS unset or bad, defaults to 10 s or names the variable', () => {
    expect(loadPlatformConfig({}).BUS_LEASE_MS).toBe(10_000);
    expect(loadPlatformConfig({ BUS_LEASE_MS: '2500' }).BUS_LEASE_MS).toBe(2500);
    expect(() => loadPlatformConfig({ BUS_LEASE_MS: '5' })).toThrow(/BUS_LEASE_MS/);
  });

  it('platform config, kafka and redis bus URLs, are both accepted', () => {
    expect(loadPlatformConfig({ BUS_URL: 'kafka://k1:9092,k2:9092' }).BUS_URL).toBe('kafka://k1:9092,k2:9092');
    expect(loadPlatformConfig({ BUS_URL: 'redis://127.0.0.1:6379' }).BUS_URL).toBe('redis://127.0.0.1:6379');
  });
});
