import MiniSearch, { type QueryCombination } from 'minisearch';
import type { ReadingForms, ReadingTokens } from '../ports/search.ts';
import { extractField, ID_FIELD, type Entry } from './entry.ts';

export interface Scored {
  id: string;
  score: number;
}

/**
 * The reading side of a local index: each text field's words as their
 * readings (dictionary form, as written and a verb's noun) and each phrase's
 * reading as a whole (the process's analyser, `ReadingForms`), so 御飯 and
 * ごはん, 占った and 占う, 占って and 占い, りょうり and 料理 meet, as in
 * Elasticsearch's kuromoji `.reading` and `.kana` sub-fields. Derived from
 * the documents and never snapshotted: it is built on the first search that
 * wants readings (once the analyser is loaded) and kept current by upserts
 * and removals after that.
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
      tokenize: (text) => (text.trim() === '' ? [] : indexedTokens(forms(text))),
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
   * Documents one of whose `fields` holds every word of `text` by one of its
   * readings, or every phrase of it read as a whole (operator and, per field,
   * as the surface search and Elasticsearch's multi_match do), with their BM25
   * scores. No content word: no match.
   */
  search(text: string, fields: string[], filter: (result: { id: string }) => boolean): Scored[] {
    const { words, phrases } = this.forms(text);
    const byWord: QueryCombination = {
      combineWith: 'AND',
      queries: words.map((readings) => ({ combineWith: 'OR', queries: readings })),
    };
    const byPhrase: QueryCombination = { combineWith: 'AND', queries: phrases };
    const ways = [byWord, byPhrase].filter((way) => way.queries.length > 0);
    if (ways.length === 0 || fields.length === 0) return [];
    const perField = fields.map((field): QueryCombination => ({ fields: [field], combineWith: 'OR', queries: ways }));
    return this.text
      .search(
        { combineWith: 'OR', queries: perField },
        { tokenize: (token) => [token], processTerm: (token) => token, filter },
      )
      .map((result) => ({ id: result.id as string, score: result.score }));
  }
}

/** What a document's field is indexed by: every reading of every word, and every phrase's whole reading. */
function indexedTokens({ words, phrases }: ReadingTokens): string[] {
  return [...new Set([...words.flat(), ...phrases])];
}
