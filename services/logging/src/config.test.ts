import { describe, expect, it } from 'vitest';
import { ConfigError } from '@talkwith/platform';
import { DEFAULT_RETENTION_DAYS, loadLoggingConfig } from './config.ts';

describe('logging configuration', () => {
  it('loadLoggingConfig, nothing set, keeps each category its default days and writes 500 lines a batch', () => {
    const config = loadLoggingConfig({});

    expect(config.retentionDays).toEqual(DEFAULT_RETENTION_DAYS);
    expect(config.LOG_INGEST_BATCH).toBe(500);
  });

  it('loadLoggingConfig, some categories set, overrides those and keeps the rest', () => {
    const config = loadLoggingConfig({ LOG_RETENTION_DAYS: 'play=14,error=365' });

    expect(config.retentionDays).toMatchObject({ play: 14, error: 365, connect: DEFAULT_RETENTION_DAYS.connect });
  });

  it.each(['plays=14', 'play=0', 'play=14;error=3', 'play'])(
    'loadLoggingConfig, LOG_RETENTION_DAYS=%s, throws ConfigError',
    (value) => {
      expect(() => loadLoggingConfig({ LOG_RETENTION_DAYS: value })).toThrow(ConfigError);
    },
  );
});
