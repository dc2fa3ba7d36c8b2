import { AppError } from '../errors/index.ts';
import type {
  FieldKind,
  ReadingForms,
  ReadingsOptions,
  SearchIndexOptions,
  SearchHit,
  SearchIndex,
  SearchQuery,
} from '../ports/search.ts';
import { DocumentIndex } from './document-index.ts';
import { loadSnapshots, SnapshotWriter } from './snapshots.ts';

export interface LocalSearchOptions {
  /** Where snapshots live; without it the index lives only in memory. */
  dir?: string;
}

const INDEX_NAME = /^[a-z0-9][a-z0-9_.-]{0,199}$/;

/** In-process search: minisearch BM25 over Japanese-aware tokens, snapshotted per index to `dir`. */
export async function createLocalSearch(options: LocalSearchOptions = {}): Promise<SearchIndex> {
  const indexes = options.dir ? await loadSnapshots(options.dir) : new Map<string, DocumentIndex>();
  return new LocalSearch(indexes, options.dir ? new SnapshotWriter(options.dir) : null);
}

class LocalSearch implements SearchIndex {
  private readonly indexes: Map<string, DocumentIndex>;
  private readonly snapshots: SnapshotWriter | null;
  private loadReadings: (() => Promise<ReadingForms>) | null = null;
  private readingForms: Promise<ReadingForms> | null = null;
  /** The analyser once loaded (searches then use it without awaiting). */
  private loadedForms: ReadingForms | undefined;
  /** useReadings asked for a warm-up: searches do not wait for the analyser. */
  private warm = false;

  constructor(indexes: Map<string, DocumentIndex>, snapshots: SnapshotWriter | null) {
    this.indexes = indexes;
    this.snapshots = snapshots;
  }

  async ensureIndex(
    index: string,
    mapping: Record<string, FieldKind>,
    options: SearchIndexOptions = {},
  ): Promise<void> {
    if (!INDEX_NAME.test(index)) throw new AppError('VALIDATION_FAILED', `invalid search index name: ${index}`);
    const current = this.indexes.get(index);
    const readingsChange = options.readings !== undefined && options.readings !== current?.readings;
    if (current && sameMapping(current.mapping, mapping) && !options.synonyms && !readingsChange) return;
    const next =
      current && sameMapping(current.mapping, mapping)
        ? current
        : DocumentIndex.create({ ...current?.mapping, ...mapping }, current?.docs);
    next.setSynonyms(options.synonyms ?? current?.synonymGroups ?? []);
    next.setReadings(options.readings ?? current?.readings ?? false);
    this.indexes.set(index, next);
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
    const found = this.existing(index);
    const forms = found.readings ? await this.analyser() : undefined;
    const { total, hits } = found.search<T>(query, forms);
    return { total, hits: hits.map((hit) => ({ ...hit, doc: structuredClone(hit.doc) })) };
  }

  async refresh(index: string): Promise<void> {
    this.existing(index);
  }

  async dropIndex(index: string): Promise<void> {
    if (this.indexes.delete(index)) await this.persist(index);
  }

  async ping(): Promise<void> {}

  useReadings(load: () => Promise<ReadingForms>, options: ReadingsOptions = {}): void {
    this.loadReadings = load;
    this.readingForms = null;
    this.loadedForms = undefined;
    this.warm = options.warm === true;
    // A failed warm-up is left to the next search, which tries again (and waits for it).
    if (this.warm) this.load().catch(() => {});
  }

  /**
   * The analyser for a search: loaded once (none given: undefined). The first search waits for the load,
   * except while a warm-up is loading it: then undefined, the search matches by surface rather than wait.
   */
  private async analyser(): Promise<ReadingForms | undefined> {
    if (!this.loadReadings) return undefined;
    if (this.loadedForms) return this.loadedForms;
    if (this.warm && this.readingForms) return undefined;
    return this.load();
  }

  /** The one load of the analyser; a failed load is forgotten so the next search tries again. */
  private load(): Promise<ReadingForms> {
    const load = this.loadReadings!;
    this.readingForms ??= load().then(
      (forms) => (this.loadedForms = forms),
      (err: unknown) => {
        this.readingForms = null;
        this.warm = false;
        throw err;
      },
    );
    return this.readingForms;
  }

  async close(): Promise<void> {
    await this.snapshots?.flush();
  }

  private existing(index: string): DocumentIndex {
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
