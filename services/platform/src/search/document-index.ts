import MiniSearch, { type AsPlainObject, type Options, type QueryCombination, type SearchOptions } from 'minisearch';
import type { FieldKind, ReadingForms, SearchHit, SearchQuery } from '../ports/search.ts';
import { analyzeDetailed, analyzeJapanese, normalizeJapanese } from './analyzer.ts';
import { extractField, ID_FIELD, type Entry } from './entry.ts';
import { ReadingIndex, type Scored } from './reading-index.ts';

/** The persisted form of one index; `text` is absent in snapshots written before minisearch, which are re-indexed on load. */
export interface IndexSnapshot {
  mapping: Record<string, FieldKind>;
  docs: Record<string, Record<string, unknown>>;
  text?: AsPlainObject;
  /** Synonym groups, normalised (absent in snapshots from before synonyms: none). */
  synonyms?: string[][];
  /** Matches by reading too (absent in snapshots from before readings: no). */
  readings?: boolean;
}

/**
 * Queries are analysed by `analyzeDetailed` before they reach minisearch (a
 * match needs the required tokens, ranking uses all of them), so each query
 * string handed over is already one normalised token.
 */
const PRE_ANALYZED: SearchOptions = { tokenize: (token) => [token], processTerm: (token) => token };

/** One index: the documents as given, and a minisearch BM25 index over their text fields. */
export class DocumentIndex {
  readonly mapping: Record<string, FieldKind>;
  readonly docs: Map<string, Record<string, unknown>>;
  private readonly text: MiniSearch<Entry>;
  /** Normalised synonym groups: a query saying one member is also tried as saying each other. */
  private synonyms: string[][] = [];
  /** Whether the index asked to match by reading (SearchIndexOptions.readings). */
  private matchesReadings = false;
  /** The reading side, once a search with an analyser built it. */
  private readingIndex: ReadingIndex | null = null;

  private constructor(
    mapping: Record<string, FieldKind>,
    docs: Map<string, Record<string, unknown>>,
    text: MiniSearch<Entry>,
  ) {
    this.mapping = { ...mapping };
    this.docs = docs;
    this.text = text;
  }

  static create(
    mapping: Record<string, FieldKind>,
    docs: Iterable<[string, Record<string, unknown>]> = [],
  ): DocumentIndex {
    const index = new DocumentIndex(mapping, new Map(), new MiniSearch(miniSearchOptions(mapping)));
    for (const [id, doc] of docs) index.upsert(id, doc);
    return index;
  }

  static restore(snapshot: IndexSnapshot): DocumentIndex {
    if (!snapshot.text) return DocumentIndex.create(snapshot.mapping, Object.entries(snapshot.docs));
    const text = MiniSearch.loadJS<Entry>(snapshot.text, miniSearchOptions(snapshot.mapping));
    const index = new DocumentIndex(snapshot.mapping, new Map(Object.entries(snapshot.docs)), text);
    index.synonyms = snapshot.synonyms ?? [];
    index.matchesReadings = snapshot.readings ?? false;
    return index;
  }

  toSnapshot(): IndexSnapshot {
    return {
      mapping: this.mapping,
      docs: Object.fromEntries(this.docs),
      text: this.text.toJSON(),
      synonyms: this.synonyms,
      readings: this.matchesReadings,
    };
  }

  /** Replaces the synonym groups (each folded as text is; groups of fewer than two words say nothing). */
  setSynonyms(groups: readonly (readonly string[])[]): void {
    this.synonyms = groups
      .map((group) => [...new Set(group.map(normalizeJapanese).filter((word) => word !== ''))])
      .filter((group) => group.length > 1);
  }

  get synonymGroups(): readonly string[][] {
    return this.synonyms;
  }

  setReadings(on: boolean): void {
    this.matchesReadings = on;
    if (!on) this.readingIndex = null;
  }

  get readings(): boolean {
    return this.matchesReadings;
  }

  upsert(id: string, doc: Record<string, unknown>): void {
    if (this.docs.has(id)) this.text.replace({ id, doc });
    else this.text.add({ id, doc });
    this.docs.set(id, doc);
    this.readingIndex?.upsert(id, doc);
  }

  remove(id: string): boolean {
    if (!this.docs.delete(id)) return false;
    this.text.discard(id);
    this.readingIndex?.remove(id);
    return true;
  }

