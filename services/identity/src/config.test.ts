import { describe, expect, it } from 'vitest';
import { ConfigError } from '@talkwith/platform';
import { loadIdentityConfig } from './config.ts';

describe('identity config', () => {
  it('loadIdentityConfig, empty environment, allows 10 failed log-ins per account and address and 50 per address per 15 minutes and leaves Google sign-in off', () => {
    const config = loadIdentityConfig({});

    expect(config).toMatchObject({
      LOGIN_MAX_FAILURES: 10,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 50,
      LOGIN_WINDOW_SECONDS: 900,
      GOOGLE_ISSUER: 'https://accounts.google.com',
    });
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('loadIdentityConfig, a bad LOGIN_MAX_FAILURES, throws ConfigError naming it', () => {
    const load = () => loadIdentityConfig({ LOGIN_MAX_FAILURES: 'zero' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/LOGIN_MAX_FAILURES/);
  });
});
