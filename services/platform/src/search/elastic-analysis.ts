import type { estypes } from '@elastic/elasticsearch';
import type { FieldKind } from '../ports/search.ts';
import { normalizeJapanese } from './analyzer.ts';

/**
 * The Elasticsearch index's Japanese analysis. With the analysis-kuromoji
 * plugin: morphemes by kuromoji_tokenizer, dictionary forms (kuromoji_baseform:
 * 占って finds 占う), a `.reading` sub-field of katakana readings
 * (kuromoji_readingform: 御飯 and ごはん meet) each also as the noun a godan
 * verb gives (占う → 占い: うらなって finds 占い), a `.kana` sub-field of the
 * readings of runs of up to four morphemes as written (shingles: all-hiragana
 * りょうり and みらい, which kuromoji cuts wrongly, still read as 料理 and 未来),
 * ja_stop, and the index's synonym groups (synonym_graph, at search time only,
 * as Elasticsearch requires). The embedded search reads the same way with the
 * dialogue service's analyser (ReadingTokens: words by every reading, phrases
 * read whole), knowing which words are verbs where these filters cannot. Without the plugin the index falls back to the built-in CJK
 * bigrams (no readings, no base forms); text is folded on the client
 * (normalizeJapanese) either way, so both adapters fold the same.
 */
export const KUROMOJI_ANALYZER = 'talkwith_ja';
export const BIGRAM_ANALYZER = 'talkwith_cjk';
export const READING_FIELD = 'reading';
export const KANA_FIELD = 'kana';

const TOKENIZER = 'talkwith_kuromoji';
const SYNONYMS = 'talkwith_synonyms';
const READING = 'talkwith_readingform';
const NORMAL_TOKENIZER = 'talkwith_kuromoji_normal';
const VERB_NOUN = 'talkwith_verb_noun';
const KANA_SHINGLE = 'talkwith_kana_shingle';
const KANA_SHINGLE_SEARCH = 'talkwith_kana_shingle_search';
/** Runs of morphemes read whole in `.kana` (search mode's decompounding would cut the runs: normal mode). */
const MAX_RUN = 4;

/**
 * A godan verb's dictionary ending → its noun's (連用形) ending, in katakana:
 * the dialogue engine's nominalForm, which knows the conjugation; a filter does
 * not, so every reading ending so is also tried as its noun (both sides alike).
 */
const RENYOU: Record<string, string> = {
  ウ: 'イ',
  ク: 'キ',
  グ: 'ギ',
  ス: 'シ',
  ツ: 'チ',
  ヌ: 'ニ',
  ブ: 'ビ',
  ム: 'ミ',
  ル: 'リ',
};
const renyouFilter = (index: number) => `talkwith_renyou_${index}`;

/** Each reading as it is and as the noun of a godan verb, at the same position (a query matches either). */
function verbNounFilters(): Record<string, estypes.AnalysisTokenFilter> {
  const endings = Object.entries(RENYOU);
  return {
    ...Object.fromEntries(
      endings.map(([from, to], i) => [
        renyouFilter(i),
        { type: 'pattern_replace', pattern: `${from}$`, replacement: to } as estypes.AnalysisTokenFilter,
      ]),
    ),
    [VERB_NOUN]: {
      type: 'multiplexer',
      filters: [endings.map((_, i) => renyouFilter(i)).join(', ')],
      preserve_original: true,
    },
  };
}

/** Shingles of readings joined without a separator; searched by its runs only, the query read as a whole. */
function kanaShingles(search: boolean): estypes.AnalysisTokenFilter {
  return {
    type: 'shingle',
    min_shingle_size: 2,
    max_shingle_size: MAX_RUN,
    token_separator: '',
    output_unigrams: !search,
    ...(search ? { output_unigrams_if_no_shingles: true } : {}),
  };
}

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
  const kana = (filter: string[]) => ({ type: 'custom' as const, tokenizer: NORMAL_TOKENIZER, filter });
  return {
    analysis: {
      tokenizer: {
        [TOKENIZER]: { type: 'kuromoji_tokenizer', mode: 'search' },
        [NORMAL_TOKENIZER]: { type: 'kuromoji_tokenizer', mode: 'normal' },
      },
      filter: {
        [READING]: { type: 'kuromoji_readingform', use_romaji: false },
        ...verbNounFilters(),
        [KANA_SHINGLE]: kanaShingles(false),
        [KANA_SHINGLE_SEARCH]: kanaShingles(true),
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
        [`${KUROMOJI_ANALYZER}_reading`]: custom(['kuromoji_baseform', READING, VERB_NOUN, 'cjk_width', 'lowercase']),
        [`${KUROMOJI_ANALYZER}_reading_search`]: custom([
          'kuromoji_baseform',
          ...synonyms,
          READING,
          VERB_NOUN,
          'cjk_width',
          'lowercase',
        ]),
        [`${KUROMOJI_ANALYZER}_kana`]: kana([READING, 'cjk_width', 'lowercase', KANA_SHINGLE]),
        [`${KUROMOJI_ANALYZER}_kana_search`]: kana([READING, 'cjk_width', 'lowercase', KANA_SHINGLE_SEARCH]),
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
    [KANA_FIELD]: {
      type: 'text',
      analyzer: `${KUROMOJI_ANALYZER}_kana`,
      search_analyzer: `${KUROMOJI_ANALYZER}_kana_search`,
    },
  },
};

/** A kuromoji text field of an index created before `.kana` (its analysis lacks it until it is created again). */
const KUROMOJI_TEXT_BEFORE_KANA: estypes.MappingProperty = {
  ...KUROMOJI_TEXT,
  fields: { [READING_FIELD]: KUROMOJI_TEXT.fields![READING_FIELD]! },
};

export const FIELD_TYPES: Record<Exclude<FieldKind, 'text'>, estypes.MappingProperty> = {
  keyword: { type: 'keyword' },
  number: { type: 'double' },
  boolean: { type: 'boolean' },
  date: { type: 'date' },
};

/** How an index reads text: kuromoji with `.reading` and `.kana`, kuromoji from before `.kana`, or CJK bigrams. */
export type TextAnalysis = 'kuromoji' | 'kuromoji-before-kana' | 'bigram';

export function textField(analysis: TextAnalysis): estypes.MappingProperty {
  if (analysis === 'kuromoji') return KUROMOJI_TEXT;
  return analysis === 'kuromoji-before-kana' ? KUROMOJI_TEXT_BEFORE_KANA : { type: 'text', analyzer: BIGRAM_ANALYZER };
}

/** The sub-fields a query searches beside a text field. */
export function searchedSubFields(analysis: TextAnalysis): string[] {
  if (analysis === 'kuromoji') return [READING_FIELD, KANA_FIELD];
  return analysis === 'kuromoji-before-kana' ? [READING_FIELD] : [];
}
