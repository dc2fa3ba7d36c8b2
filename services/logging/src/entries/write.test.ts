import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedStore, type EmbeddedStore } from '@talkwith/platform/store';
import { DEFAULT_RETENTION_DAYS } from '../config.ts';
import { MS_PER_DAY } from './japan-time.ts';
import { migrateLegacyEntries } from './legacy.ts';
import { logsIn, openLogs, type LogDraft } from './model.ts';
import { expiryOf, storeEntries } from './write.ts';

let dir: string;
let store: EmbeddedStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'logging-write-'));
  store = await createEmbeddedStore({ dir, ttlIntervalMs: 20 });
  await openLogs(store);
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const draft = (over: Partial<LogDraft> = {}): LogDraft => ({
  created_at: new Date().toISOString(),
  type: 'play',
  source: 'client',
  user_id: 'u1',
  character_id: null,
  message: '',
  extra: null,
  actor_id: null,
  request_id: null,
  ...over,
});

describe('storing entries', () => {
  it('storeEntries, the same event id twice, stores one entry and reports it once', async () => {
    const first = await store.withTransaction((tx) =>
      storeEntries(tx, [{ id: 'e1', draft: draft() }], DEFAULT_RETENTION_DAYS),
    );
    const second = await store.withTransaction((tx) =>
      storeEntries(
        tx,
        [
          { id: 'e1', draft: draft() },
          { id: 'e1', draft: draft() },
        ],
        DEFAULT_RETENTION_DAYS,
      ),
    );

    expect(first).toHaveLength(1);
    expect(second).toEqual([]);
    expect(await logsIn(store).countDocuments({ _id: 'e1' })).toBe(1);
  });

  it('expiryOf, each category, expires after its own retention and an audit entry never', () => {
    const created = '2025-01-01T00:00:00.000Z';
    const retention = { ...DEFAULT_RETENTION_DAYS, play: 7, error: 400 };

    expect(expiryOf(draft({ created_at: created, type: 'play' }), retention)?.getTime()).toBe(
      Date.parse(created) + 7 * MS_PER_DAY,
    );
    expect(expiryOf(draft({ created_at: created, type: 'error', source: 'service' }), retention)?.getTime()).toBe(
      Date.parse(created) + 400 * MS_PER_DAY,
    );
    expect(expiryOf(draft({ created_at: created, type: 'admin', source: 'audit' }), retention)).toBeUndefined();
  });

  it('logs collection, a play line past its retention and an older audit entry, the TTL index removes the line only', async () => {
    const old = new Date(Date.now() - 40 * MS_PER_DAY).toISOString();
    await store.withTransaction((tx) =>
      storeEntries(
        tx,
        [
          { id: 'old-play', draft: draft({ created_at: old }) },
          {
            id: 'old-audit',
            draft: draft({
              created_at: new Date(Date.now() - 4000 * MS_PER_DAY).toISOString(),
              type: 'admin',
              source: 'audit',
            }),
          },
          { id: 'new-play', draft: draft() },
        ],
        DEFAULT_RETENTION_DAYS,
      ),
    );

    await expect.poll(() => logsIn(store).countDocuments({ _id: 'old-play' }), { timeout: 2000 }).toBe(0);

    expect((await logsIn(store).find({})).map((d) => d._id).sort()).toEqual(['new-play', 'old-audit']);
  });

  it('migrateLegacyEntries, entries of the first version, become contract entries keeping their expiry', async () => {
    const expiresAt = new Date(Date.now() + MS_PER_DAY);
    await store.collection('logs').insertMany([
      {
        _id: 'l1',
        kind: 'client',
        type: 'error',
        user_id: 'u1',
        data: { user_id: 'u1', type: 'error', extra: { os: 'iOS' } },
        at: '2025-01-01T00:00:00.000Z',
        expiresAt,
      },
      {
        _id: 'l2',
        kind: 'event',
        type: 'admin.acted',
        user_id: 'a1',
        data: { admin_id: 'a1', action: 'user.deleted', target_user_id: 'u2' },
        at: '2025-01-02T00:00:00.000Z',
      },
      {
        _id: 'l3',
        kind: 'event',
        type: 'user.logged_in',
        user_id: 'u3',
        data: { user_id: 'u3', relogin: true, method: 'password', at: '2025-01-03T00:00:00.000Z' },
        at: '2025-01-03T00:00:00.000Z',
        relogin: true,
      },
    ]);

    expect(await migrateLegacyEntries(store)).toBe(3);
    expect(await migrateLegacyEntries(store)).toBe(0);

    const docs = Object.fromEntries((await logsIn(store).find({})).map((d) => [d._id, d]));
    expect(docs.l1).toMatchObject({
      created_at: '2025-01-01T00:00:00.000Z',
      type: 'error',
      source: 'client',
      user_id: 'u1',
      extra: { os: 'iOS' },
      expiresAt,
    });
    expect(docs.l2).toMatchObject({
      type: 'admin',
      source: 'audit',
      actor_id: 'a1',
      user_id: 'u2',
      message: 'user.deleted',
    });
    expect(docs.l3).toMatchObject({ type: 'connect', source: 'service', message: '再ログイン（前回から48時間以内）' });
    expect(docs.l3).not.toHaveProperty('kind');
  });
});
