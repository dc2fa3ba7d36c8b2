import { Client, errors, type estypes } from '@elastic/elasticsearch';
import { AppError } from '../errors/index.ts';
import type { FieldKind, SearchHit, SearchIndex, SearchQuery } from '../ports/search.ts';
import { normalizeJapanese } from './analyzer.ts';

export interface ElasticSearchOptions {
  url: string;
}

/** The original document travels beside the indexed, normalised copy. */
const SOURCE_FIELD = '__source';
const ANALYZER = 'talkwith_cjk';

// Built-in pieces only (no kuromoji/icu plugin): the client already applied
// normalizeJapanese, the server splits CJK into overlapping bigrams (+ unigrams
// so one-character queries match).
const ANALYSIS_SETTINGS: estypes.IndicesIndexSettings = {
  analysis: {
    filter: { talkwith_bigram: { type: 'cjk_bigram', output_unigrams: true } },
    analyzer: { [ANALYZER]: { type: 'custom', tokenizer: 'standard', filter: ['cjk_width', 'lowercase', 'talkwith_bigram'] } },
  },
};

const FIELD_TYPES: Record<FieldKind, estypes.MappingProperty> = {
  text: { type: 'text', analyzer: ANALYZER },
  keyword: { type: 'keyword' },
  number: { type: 'double' },
  boolean: { type: 'boolean' },
  date: { type: 'date' },
};

/** Search port on Elasticsearch 8/9; resolves once the cluster answers a ping. */
export async function createElasticSearch(options: ElasticSearchOptions): Promise<SearchIndex> {
  const search = new ElasticSearch(new Client({ node: options.url }));
  await search.ping();
  return search;
}

class ElasticSearch implements SearchIndex {
  private readonly client: Client;
  /** Field kinds per index, learnt from ensureIndex or read back from the cluster. */
  private readonly mappings = new Map<string, Record<string, FieldKind>>();

  constructor(client: Client) {
    this.client = client;
  }

  async ensureIndex(index: string, mapping: Record<string, FieldKind>): Promise<void> {
    const properties: Record<string, estypes.MappingProperty> = Object.fromEntries(
      Object.entries(mapping).map(([field, kind]) => [field, FIELD_TYPES[kind]]),
    );
    properties[SOURCE_FIELD] = { type: 'object', enabled: false };
    if (await this.client.indices.exists({ index })) {
      await this.client.indices.putMapping({ index, properties });
    } else {
      await this.client.indices.create({ index, settings: ANALYSIS_SETTINGS, mappings: { dynamic: false, properties } });
    }
    this.mappings.set(index, { ...this.mappings.get(index), ...mapping });
  }

  async upsert(index: string, id: string, doc: Record<string, unknown>): Promise<void> {
    const document: Record<string, unknown> = { ...doc, [SOURCE_FIELD]: doc };
    for (const field of await this.textFieldsOf(index)) document[field] = normalizeValue(doc[field]);
    await this.client.index({ index, id, document });
  }

  async remove(index: string, id: string): Promise<void> {
    await ignoreNotFound(this.client.delete({ index, id }));
  }

  async search<T>(index: string, query: SearchQuery): Promise<{ total: number; hits: SearchHit<T>[] }> {
    const fields = query.fields ?? (await this.textFieldsOf(index));
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
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async textFieldsOf(index: string): Promise<string[]> {
    const mapping = this.mappings.get(index) ?? (await loadMapping(this.client, index));
    this.mappings.set(index, mapping);
    return Object.keys(mapping).filter((field) => mapping[field] === 'text');
  }
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

async function loadMapping(client: Client, index: string): Promise<Record<string, FieldKind>> {
  try {
    const response = await client.indices.getMapping({ index });
    const properties = (response[index]?.mappings.properties ?? {}) as Record<string, { type?: string }>;
    const kinds: Record<string, FieldKind> = {};
    for (const [field, { type }] of Object.entries(properties)) {
      const kind = (Object.keys(FIELD_TYPES) as FieldKind[]).find((k) => FIELD_TYPES[k].type === type);
      if (kind && field !== SOURCE_FIELD) kinds[field] = kind;
    }
    return kinds;
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
