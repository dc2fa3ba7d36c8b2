import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createEmbeddedStore } from '@talkwith/platform/store';
import { openLogs, type LogDoc } from '../entries/model.ts';
import { csvPages, readPage } from './pages.ts';

/** V8 allocates a string over 128 kB (64 Ki two-byte characters) outside the young generation. */
const LARGE_OBJECT_CHARS = 64 * 1024;

it('csvPages, 2,500 rows of Japanese text, yields every row once in chunks V8 can free young', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'logging-pages-'));
  const store = await createEmbeddedStore({ dir });
  try {
    const logs = await openLogs(store);
    const start = Date.UTC(2025, 0, 1);
    const docs: LogDoc[] = Array.from({ length: 2500 }, (_, i) => ({
      _id: `log-${String(i).padStart(5, '0')}`,
      created_at: new Date(start + i * 1000).toISOString(),
      type: 'play',
      source: 'client',
      user_id: 'u-1',
      character_id: 'c-1',
      message: `再生しました、行 ${i}: 「こんにちは」と話しかけた`,
      extra: { os: 'iOS', n: i },
      actor_id: null,
      request_id: null,
    }));
    await logs.insertMany(docs);

    const chunks: string[] = [];
    for await (const chunk of csvPages(logs, {}, await readPage(logs, {}))) chunks.push(chunk);

    const lines = chunks.join('').split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(2500);
    expect(new Set(lines).size).toBe(2500);
    expect(lines[0]).toContain('行 2499');
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(LARGE_OBJECT_CHARS / 2);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});
