export type FieldKind = 'text' | 'keyword' | 'number' | 'boolean' | 'date';

export interface SearchQuery {
  /** Free text, matched against the text fields (Japanese-aware). */
  text?: string;
  /** Restrict text matching to these fields (default: all text fields). */
  fields?: string[];
  /** Exact matches on keyword/number/boolean fields. */
  filter?: Record<string, string | number | boolean>;
  from?: number;
  size?: number;
}

/** How an index analyses text beyond the shared Japanese folding. */
export interface SearchIndexOptions {
  /**
   * Synonym groups: a query saying one member of a group also finds text with
   * another (Elasticsearch: a synonym_graph filter at search time; the local
   * index: the query said each way). Replaces the index's previous groups.
   */
  synonyms?: readonly (readonly string[])[];
  /**
   * Also match by reading and dictionary form (御飯 = ごはん, 占った = 占う), as
   * Elasticsearch's kuromoji `.reading` sub-field does for every index. The
   * local index does it only where the process gave it an analyser
   * (`useReadings`); else it matches by surface alone. Kept until changed.
   */
  readings?: boolean;
}

/**
 * How a text reads, for the reading side of an index (as Elasticsearch's
 * kuromoji `.reading` and `.kana` sub-fields read it).
 */
export interface ReadingTokens {
  /**
   * One entry per content word (particles, auxiliaries and symbols left out, as
   * kuromoji_baseform, kuromoji_readingform and ja_stop leave `.reading`): the
   * readings it may stand for — its dictionary form's first, then as written,
   * then for a verb its noun's (占って: うらなう, うらなっ, うらない).
   */
  words: string[][];
  /**
   * The reading of each phrase (the text between spaces and punctuation) as a
   * whole, every morpheme of it: all-hiragana text the analyser cuts wrongly
   * (りょうり read as a verb, みらい as み + らい) still reads as the word.
   */
  phrases: string[];
}

export type ReadingForms = (text: string) => ReadingTokens;

export interface ReadingsOptions {
  /** Load the analyser at once in the background (a process that will search: no wait on its first search). */
  warm?: boolean;
}

export interface SearchHit<T = Record<string, unknown>> {
  id: string;
  score: number;
  doc: T;
}

/**
 * Search port (Elasticsearch in production). Text fields are analysed for
 * Japanese: NFKC, width and kana folding, segmentation into words/bigrams.
 */
export interface SearchIndex {
  ensureIndex(index: string, mapping: Record<string, FieldKind>, options?: SearchIndexOptions): Promise<void>;
  upsert(index: string, id: string, doc: Record<string, unknown>): Promise<void>;
  remove(index: string, id: string): Promise<void>;
  /** Hits best first; the total counts all matches, not only this page. */
  search<T = Record<string, unknown>>(
    index: string,
    query: SearchQuery,
  ): Promise<{ total: number; hits: SearchHit<T>[] }>;
  /** Makes prior writes visible to search (a no-op where writes are immediate). */
  refresh(index: string): Promise<void>;
  dropIndex(index: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The process's Japanese analyser, for indexes that ask for readings. Loaded
   * on the first search of such an index, so a process that never searches one
   * never pays for it (a morphological analyser is hundreds of MB), and that
   * search waits for it. `warm`: loaded now, in the background, instead; searches
   * made before it is there do not wait and match by surface alone. Elasticsearch
   * analyses on the server and ignores it.
   */
  useReadings(load: () => Promise<ReadingForms>, options?: ReadingsOptions): void;
}
