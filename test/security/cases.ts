import fc from 'fast-check';

/**
 * The fuzz cases, derived from the gateway's OpenAPI document: for each
 * operation a fixed table of malformed path parameters, queries and bodies
 * (plus a few fast-check samples drawn with a fixed seed), so every run sends
 * exactly the same requests.
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
  $ref?: string;
};

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  /** As documented, e.g. /api/admin/users/{id}. */
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

export interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzCase {
  /** Stable name: where the malformation is and what it is. */
  name: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head']);

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: body ? resolve(doc, body) : null,
      });
    }
  }
  return ops;
}

function resolve(doc: OpenApiDoc, schema: Schema, depth = 0): Schema {
  if (depth > 20) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    return target ? resolve(doc, target, depth + 1) : {};
  }
  const out: Schema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(doc, v, depth + 1)]),
    );
  if (schema.items) out.items = resolve(doc, schema.items, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (schema[key]) out[key] = schema[key].map((s) => resolve(doc, s, depth + 1));
  return out;
}

/** A value the schema accepts (well enough that mutating one field at a time reaches that field). */
export function validValue(schema: Schema, hints: Record<string, unknown> = {}, field = ''): unknown {
  if (field && field in hints) return hints[field];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return validValue(alt[0] as Schema, hints, field);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => validValue(s, hints, field) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || key in hints) out[key] = validValue(sub, hints, key);
      }
      return out;
    }
    case 'array':
      return schema.items ? [validValue(schema.items, hints, field)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email') return 'fuzz.base@example.jp';
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '1990-04-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      return 'Fuzz-base-value-123'.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return 'Fuzz-base-value-123';
  }
}

const MB = 1024 * 1024;

