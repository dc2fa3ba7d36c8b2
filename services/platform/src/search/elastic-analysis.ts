import type { estypes } from '@elastic/elasticsearch';
import type { FieldKind } from '../ports/search.ts';
import { normalizeJapanese } from './analyzer.ts';

/**
 * The Elasticsearch index's Japanese analysis. With the analysis-kuromoji
 * plugin: morphemes by kuromoji_tokenizer, dictionary forms (kuromoji_baseform:
 * 占って finds 占う), a `.reading` sub-field of katakana readings
 * (kuromoji_readingform: 御飯 and ごはん meet), ja_stop, and the index's
 * synonym groups (synonym_graph, at search time only, as Elasticsearch
 * requires). Without the plugin the index falls back to the built-in CJK
 * bigrams (no readings, no base forms); text is folded on the client
 * (normalizeJapanese) either way, so both adapters fold the same.
 */
export const KUROMOJI_ANALYZER = 'talkwith_ja';
export const BIGRAM_ANALYZER = 'talkwith_cjk';
export const READING_FIELD = 'reading';

const TOKENIZER = 'talkwith_kuromoji';
const SYNONYMS = 'talkwith_synonyms';
const READING = 'talkwith_readingform';

/** Synonym rules as synonym_graph reads them ("a, b, c": each stands for the others), folded like the text. */
export function synonymRules(groups: readonly (readonly string[])[]): string[] {
  return groups
    .map((group) => [
      ...new Set(group.map((word) => normalizeJapanese(word).replace(/,/g, ' ')).filter((word) => word !== '')),
    ])
    .filter((group) => group.length > 1)
    .map((group) => group.join(', '));
}

export function kuromojiSettings(groups: readonly (readonly string[])[]): estypes.IndicesIndexSettings {
  const rules = synonymRules(groups);
  const synonyms = rules.length > 0 ? [SYNONYMS] : [];
  const custom = (filter: string[]) => ({ type: 'custom' as const, tokenizer: TOKENIZER, filter });
  return {
    analysis: {
      tokenizer: { [TOKENIZER]: { type: 'kuromoji_tokenizer', mode: 'search' } },
      filter: {
        [READING]: { type: 'kuromoji_readingform', use_romaji: false },
        ...(rules.length > 0 ? { [SYNONYMS]: { type: 'synonym_graph', synonyms: rules, lenient: true } } : {}),
      },
      analyzer: {
        [KUROMOJI_ANALYZER]: custom(['kuromoji_baseform', 'cjk_width', 'lowercase', 'ja_stop']),
        [`${KUROMOJI_ANALYZER}_search`]: custom([
          'kuromoji_baseform',
          ...synonyms,
          'cjk_width',
          'lowercase',
          'ja_stop',
        ]),
        [`${KUROMOJI_ANALYZER}_reading`]: custom(['kuromoji_baseform', READING, 'cjk_width', 'lowercase']),
        [`${KUROMOJI_ANALYZER}_reading_search`]: custom([
          'kuromoji_baseform',
          ...synonyms,
          READING,
          'cjk_width',
          'lowercase',
        ]),
      },
    },
  };
}

// Built-in pieces only: the server splits CJK into overlapping bigrams (+ unigrams so one-character queries match).
export const BIGRAM_SETTINGS: estypes.IndicesIndexSettings = {
  analysis: {
    filter: { talkwith_bigram: { type: 'cjk_bigram', output_unigrams: true } },
    analyzer: {
      [BIGRAM_ANALYZER]: {
        type: 'custom',
        tokenizer: 'standard',
        filter: ['cjk_width', 'lowercase', 'talkwith_bigram'],
      },
    },
  },
};

const KUROMOJI_TEXT: estypes.MappingProperty = {
  type: 'text',
  analyzer: KUROMOJI_ANALYZER,
  search_analyzer: `${KUROMOJI_ANALYZER}_search`,
  fields: {
    [READING_FIELD]: {
      type: 'text',
      analyzer: `${KUROMOJI_ANALYZER}_reading`,
      search_analyzer: `${KUROMOJI_ANALYZER}_reading_search`,
    },
  },
};

export const FIELD_TYPES: Record<Exclude<FieldKind, 'text'>, estypes.MappingProperty> = {
  keyword: { type: 'keyword' },
  number: { type: 'double' },
  boolean: { type: 'boolean' },
  date: { type: 'date' },
};

export function textField(kuromoji: boolean): estypes.MappingProperty {
  return kuromoji ? KUROMOJI_TEXT : { type: 'text', analyzer: BIGRAM_ANALYZER };
}