  /** `forms`: the process's analyser, used when this index matches by reading (else surface only). */
  search<T>(query: SearchQuery, forms?: ReadingForms): { total: number; hits: Array<SearchHit<T>> } {
    const readings = this.matchesReadings && forms ? this.readingSide(forms) : null;
    const ranked = this.rank(query, readings).sort(
      (a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const from = Math.max(0, query.from ?? 0);
    const size = Math.max(0, query.size ?? 10);
    const hits = ranked.slice(from, from + size).map(({ id, score }) => ({ id, score, doc: this.docs.get(id) as T }));
    return { total: ranked.length, hits };
  }

  /**
   * Matching documents with their scores, unordered: the query as said and,
   * for each synonym of a word in it, as said with that synonym instead (as
   * Elasticsearch's synonym_graph expands a query); a document found more
   * than one way keeps its best score. With `readings`, each is also looked
   * for by reading (a document found by surface or by reading matches).
   */
  private rank(query: SearchQuery, readings: ReadingIndex | null): Scored[] {
    const passesFilter = (result: { id: string }): boolean => matchesFilter(this.docs.get(result.id)!, query.filter);
    const text = query.text ?? '';
    // Like the Elasticsearch adapter: text that normalises to nothing matches everything.
    if (normalizeJapanese(text) === '')
      return this.text.search(MiniSearch.wildcard, { filter: passesFilter }).map(scored);
    const best = new Map<string, number>();
    const variants = synonymVariants(normalizeJapanese(text), this.synonyms);
    for (const [i, variant] of variants.entries()) {
      // The analyser reads the text as said (the first variant) better than folded to hiragana.
      const byReading = readings?.search(i === 0 ? text : variant, this.searchedFields(query), passesFilter) ?? [];
      for (const { id, score } of [...this.rankText(variant, query, passesFilter), ...byReading])
        best.set(id, Math.max(score, best.get(id) ?? 0));
    }
    return [...best].map(([id, score]) => ({ id, score }));
  }

  private rankText(text: string, query: SearchQuery, passesFilter: (result: { id: string }) => boolean): Scored[] {
    const { required, all } = analyzeDetailed(text);
    const fields = this.searchedFields(query);
    if (required.length === 0 || fields.length === 0) return [];
    const matching = this.idsHoldingAllInOneField(required, fields);
    const filter = (result: { id: string }): boolean => matching.has(result.id) && passesFilter(result);
    return this.text.search({ combineWith: 'OR', queries: all }, { ...PRE_ANALYZED, fields, filter }).map(scored);
  }

  /**
   * A document matches when one searched field holds every required token, as
   * Elasticsearch's multi_match (best_fields, operator and) does: ミライ in the
   * name and アンドロイド in the description do not match 「みらい あんどろいど」.
   */
  private idsHoldingAllInOneField(required: string[], fields: string[]): Set<string> {
    const perField = fields.map((field): QueryCombination => ({
      fields: [field],
      combineWith: 'AND',
      queries: required,
    }));
    return new Set(
      this.text.search({ combineWith: 'OR', queries: perField }, PRE_ANALYZED).map((result) => result.id as string),
    );
  }

  private searchedFields(query: SearchQuery): string[] {
    return (query.fields ?? this.textFields()).filter((field) => this.mapping[field] === 'text');
  }

  private readingSide(forms: ReadingForms): ReadingIndex {
    this.readingIndex ??= new ReadingIndex(this.textFields(), forms, this.docs);
    return this.readingIndex;
  }

  private textFields(): string[] {
    return Object.keys(this.mapping).filter((field) => this.mapping[field] === 'text');
  }
}

function miniSearchOptions(mapping: Record<string, FieldKind>): Options<Entry> {
  return {
    idField: ID_FIELD,
    fields: Object.keys(mapping).filter((field) => mapping[field] === 'text'),
    extractField,
    // analyzeJapanese already folds widths, case and kana; minisearch's default lower-casing has nothing left to do.
    tokenize: (text) => analyzeJapanese(text),
    processTerm: (term) => term,
  };
}

/** The text and, per synonym group member found in it, the text with that member said as each other member. */
function synonymVariants(text: string, groups: readonly string[][]): string[] {
  const variants = new Set([text]);
  for (const group of groups) {
    for (const word of group) {
      if (!text.includes(word)) continue;
      for (const other of group) if (other !== word) variants.add(text.split(word).join(other));
    }
  }
  return [...variants];
}

function scored(result: { id: unknown; score: number }): Scored {
  return { id: result.id as string, score: result.score };
}

function matchesFilter(doc: Record<string, unknown>, filter: SearchQuery['filter']): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, wanted]) => {
    const value = doc[field];
    return Array.isArray(value) ? value.some((item) => item === wanted) : value === wanted;
  });
}