/** Odd strings: NUL, lone surrogates, bidi override, zero-width, combining marks, injection-looking text. */
export const ODD_STRINGS: Array<[string, string]> = [
  ['empty', ''],
  ['spaces', '   '],
  ['NUL', '\u0000'],
  ['embedded NUL', 'a\u0000b'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', 'x\udfffy'],
  ['RTL override', '\u202Egnp.exe'],
  ['zero-width', '\u200B\u200C\u200D\uFEFF'],
  ['combining marks', `e${'\u0301'.repeat(200)}`],
  ['emoji', '😀👨‍👩‍👧'],
  ['control chars', '\u0001\u001b[31m\r\n\t'],
  ['NaN-ish', 'NaN'],
  ['-Infinity', '-Infinity'],
  ['negative', '-1'],
  ['huge number text', '99999999999999999999999999999'],
  ['exponent', '1e309'],
  ['hex', '0x10'],
  ['path traversal', '../../../../etc/passwd'],
  ['HTML', '<script>alert(1)</script>'],
  ['SQL-ish', "' OR '1'='1"],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['64 KiB', 'a'.repeat(64 * 1024)],
];

/** Wrong types for a JSON field (text, so 1e400 and -0 reach the parser as written). */
const WRONG_TYPES: Array<[string, string]> = [
  ['null', 'null'],
  ['true', 'true'],
  ['zero', '0'],
  ['negative', '-1'],
  ['huge int', '9007199254740993'],
  ['1e400 (Infinity)', '1e400'],
  ['-1e400', '-1e400'],
  ['float', '0.5'],
  ['empty array', '[]'],
  ['array of strings', '["a","b"]'],
  ['empty object', '{}'],
  ['operator object $gt', '{"$gt":""}'],
  ['operator object $ne', '{"$ne":null}'],
  ['object with __proto__', '{"__proto__":{"polluted":"yes"}}'],
];

/** Text of `depth` nested objects: built as a string so the test itself never recurses. */
export const nestedObjects = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const nestedArrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const json = (value: unknown): string => JSON.stringify(value);

/** Replaces one top-level field of the base body's JSON text with `raw` JSON text. */
function withField(base: Record<string, unknown>, field: string, raw: string): string {
  const placeholder = '\u0000FUZZ\u0000';
  return json({ ...base, [field]: placeholder }).replace(json(placeholder), () => raw);
}

function bodyCases(
  schema: Schema,
  hints: Record<string, unknown>,
  seed: number,
): Array<[string, string, Record<string, string>?]> {
  const base = validValue(schema, hints) as Record<string, unknown>;
  const baseText = json(base);
  const inner = baseText.slice(1, -1);
  const cases: Array<[string, string, Record<string, string>?]> = [
    ['body null', 'null'],
    ['body array', '[]'],
    ['body array of base', `[${baseText}]`],
    ['body string', '"text"'],
    ['body number', '0'],
    ['body true', 'true'],
    ['body empty object', '{}'],
    ['body empty with JSON type', ''],
    ['body truncated JSON', baseText.slice(0, Math.max(1, baseText.length - 2))],
    ['body not JSON', '{not json'],
    ['body NUL byte', '\u0000'],
    ['body trailing garbage', `${baseText}xyz`],
    ['body BOM', `\uFEFF${baseText}`],
    ['body 1,000 nested objects', nestedObjects(1000)],
    ['body 1,000 nested arrays', nestedArrays(1000)],
    ['body 20,000 nested objects', nestedObjects(20_000)],
    ['body __proto__ key', `{"__proto__":{"polluted":"yes","roles":["admin"]}${inner ? `,${inner}` : ''}}`],
    ['body constructor.prototype key', `{"constructor":{"prototype":{"polluted":"yes"}}${inner ? `,${inner}` : ''}}`],
    ['body duplicate keys', inner ? `{${inner},${inner}}` : '{"a":1,"a":2}'],
    [
      'body mass assignment',
      json({
        ...base,
        roles: ['admin'],
        _id: 'x',
        id: 'x',
        emailConfirmedAt: '2000-01-01',
        passwordHash: 'x',
        isAdmin: true,
      }),
    ],
    ['body over the 1 MiB limit', json({ ...base, padding: 'a'.repeat(MB + 16) })],
    ['body as text/plain', baseText, { 'content-type': 'text/plain' }],
    ['body as form', 'a=1&__proto__[polluted]=yes', { 'content-type': 'application/x-www-form-urlencoded' }],
    [
      'body as multipart junk',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      { 'content-type': 'multipart/form-data; boundary=x' },
    ],
    ['body as JSON in UTF-16', baseText, { 'content-type': 'application/json; charset=utf-16' }],
    ['body as odd JSON type', baseText, { 'content-type': 'application/json\u0000' }],
  ];
  const properties = Object.keys(schema.properties ?? {});
  properties.forEach((field, index) => {
    for (const [what, value] of ODD_STRINGS) cases.push([`body.${field} ${what}`, withField(base, field, json(value))]);
    for (const [what, raw] of WRONG_TYPES) cases.push([`body.${field} ${what}`, withField(base, field, raw)]);
    cases.push([`body.${field} 1,000 nested`, withField(base, field, nestedObjects(1000))]);
    // One 1 MB string per body (under the limit with the rest of the body it does not fit; both are answered).
    if (index === 0) cases.push([`body.${field} 1 MB string`, withField(base, field, json('a'.repeat(MB - 200)))]);
    if (schema.required?.includes(field)) {
      const rest = { ...base };
      delete rest[field];
      cases.push([`body.${field} missing`, json(rest)]);
    }
  });
  // A few arbitrary JSON values per route, drawn with a fixed seed.
  const samples = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed, numRuns: 6 });
  samples.forEach((value, i) => cases.push([`body fast-check #${i}`, json(value) ?? 'null']));
  const fieldSamples = fc.sample(
    fc.record({
      field: fc.constantFrom(...(properties.length ? properties : ['x'])),
      value: fc.jsonValue({ maxDepth: 3 }),
    }),
    { seed: seed + 1, numRuns: 6 },
  );
  fieldSamples.forEach(({ field, value }, i) =>
    cases.push([`body.${field} fast-check #${i}`, withField(base, field, json(value) ?? 'null')]),
  );
  return cases;
}

