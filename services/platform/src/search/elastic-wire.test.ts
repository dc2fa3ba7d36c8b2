import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createElasticSearch } from './elastic.ts';

interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/**
 * Checks what the adapter puts on the wire (no Elasticsearch engine here):
 * a recording HTTP endpoint answers like a tiny cluster with one index.
 * Relevance and analysis are the contract suite's job against a real engine.
 */
describe('createElasticSearch wire format', () => {
  let server: Server;
  let url: string;
  let requests: Recorded[];
  let indexExists: boolean;
  /** false: the cluster refuses the kuromoji analysis as one without the analysis-kuromoji plugin does. */
  let kuromojiInstalled: boolean;
  /** The mapping the cluster reports for an index this process did not create (null: none). */
  let storedMapping: Record<string, unknown> | null;

  beforeEach(async () => {
    requests = [];
    indexExists = false;
    kuromojiInstalled = true;
    storedMapping = null;
    server = createServer(async (req, res) => {
      const recorded = {
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0] ?? '',
        body: await jsonBody(req),
      };
      requests.push(recorded);
      res.setHeader('x-elastic-product', 'Elasticsearch');
      res.setHeader('content-type', 'application/json');
      const [status, body] = answer(recorded, indexExists, kuromojiInstalled, storedMapping);
      if (recorded.method === 'PUT' && recorded.path === '/characters' && status === 200) indexExists = true;
      res.statusCode = status;
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('ensureIndex, new index with synonym groups, creates it with the kuromoji analysis, a reading sub-field and the groups at search time', async () => {
    const search = await createElasticSearch({ url });
    await search.ensureIndex(
      'characters',
      { name: 'text', category: 'keyword' },
      { synonyms: [['食べ物', '料理', 'フード'], ['ひとつ']] },
    );
    const create = requests.find((r) => r.method === 'PUT' && r.path === '/characters');
    expect(create?.body).toMatchObject({
      settings: {
        analysis: {
          tokenizer: { talkwith_kuromoji: { type: 'kuromoji_tokenizer' } },
          filter: {
            talkwith_synonyms: { type: 'synonym_graph', synonyms: ['食べ物, 料理, ふど'] },
            talkwith_readingform: { type: 'kuromoji_readingform', use_romaji: false },
            talkwith_renyou_0: { type: 'pattern_replace', pattern: 'ウ$', replacement: 'イ' },
            talkwith_verb_noun: { type: 'multiplexer', preserve_original: true },
            talkwith_kana_shingle: { type: 'shingle', token_separator: '', output_unigrams: true },
            talkwith_kana_shingle_search: {
              type: 'shingle',
              output_unigrams: false,
              output_unigrams_if_no_shingles: true,
            },
          },
          analyzer: {
            talkwith_ja: {
              tokenizer: 'talkwith_kuromoji',
              filter: ['kuromoji_baseform', 'cjk_width', 'lowercase', 'ja_stop'],
            },
            talkwith_ja_search: {
              filter: ['kuromoji_baseform', 'talkwith_synonyms', 'cjk_width', 'lowercase', 'ja_stop'],
            },
            talkwith_ja_reading_search: {
              filter: [
                'kuromoji_baseform',
                'talkwith_synonyms',
                'talkwith_readingform',
                'talkwith_verb_noun',
                'cjk_width',
                'lowercase',
              ],
            },
            talkwith_ja_kana: {
              tokenizer: 'talkwith_kuromoji_normal',
              filter: ['talkwith_readingform', 'cjk_width', 'lowercase', 'talkwith_kana_shingle'],
            },
          },
        },
      },
      mappings: {
        dynamic: false,
        properties: {
          name: {
            type: 'text',
            analyzer: 'talkwith_ja',
            search_analyzer: 'talkwith_ja_search',
            fields: {
              reading: { type: 'text', analyzer: 'talkwith_ja_reading' },
              kana: { type: 'text', analyzer: 'talkwith_ja_kana', search_analyzer: 'talkwith_ja_kana_search' },
            },
          },
          category: { type: 'keyword' },
        },
      },
    });
    await search.close();
  });

  it('ensureIndex, an existing index given new synonym groups, closes it, puts them and opens it; the same groups again, leaves it open', async () => {
    const search = await createElasticSearch({ url });
    await search.ensureIndex('characters', { name: 'text' }, { synonyms: [['料理', 'クッキング']] });

    await search.ensureIndex('characters', { name: 'text' }, { synonyms: [['旅行', 'トラベル']] });
    await search.ensureIndex('characters', { name: 'text' }, { synonyms: [['旅行', 'トラベル']] });

    const calls = requests.map((r) => `${r.method} ${r.path}`).filter((c) => /_close|_settings|_open/.test(c));
    expect(calls).toEqual(['POST /characters/_close', 'PUT /characters/_settings', 'POST /characters/_open']);
    expect(requests.find((r) => r.path === '/characters/_settings')?.body).toMatchObject({
      analysis: { filter: { talkwith_synonyms: { synonyms: ['旅行, とらべる'] } } },
    });
    await search.close();
  });

  it('ensureIndex, a cluster without the kuromoji plugin, falls back to the cjk bigram analyzer and typed fields', async () => {
    kuromojiInstalled = false;
    const search = await createElasticSearch({ url });
    await search.ensureIndex('characters', {
      name: 'text',
      category: 'keyword',
      price: 'number',
      published: 'boolean',
    });
    const create = requests.filter((r) => r.method === 'PUT' && r.path === '/characters').at(-1);
    expect(create?.body).toMatchObject({
      settings: {
        analysis: {
          analyzer: { talkwith_cjk: { tokenizer: 'standard', filter: ['cjk_width', 'lowercase', 'talkwith_bigram'] } },
        },
      },
      mappings: {
        dynamic: false,
        properties: {
          name: { type: 'text', analyzer: 'talkwith_cjk' },
          category: { type: 'keyword' },
          price: { type: 'double' },
          published: { type: 'boolean' },
        },
      },
    });
    await search.close();
  });

  it('search, kuromoji index created before the kana sub-field, searches the field and its reading only', async () => {
    indexExists = true;
    storedMapping = {
      properties: {
        name: { type: 'text', analyzer: 'talkwith_ja', fields: { reading: { type: 'text' } } },
        __source: { type: 'object', enabled: false },
      },
    };
    const search = await createElasticSearch({ url });

    await search.search('characters', { text: 'みらい' });

    expect(requests.find((r) => r.path === '/characters/_search')?.body).toMatchObject({
      query: { bool: { must: [{ multi_match: { fields: ['name', 'name.reading'] } }] } },
    });
    await search.close();
  });

  it('upsert and search, Japanese text, send normalised text and read back the original document', async () => {
    const search = await createElasticSearch({ url });
    await search.ensureIndex('characters', { name: 'text', category: 'keyword' });
    await search.upsert('characters', 'a', { name: 'ミライ！', category: 'friend' });
    const result = await search.search('characters', {
      text: 'ミライ',
      filter: { category: 'friend' },
      from: 5,
      size: 5,
    });

    expect(requests.find((r) => r.method === 'PUT' && r.path === '/characters/_doc/a')?.body).toEqual({
      name: 'みらい',
      category: 'friend',
      __source: { name: 'ミライ！', category: 'friend' },
    });
    expect(requests.find((r) => r.path === '/characters/_search')?.body).toMatchObject({
      from: 5,
      size: 5,
      track_total_hits: true,
      query: {
        bool: {
          must: [{ multi_match: { query: 'みらい', fields: ['name', 'name.reading', 'name.kana'], operator: 'and' } }],
          filter: [{ term: { category: 'friend' } }],
        },
      },
    });
    expect(result).toEqual({
      total: 1,
      hits: [{ id: 'a', score: 2.5, doc: { name: 'ミライ！', category: 'friend' } }],
    });
    await search.close();
  });

  it('remove, missing document, is not an error', async () => {
    const search = await createElasticSearch({ url });
    await expect(search.remove('characters', 'missing')).resolves.toBeUndefined();
    await search.close();
  });
});

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
}

function answer(
  request: Recorded,
  indexExists: boolean,
  kuromojiInstalled: boolean,
  storedMapping: Record<string, unknown> | null,
): [number, unknown] {
  const { method, path } = request;
  if (method === 'GET' && path === '/characters/_mapping' && storedMapping)
    return [200, { characters: { mappings: storedMapping } }];
  if (
    method === 'PUT' &&
    path === '/characters' &&
    !kuromojiInstalled &&
    JSON.stringify(request.body).includes('kuromoji')
  ) {
    return [
      400,
      {
        error: {
          type: 'illegal_argument_exception',
          reason: 'Unknown tokenizer type [kuromoji_tokenizer] for [talkwith_kuromoji]',
        },
        status: 400,
      },
    ];
  }
  if (path === '/') return [200, { version: { number: '9.0.0' }, tagline: 'You Know, for Search' }];
  if (method === 'HEAD' && path === '/characters') return [indexExists ? 200 : 404, {}];
  if (method === 'PUT' && path === '/characters') return [200, { acknowledged: true, index: 'characters' }];
  if (['/characters/_mapping', '/characters/_settings', '/characters/_close', '/characters/_open'].includes(path))
    return [200, { acknowledged: true }];
  if (method === 'PUT' && path.startsWith('/characters/_doc/'))
    return [201, { _id: path.split('/').pop(), result: 'created' }];
  if (method === 'DELETE' && path.startsWith('/characters/_doc/')) return [404, { result: 'not_found' }];
  if (path === '/characters/_search') {
    const source = { name: 'みらい', category: 'friend', __source: { name: 'ミライ！', category: 'friend' } };
    return [
      200,
      {
        hits: {
          total: { value: 1, relation: 'eq' },
          hits: [{ _index: 'characters', _id: 'a', _score: 2.5, _source: source }],
        },
      },
    ];
  }
  return [400, { error: `unexpected ${method} ${path}` }];
}
