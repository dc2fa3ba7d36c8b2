import { Client, errors, type estypes } from '@elastic/elasticsearch';
import { AppError } from '../errors/index.ts';
import type { FieldKind, SearchIndexOptions, SearchHit, SearchIndex, SearchQuery } from '../ports/search.ts';
import { normalizeJapanese } from './analyzer.ts';
import {
  BIGRAM_SETTINGS,
  FIELD_TYPES,
  KANA_FIELD,
  KUROMOJI_ANALYZER,
  kuromojiSettings,
  searchedSubFields,
  synonymRules,
  textField,
  type TextAnalysis,
} from './elastic-analysis.ts';

export interface ElasticSearchOptions {
  url: string;
}

/** The original document travels beside the indexed, normalised copy. */
const SOURCE_FIELD = '__source';

/** What the adapter knows of an index: its fields' kinds and how its text is analysed. */
interface KnownIndex {
  kinds: Record<string, FieldKind>;
  analysis: TextAnalysis;
}

/** Search port on Elasticsearch 8/9; resolves once the cluster answers a ping. */
export async function createElasticSearch(options: ElasticSearchOptions): Promise<SearchIndex> {
  const search = new ElasticSearch(new Client({ node: options.url }));
  await search.ping();
  return search;
}

class ElasticSearch implements SearchIndex {
  private readonly client: Client;
  /** Field kinds per index, learnt from ensureIndex or read back from the cluster. */
  private readonly mappings = new Map<string, KnownIndex>();
  /** The synonym rules this process last gave each index (closing an index to put the same ones again would only interrupt its searches). */
  private readonly synonymsApplied = new Map<string, string>();

  constructor(client: Client) {
    this.client = client;
  }

  async ensureIndex(
    index: string,
    mapping: Record<string, FieldKind>,
    options: SearchIndexOptions = {},
  ): Promise<void> {
    const propertiesFor = (analysis: TextAnalysis): Record<string, estypes.MappingProperty> => ({
      ...Object.fromEntries(
        Object.entries(mapping).map(([field, kind]) => [
          field,
          kind === 'text' ? textField(analysis) : FIELD_TYPES[kind],
        ]),
      ),
      [SOURCE_FIELD]: { type: 'object', enabled: false },
    });
    let analysis: TextAnalysis;
    if (await this.client.indices.exists({ index })) {
      analysis = (await this.known(index)).analysis;
      await this.client.indices.putMapping({ index, properties: propertiesFor(analysis) });
      if (
        analysis !== 'bigram' &&
        options.synonyms &&
        this.synonymsApplied.get(index) !== JSON.stringify(synonymRules(options.synonyms))
      ) {
        await this.replaceSynonyms(index, options.synonyms);
      }
    } else {
      analysis = await this.create(index, options, propertiesFor);
    }
    const known = this.mappings.get(index);
    this.mappings.set(index, { kinds: { ...known?.kinds, ...mapping }, analysis });
    if (options.synonyms) this.synonymsApplied.set(index, JSON.stringify(synonymRules(options.synonyms)));
  }

  /** Creates the index with the kuromoji analysis; a cluster without the plugin gets the bigram analysis. */
  private async create(
    index: string,
    options: SearchIndexOptions,
    propertiesFor: (analysis: TextAnalysis) => Record<string, estypes.MappingProperty>,
  ): Promise<TextAnalysis> {
    try {
      await this.client.indices.create({
        index,
        settings: kuromojiSettings(options.synonyms ?? []),
        mappings: { dynamic: false, properties: propertiesFor('kuromoji') },
      });
      return 'kuromoji';
    } catch (err) {
      if (!isMissingKuromoji(err)) throw err;
      await this.client.indices.create({
        index,
        settings: BIGRAM_SETTINGS,
        mappings: { dynamic: false, properties: propertiesFor('bigram') },
      });
      return 'bigram';
    }
  }

  /** Analysis settings change only on a closed index: closed, the new synonym groups put, opened again. */
  private async replaceSynonyms(index: string, synonyms: NonNullable<SearchIndexOptions['synonyms']>): Promise<void> {
    await this.client.indices.close({ index });
    try {
      await this.client.indices.putSettings({ index, settings: kuromojiSettings(synonyms) });
    } finally {
      await this.client.indices.open({ index });
    }
  }

