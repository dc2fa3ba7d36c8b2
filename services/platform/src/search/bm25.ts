import type { FieldKind, SearchHit, SearchQuery } from '../ports/search.ts';
import { analyzeDetailed, analyzeJapanese, normalizeJapanese } from './analyzer.ts';

const K1 = 1.2;
const B = 0.75;

interface FieldPostings {
  /** token → (doc id → term frequency) */
  postings: Map<string, Map<string, number>>;
  lengths: Map<string, number>;
  totalLength: number;
}

/** One in-memory index: documents, their text postings and BM25 scoring. */
export class InvertedIndex {
  readonly mapping: Record<string, FieldKind>;
  readonly docs = new Map<string, Record<string, unknown>>();
  private readonly fields = new Map<string, FieldPostings>();

  constructor(mapping: Record<string, FieldKind>) {
    this.mapping = { ...mapping };
    for (const field of this.textFields()) this.fields.set(field, { postings: new Map(), lengths: new Map(), totalLength: 0 });
  }

  textFields(): string[] {
    return Object.entries(this.mapping)
      .filter(([, kind]) => kind === 'text')
      .map(([field]) => field);
  }

  upsert(id: string, doc: Record<string, unknown>): void {
    this.remove(id);
    this.docs.set(id, doc);
    for (const [field, index] of this.fields) {
      const tokens = analyzeJapanese(textOf(doc[field]));
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [token, tf] of counts) {
        let docsWithToken = index.postings.get(token);
        if (!docsWithToken) index.postings.set(token, (docsWithToken = new Map()));
        docsWithToken.set(id, tf);
      }
      index.lengths.set(id, tokens.length);
      index.totalLength += tokens.length;
    }
  }

  remove(id: string): boolean {
    const doc = this.docs.get(id);
    if (!doc) return false;
    for (const [field, index] of this.fields) {
      for (const token of new Set(analyzeJapanese(textOf(doc[field])))) {
        const docsWithToken = index.postings.get(token);
        docsWithToken?.delete(id);
        if (docsWithToken?.size === 0) index.postings.delete(token);
      }
      index.totalLength -= index.lengths.get(id) ?? 0;
      index.lengths.delete(id);
    }
    this.docs.delete(id);
    return true;
  }

  search<T>(query: SearchQuery): { total: number; hits: SearchHit<T>[] } {
    const candidates = [...this.docs.keys()].filter((id) => matchesFilter(this.docs.get(id)!, query.filter));
    const text = query.text ?? '';
    // Like the Elasticsearch adapter: text that normalises to nothing matches everything.
    const scored = normalizeJapanese(text) === '' ? candidates.map((id) => ({ id, score: 1 })) : this.scoreText(candidates, text, query.fields);
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const from = Math.max(0, query.from ?? 0);
    const size = Math.max(0, query.size ?? 10);
    const hits = scored.slice(from, from + size).map(({ id, score }) => ({ id, score, doc: this.docs.get(id) as T }));
    return { total: scored.length, hits };
  }

  /** A document matches when one searched field holds every required token. */
  private scoreText(candidates: string[], text: string, fields: string[] | undefined): Array<{ id: string; score: number }> {
    const { required, all } = analyzeDetailed(text);
    if (required.length === 0) return [];
    const searched = (fields ?? this.textFields()).filter((field) => this.fields.has(field));
    const results: Array<{ id: string; score: number }> = [];
    for (const id of candidates) {
      let score = 0;
      let matched = false;
      for (const field of searched) {
        const index = this.fields.get(field)!;
        if (!required.every((token) => index.postings.get(token)?.has(id))) continue;
        matched = true;
        score += this.bm25(index, id, all);
      }
      if (matched) results.push({ id, score });
    }
    return results;
  }

  private bm25(index: FieldPostings, id: string, tokens: string[]): number {
    const docCount = this.docs.size;
    const averageLength = index.totalLength / Math.max(1, docCount) || 1;
    const length = index.lengths.get(id) ?? 0;
    let score = 0;
    for (const token of new Set(tokens)) {
      const docsWithToken = index.postings.get(token);
      const tf = docsWithToken?.get(id);
      if (!docsWithToken || !tf) continue;
      const idf = Math.log(1 + (docCount - docsWithToken.size + 0.5) / (docsWithToken.size + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength));
    }
    return score;
  }
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  return typeof value === 'object' ? '' : String(value);
}

function matchesFilter(doc: Record<string, unknown>, filter: SearchQuery['filter']): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, wanted]) => {
    const value = doc[field];
    return Array.isArray(value) ? value.some((item) => item === wanted) : value === wanted;
  });
}
