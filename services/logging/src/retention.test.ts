import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import type { EventOf } from '@talkwith/proto';
import { loadLoggingConfig } from './config.ts';
import { openLogs, recordEvent } from './log-store.ts';

const DAY_MS = 86_400_000;
const envelope = (id: string, daysAgo: number) => ({ id, version: 1, occurredAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(), key: 'k' });

describe('client log retention', () => {
  it('loadLoggingConfig, nothing set, keeps client lines 90 days', () => {
    expect(loadLoggingConfig({}).CLIENT_LOG_RETENTION_DAYS).toBe(90);
    expect(loadLoggingConfig({ CLIENT_LOG_RETENTION_DAYS: '7' }).CLIENT_LOG_RETENTION_DAYS).toBe(7);
  });

  it('logs collection, a client line older than the retention and an audit entry as old, the TTL index removes the line and keeps the audit entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'logging-ttl-'));
    const store = await createEmbeddedStore({ dir, ttlIntervalMs: 20 });
    try {
      const logs = await openLogs(store);
      await recordEvent(logs, { ...envelope('old-line', 91), type: 'client.logged', data: { user_id: 'u1', type: 'play' } } as EventOf<'client.logged'>, 90);
      await recordEvent(logs, { ...envelope('new-line', 1), type: 'client.logged', data: { user_id: null, type: 'error' } } as EventOf<'client.logged'>, 90);
      await recordEvent(logs, { ...envelope('audit', 400), type: 'admin.acted', data: { admin_id: 'a1', action: 'user.deleted', target_user_id: 'u1' } } as EventOf<'admin.acted'>, 90);

      await expect.poll(() => logs.countDocuments({ _id: 'old-line' }), { timeout: 2000 }).toBe(0);

      expect((await logs.find({})).map((l) => l._id).sort()).toEqual(['audit', 'new-line']);
      const kept = await logs.findOne({ _id: 'new-line' });
      expect(kept?.expiresAt).toBeInstanceOf(Date);
      expect((kept?.expiresAt as Date).getTime() - Date.parse(kept?.at ?? '')).toBe(90 * DAY_MS);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