  async upsert(index: string, id: string, doc: Record<string, unknown>): Promise<void> {
    const document: Record<string, unknown> = { ...doc, [SOURCE_FIELD]: doc };
    for (const field of textFieldsOf(await this.known(index))) document[field] = normalizeValue(doc[field]);
    await this.client.index({ index, id, document });
  }

  async remove(index: string, id: string): Promise<void> {
    await ignoreNotFound(this.client.delete({ index, id }));
  }

  async search<T>(index: string, query: SearchQuery): Promise<{ total: number; hits: SearchHit<T>[] }> {
    const known = await this.known(index);
    const fields = (query.fields ?? textFieldsOf(known)).flatMap((field) => [
      field,
      ...searchedSubFields(known.analysis).map((sub) => `${field}.${sub}`),
    ]);
    const response = await this.client.search({
      index,
      from: query.from ?? 0,
      size: query.size ?? 10,
      track_total_hits: true,
      query: buildQuery(query, fields),
    });
    const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
    const hits = response.hits.hits.map((hit) => ({
      id: hit._id ?? '',
      score: hit._score ?? 0,
      doc: ((hit._source as Record<string, unknown> | undefined)?.[SOURCE_FIELD] ?? {}) as T,
    }));
    return { total, hits };
  }

  async refresh(index: string): Promise<void> {
    await this.client.indices.refresh({ index });
  }

  async dropIndex(index: string): Promise<void> {
    await this.client.indices.delete({ index, ignore_unavailable: true });
    this.mappings.delete(index);
    this.synonymsApplied.delete(index);
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** The cluster reads text with kuromoji itself (the `.reading` and `.kana` sub-fields of every kuromoji index). */
  useReadings(): void {}

  private async known(index: string): Promise<KnownIndex> {
    const known = this.mappings.get(index) ?? (await loadMapping(this.client, index));
    this.mappings.set(index, known);
    return known;
  }
}

const textFieldsOf = (known: KnownIndex): string[] =>
  Object.keys(known.kinds).filter((field) => known.kinds[field] === 'text');

/** The cluster refused the kuromoji tokenizer or filters: the analysis-kuromoji plugin is not installed. */
function isMissingKuromoji(err: unknown): boolean {
  return (
    err instanceof errors.ResponseError &&
    err.statusCode === 400 &&
    /kuromoji|ja_stop/.test(JSON.stringify(err.body ?? err.message))
  );
}

function normalizeValue(value: unknown): unknown {
  if (typeof value === 'string') return normalizeJapanese(value);
  return Array.isArray(value) ? value.map(normalizeValue) : value;
}

function buildQuery(query: SearchQuery, fields: string[]): Record<string, unknown> {
  const filter = Object.entries(query.filter ?? {}).map(([field, value]) => ({ term: { [field]: value } }));
  const text = normalizeJapanese(query.text ?? '');
  const must = text === '' ? [{ match_all: {} }] : [{ multi_match: { query: text, fields, operator: 'and' } }];
  return { bool: { must, filter } };
}

async function loadMapping(client: Client, index: string): Promise<KnownIndex> {
  try {
    const response = await client.indices.getMapping({ index });
    const properties = (response[index]?.mappings.properties ?? {}) as Record<
      string,
      { type?: string; analyzer?: string; fields?: Record<string, unknown> }
    >;
    const kinds: Record<string, FieldKind> = {};
    let analysis: TextAnalysis = 'bigram';
    for (const [field, { type, analyzer, fields }] of Object.entries(properties)) {
      if (field === SOURCE_FIELD) continue;
      if (type === 'text') {
        kinds[field] = 'text';
        if (analyzer === KUROMOJI_ANALYZER) analysis = fields?.[KANA_FIELD] ? 'kuromoji' : 'kuromoji-before-kana';
        continue;
      }
      const kind = (Object.keys(FIELD_TYPES) as Array<keyof typeof FIELD_TYPES>).find(
        (k) => FIELD_TYPES[k].type === type,
      );
      if (kind) kinds[field] = kind;
    }
    return { kinds, analysis };
  } catch (err) {
    if (err instanceof errors.ResponseError && err.statusCode === 404) {
      throw new AppError('NOT_FOUND', `search index ${index} does not exist`, { cause: err });
    }
    throw err;
  }
}

async function ignoreNotFound(request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (err) {
    if (err instanceof errors.ResponseError && err.statusCode === 404) return;
    throw err;
  }
}
