import MiniSearch, { type QueryCombination } from 'minisearch';
import type { ReadingForms } from '../ports/search.ts';
import { extractField, ID_FIELD, type Entry } from './entry.ts';

export interface Scored {
  id: string;
  score: number;
}

/**
 * The reading side of a local index: each text field's words as their
 * readings in dictionary form (the process's analyser, `ReadingForms`), so
 * 御飯 and ごはん, 占った and 占う meet, as in Elasticsearch's kuromoji
 * `.reading` sub-field. Derived from the documents and never snapshotted: it
 * is built on the first search that wants readings (the analyser is loaded
 * only then) and kept current by upserts and removals after that.
 */
export class ReadingIndex {
  private readonly forms: ReadingForms;
  private readonly text: MiniSearch<Entry>;

  constructor(fields: string[], forms: ReadingForms, docs: Iterable<[string, Record<string, unknown>]>) {
    this.forms = forms;
    this.text = new MiniSearch<Entry>({
      idField: ID_FIELD,
      fields,
      extractField,
      tokenize: (text) => (text.trim() === '' ? [] : forms(text)),
      processTerm: (term) => term,
    });
    for (const [id, doc] of docs) this.text.add({ id, doc });
  }

  upsert(id: string, doc: Record<string, unknown>): void {
    if (this.text.has(id)) this.text.replace({ id, doc });
    else this.text.add({ id, doc });
  }

  remove(id: string): void {
    if (this.text.has(id)) this.text.discard(id);
  }

  /**
   * Documents one of whose `fields` holds the reading of every word of `text`
   * (operator and, per field, as the surface search and Elasticsearch's
   * multi_match do), with their BM25 scores. No content word: no match.
   */
  search(text: string, fields: string[], filter: (result: { id: string }) => boolean): Scored[] {
    const tokens = [...new Set(this.forms(text))];
    if (tokens.length === 0 || fields.length === 0) return [];
    const perField = fields.map((field): QueryCombination => ({
      fields: [field],
      combineWith: 'AND',
      queries: tokens,
    }));
    return this.text
      .search(
        { combineWith: 'OR', queries: perField },
        { tokenize: (token) => [token], processTerm: (token) => token, filter },
      )
      .map((result) => ({ id: result.id as string, score: result.score }));
  }
}
