import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import type { FieldKind, SearchHit, SearchIndex, SearchQuery } from '../ports/search.ts';
import { InvertedIndex } from './bm25.ts';

export interface LocalSearchOptions {
  /** Where snapshots live; without it the index lives only in memory. */
  dir?: string;
}

interface Snapshot {
  mapping: Record<string, FieldKind>;
  docs: Record<string, Record<string, unknown>>;
}

const INDEX_NAME = /^[a-z0-9][a-z0-9_.-]{0,199}$/;
const SNAPSHOT_SUFFIX = '.index.json';

/** In-process search: BM25 over Japanese-aware tokens, snapshotted per index to `dir`. */
export async function createLocalSearch(options: LocalSearchOptions = {}): Promise<SearchIndex> {
  const search = new LocalSearch(options.dir);
  if (options.dir) await loadSnapshots(options.dir, search.indexes);
  return search;
}

class LocalSearch implements SearchIndex {
  readonly indexes = new Map<string, InvertedIndex>();
  private readonly snapshots: SnapshotWriter | null;

  constructor(dir: string | undefined) {
    this.snapshots = dir ? new SnapshotWriter(dir) : null;
  }

  async ensureIndex(index: string, mapping: Record<string, FieldKind>): Promise<void> {
    if (!INDEX_NAME.test(index)) throw new AppError('VALIDATION_FAILED', `invalid search index name: ${index}`);
    const current = this.indexes.get(index);
    if (current && sameMapping(current.mapping, mapping)) return;
    const rebuilt = new InvertedIndex({ ...current?.mapping, ...mapping });
    for (const [id, doc] of current?.docs ?? []) rebuilt.upsert(id, doc);
    this.indexes.set(index, rebuilt);
    await this.persist(index);
  }

  async upsert(index: string, id: string, doc: Record<string, unknown>): Promise<void> {
    this.existing(index).upsert(id, structuredClone(doc));
    await this.persist(index);
  }

  async remove(index: string, id: string): Promise<void> {
    if (this.existing(index).remove(id)) await this.persist(index);
  }

  async search<T>(index: string, query: SearchQuery): Promise<{ total: number; hits: SearchHit<T>[] }> {
    const { total, hits } = this.existing(index).search<T>(query);
    return { total, hits: hits.map((hit) => ({ ...hit, doc: structuredClone(hit.doc) })) };
  }

  async refresh(index: string): Promise<void> {
    this.existing(index);
  }

  async dropIndex(index: string): Promise<void> {
    if (this.indexes.delete(index)) await this.persist(index);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    await this.snapshots?.flush();
  }

  private existing(index: string): InvertedIndex {
    const found = this.indexes.get(index);
    if (!found) throw new AppError('NOT_FOUND', `search index ${index} does not exist`);
    return found;
  }

  private persist(index: string): Promise<void> {
    return this.snapshots?.write(index, () => this.indexes.get(index)) ?? Promise.resolve();
  }
}

function sameMapping(a: Record<string, FieldKind>, b: Record<string, FieldKind>): boolean {
  return Object.entries(b).every(([field, kind]) => a[field] === kind);
}

async function loadSnapshots(dir: string, indexes: Map<string, InvertedIndex>): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    if (!name.endsWith(SNAPSHOT_SUFFIX)) continue;
    const snapshot = JSON.parse(await readFile(join(dir, name), 'utf8')) as Snapshot;
    const index = new InvertedIndex(snapshot.mapping);
    for (const [id, doc] of Object.entries(snapshot.docs)) index.upsert(id, doc);
    indexes.set(name.slice(0, -SNAPSHOT_SUFFIX.length), index);
  }
}

/**
 * Writes one JSON snapshot per index via temp file + rename, so a crash never
 * leaves a half-written snapshot. Writes of one index are serialised and
 * coalesced: a caller resolves once a snapshot taken after its change is on disk.
 */
class SnapshotWriter {
  private readonly dir: string;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(dir: string) {
    this.dir = dir;
  }

  write(name: string, current: () => InvertedIndex | undefined): Promise<void> {
    const queued = this.pending.get(name);
    if (queued) return queued;
    const previous = this.chains.get(name) ?? Promise.resolve();
    const next = previous.then(() => {
      this.pending.delete(name);
      return this.writeNow(name, current());
    });
    this.pending.set(name, next);
    this.chains.set(name, next.catch(() => undefined));
    return next;
  }

  async flush(): Promise<void> {
    await Promise.all(this.chains.values());
  }

  private async writeNow(name: string, index: InvertedIndex | undefined): Promise<void> {
    const target = join(this.dir, name + SNAPSHOT_SUFFIX);
    if (!index) {
      await rm(target, { force: true });
      return;
    }
    const snapshot: Snapshot = { mapping: index.mapping, docs: Object.fromEntries(index.docs) };
    const temp = join(this.dir, `.${name}.${randomUUID()}.tmp`);
    await writeFile(temp, JSON.stringify(snapshot), { flush: true });
    await rename(temp, target);
  }
}