/** Odd values for a path segment, already percent-encoded where needed. */
export const ODD_SEGMENTS: Array<[string, string]> = [
  ['space', '%20'],
  ['NUL', '%00'],
  ['embedded NUL', 'a%00b'],
  ['encoded slash traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['dot-dot', '..'],
  ['encoded dot-dot', '%2e%2e'],
  ['backslash traversal', '..%5C..%5Cwindows'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['prototype', 'prototype'],
  ['negative', '-1'],
  ['NaN', 'NaN'],
  ['huge number', '99999999999999999999999999'],
  ['exponent', '1e309'],
  ['object-ish', '%5Bobject%20Object%5D'],
  ['operator JSON', encodeURIComponent('{"$gt":""}')],
  ['RTL override', encodeURIComponent('\u202Eabc')],
  ['zero-width', encodeURIComponent('\u200B\uFEFF')],
  ['lone surrogate (invalid UTF-8)', '%ED%A0%80'],
  ['invalid UTF-8 byte', '%FF'],
  ['bare percent', '%'],
  ['bad escape', '%zz'],
  ['emoji', encodeURIComponent('😀')],
  ['100 characters', 'a'.repeat(100)],
  ['101 characters', 'a'.repeat(101)],
  ['300 characters', 'a'.repeat(300)],
  ['5,000 characters', 'a'.repeat(5000)],
];

/** Odd values for a query parameter (encoded); `name` is the parameter. */
function queryValues(name: string): Array<[string, string]> {
  const n = encodeURIComponent(name);
  return [
    ['empty', `${n}=`],
    ['no value', n],
    ['wrong type text', `${n}=abc`],
    ['negative', `${n}=-1`],
    ['zero', `${n}=0`],
    ['NaN', `${n}=NaN`],
    ['Infinity', `${n}=Infinity`],
    ['huge', `${n}=99999999999999999999999999`],
    ['exponent', `${n}=1e309`],
    ['hex', `${n}=0x10`],
    ['float', `${n}=1.5`],
    ['NUL', `${n}=%00`],
    ['lone surrogate', `${n}=%ED%A0%80`],
    ['invalid UTF-8', `${n}=%FF%FE`],
    ['bad escape', `${n}=%zz`],
    ['RTL override', `${n}=${encodeURIComponent('\u202Eabc')}`],
    ['zero-width', `${n}=${encodeURIComponent('\u200B')}`],
    ['repeated', `${n}=1&${n}=2`],
    ['bracket array', `${n}[]=1&${n}[]=2`],
    ['bracket object', `${n}[a]=1`],
    ['__proto__ bracket', `${n}[__proto__][polluted]=yes`],
    ['operator', `${n}[$gt]=`],
    ['10,000 characters', `${n}=${'a'.repeat(10_000)}`],
  ];
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Malformed credentials: each replaces the caller's own. */
const AUTH_HEADERS: Array<[string, string]> = [
  ['bare Bearer', 'Bearer'],
  ['three dots', 'Bearer x.y.z'],
  ['alg none admin', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', roles: ['admin'] })}.`],
  ['10,000 characters', `Bearer ${'a'.repeat(10_000)}`],
  ['Basic', 'Basic YWRtaW46YWRtaW4='],
  ['odd Unicode', 'Bearer \u202E\u200B'],
];

const EXTRA_QUERIES: Array<[string, string]> = [
  ['query __proto__', '__proto__=1'],
  ['query __proto__[polluted]', '__proto__[polluted]=yes'],
  ['query constructor.prototype', 'constructor[prototype][polluted]=yes'],
  ['query 1,000 keys', Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&')],
];

export interface CaseContext {
  /** A value each path parameter takes in the base request (e.g. an existing id). */
  pathValues: Record<string, string>;
  /** Field values the base body uses (e.g. an existing user id). */
  bodyHints: Record<string, unknown>;
  /** Where the documented /api/admin/ path is really served. */
  adminPrefix: string;
}

/** The URL an operation is reached at, with path parameters replaced. */
export function urlOf(op: Operation, ctx: CaseContext, override: Record<string, string> = {}): string {
  const path = op.path.replace(/^\/api\/admin\//, `/api/${ctx.adminPrefix}/`);
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? ctx.pathValues[name] ?? 'fuzz-id');
}

function baseQuery(op: Operation): string[] {
  return op.parameters
    .filter((p) => p.in === 'query' && p.required && p.schema)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(validValue(p.schema as Schema)))}`);
}

export function casesFor(op: Operation, ctx: CaseContext, seed: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const bodyBase = op.body ? json(validValue(op.body, ctx.bodyHints)) : undefined;
  const withBase = (c: FuzzCase): FuzzCase =>
    c.payload === undefined && bodyBase !== undefined
      ? { ...c, payload: bodyBase, headers: { 'content-type': 'application/json', ...c.headers } }
      : c;
  const q = baseQuery(op);
  const withQuery = (url: string, extra: string[] = []): string => {
    const all = [...q, ...extra];
    return all.length ? `${url}?${all.join('&')}` : url;
  };

  for (const param of op.parameters.filter((p) => p.in === 'path')) {
    for (const [what, value] of ODD_SEGMENTS) {
      cases.push(
        withBase({
          name: `path {${param.name}} ${what}`,
          method: op.method,
          url: withQuery(urlOf(op, ctx, { [param.name]: value })),
        }),
      );
    }
  }
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  for (const param of queryParams) {
    const others = q.filter((pair) => !pair.startsWith(`${encodeURIComponent(param.name)}=`));
    for (const [what, pair] of queryValues(param.name)) {
      cases.push(
        withBase({
          name: `query ${param.name} ${what}`,
          method: op.method,
          url: `${urlOf(op, ctx)}?${[...others, pair].join('&')}`,
        }),
      );
    }
    if (param.required)
      cases.push(
        withBase({
          name: `query ${param.name} missing`,
          method: op.method,
          url: others.length ? `${urlOf(op, ctx)}?${others.join('&')}` : urlOf(op, ctx),
        }),
      );
  }
  for (const [what, pair] of EXTRA_QUERIES)
    cases.push(withBase({ name: what, method: op.method, url: withQuery(urlOf(op, ctx), [pair]) }));

  for (const [what, value] of AUTH_HEADERS)
    cases.push(
      withBase({
        name: `header authorization ${what}`,
        method: op.method,
        url: withQuery(urlOf(op, ctx)),
        headers: { authorization: value },
      }),
    );
  if (op.path.startsWith('/api/admin/')) {
    // The documented path itself and spellings of it: never served without the secret prefix, never a 5xx.
    for (const [what, prefix] of [
      ['unprefixed', 'admin'],
      ['percent-encoded', '%61dmin'],
      ['upper-case', 'ADMIN'],
      ['double slash', '/admin'],
    ]) {
      cases.push(
        withBase({
          name: `admin path ${what}`,
          method: op.method,
          url: withQuery(urlOf(op, { ...ctx, adminPrefix: prefix as string })),
        }),
      );
    }
  }

  if (op.body) {
    for (const [what, payload, headers] of bodyCases(op.body, ctx.bodyHints, seed)) {
      cases.push({
        name: what,
        method: op.method,
        url: withQuery(urlOf(op, ctx)),
        payload,
        headers: headers ?? { 'content-type': 'application/json' },
      });
    }
  } else if (op.method !== 'GET' && op.method !== 'HEAD') {
    // Routes that take no body still must not choke on one.
    for (const [what, payload] of [
      ['unexpected JSON body', '{"__proto__":{"polluted":"yes"}}'],
      ['unexpected 1,000 nested', nestedObjects(1000)],
      ['unexpected broken JSON', '{'],
    ] as const) {
      cases.push({
        name: what,
        method: op.method,
        url: withQuery(urlOf(op, ctx)),
        payload,
        headers: { 'content-type': 'application/json' },
      });
    }
  }
  return cases;
}

/** GETs of /files/<odd keys> (the streaming itself is tested elsewhere). */
export function fileKeyCases(): FuzzCase[] {
  const keys: Array<[string, string]> = [
    ...ODD_SEGMENTS,
    ['256 characters', 'a'.repeat(256)],
    ['1,000 characters', 'b'.repeat(1000)],
    ['long nested path', Array.from({ length: 40 }, () => 'dir').join('/')],
    ['deep traversal', '../'.repeat(20) + 'etc/passwd'],
    ['encoded deep traversal', '..%2F'.repeat(20) + 'etc%2Fpasswd'],
    ['double-encoded traversal', '%252e%252e%252fetc%252fpasswd'],
    ['absolute path', '%2Fetc%2Fpasswd'],
    ['data dir secrets', '..%2Fsecrets.json'],
    ['store file', '..%2F..%2Fstore.sqlite'],
    ['trailing slash', 'characters/'],
    ['only dots', '...'],
    ['windows device', 'CON'],
    ['query-looking', 'x%3Fa%3D1'],
  ];
  return keys.map(([what, key]) => ({ name: `/files key ${what}`, method: 'GET', url: `/files/${key}` }));
}
