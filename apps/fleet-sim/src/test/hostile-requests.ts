import type { EndpointDef } from '@equipment-dashboard/contract';
import { z } from 'zod';

/*
 * Hostile requests for every call of the contract: NUL, lone surrogates, 100,000-character strings,
 * wrong types, prototype keys, path traversal, broken encodings. Each field is attacked inside an
 * otherwise valid request built from the contract's own schema, so that the hostile value is the one
 * fault and travels as deep as the server lets it.
 */

/** One request of the hostile pass. */
export interface HostileRequest {
  def: EndpointDef;
  /** Which part and field: `query serialNumber`, `body version.semantic`, `params id`, `body`. */
  where: string;
  /** What is hostile: `NUL`, `lone high surrogate` ... */
  hostile: string;
  /** The path with its raw (already encoded) query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

type Path = readonly string[];
type Case = readonly [label: string, raw: string];

/**
 * Query and form values, percent-encoded as a hostile client sends them. 10,000 characters reach the
 * contract; 100,000 in a URL pass Node's 16 KB header limit (431), so that case is sent once per call.
 */
const QUERY_VALUES: readonly Case[] = [
  ['NUL', 'AB%00CD'],
  ['encoded lone surrogate', '%ED%A0%80'],
  ['bad percent-encoding', '%E0%A4%A'],
  ['10,000 characters', 'A'.repeat(10_000)],
  ['path traversal', '..%2F..%2F..%2F..%2Fetc%2Fpasswd'],
  ['number past PostgreSQL integer', '2147483648'],
];

/** Whole query strings (or form bodies) whose keys are hostile, or too long for any server. */
const QUERY_KEYS: readonly Case[] = [
  ['100,000 characters', `q=${'A'.repeat(100_000)}`],
  ['__proto__ key', '__proto__=x'],
  ['constructor[prototype] key', 'constructor[prototype][polluted]=1'],
  ['prototype key', 'prototype=x'],
  ['NUL in a key', 'A%00B=1'],
];

/** JSON values, as raw JSON text (a JS object literal cannot hold a `__proto__` key). */
const JSON_CASES = {
  NUL: JSON.stringify('AB\u0000CD'),
  'lone high surrogate': '"AB\\ud800CD"',
  'lone low surrogate': '"\\udc00"',
  '100,000 characters': JSON.stringify('A'.repeat(100_000)),
  'path traversal': JSON.stringify('../../../../etc/passwd'),
  'encoded path traversal': JSON.stringify('%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
  'absolute path': JSON.stringify('/etc/passwd'),
  'Windows path traversal': JSON.stringify('..\\..\\..\\windows\\win.ini'),
  'nested YAML text': JSON.stringify(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  'numeric text': '"1"',
  array: '["a","b"]',
  'negative number': '-1',
  'number past PostgreSQL integer': '2147483648',
  'huge number': '1e300',
  null: 'null',
  '__proto__ object': '{"__proto__":{"polluted":true}}',
  'constructor.prototype object': '{"constructor":{"prototype":{"polluted":true}}}',
  '5,000 nested arrays': `${'['.repeat(5000)}${']'.repeat(5000)}`,
} as const;
type JsonCase = keyof typeof JSON_CASES;

/** What each kind of field is attacked with: its own kind's worst, and the wrong types. */
const JSON_CASES_BY_KIND: Record<FieldKind, readonly JsonCase[]> = {
  text: [
    'NUL',
    'lone high surrogate',
    'lone low surrogate',
    '100,000 characters',
    'path traversal',
    'array',
    'number past PostgreSQL integer',
    '__proto__ object',
  ],
  number: ['number past PostgreSQL integer', 'huge number', 'negative number', 'numeric text', 'NUL', 'null'],
  other: [
    'NUL',
    '100,000 characters',
    'array',
    'number past PostgreSQL integer',
    '__proto__ object',
    'constructor.prototype object',
    '5,000 nested arrays',
  ],
};
/** More for text fields that name files, folders or documents. */
const PATH_LIKE = /path|name|text|file/i;
const PATH_CASES: readonly JsonCase[] = [
  'encoded path traversal',
  'absolute path',
  'Windows path traversal',
  'nested YAML text',
];

/** Path parameter values, raw in the URL. */
const PARAM_VALUES: readonly Case[] = [
  ['path traversal', '..%2F..%2F..%2F..%2Fetc%2Fpasswd'],
  ['double-encoded path traversal', '%252e%252e%252fetc%252fpasswd'],
  ['NUL', '1%00'],
  ['bad percent-encoding', '%E0%A4%A'],
  ['encoded lone surrogate', '%ED%A0%80'],
  ['line break', '%0A1'],
  ['blank padded', '%201%20'],
  ['10,000 characters', 'A'.repeat(10_000)],
  ['number past PostgreSQL integer', '2147483648'],
  ['huge number', '99999999999999999999'],
  ['negative number', '-1'],
  ['hexadecimal', '0x1'],
  ['exponent', '1e0'],
];

/** Whole JSON bodies around the example: hostile keys, broken JSON, wrong encodings. */
function jsonBodyCases(
  example: Record<string, unknown>,
): { hostile: string; type: string; body: string; headers?: Record<string, string> }[] {
  const json = JSON.stringify(example);
  const withKey = (member: string) => `{${member}${json === '{}' ? '' : `,${json.slice(1, -1)}`}}`;
  const type = 'application/json';
  return [
    { hostile: '__proto__ key', type, body: withKey('"__proto__":{"polluted":true}') },
    { hostile: 'constructor key', type, body: withKey('"constructor":{"prototype":{"polluted":true}}') },
    { hostile: 'NUL in a key', type, body: withKey('"A\\u0000B":1') },
    { hostile: 'lone surrogate in a key', type, body: withKey('"\\ud800":1') },
    { hostile: 'malformed JSON', type, body: '{"serialNumber":' },
    { hostile: 'JSON array', type, body: '[]' },
    { hostile: '100,000 nested arrays', type, body: `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
    { hostile: 'text/plain', type: 'text/plain', body: json },
    { hostile: 'UTF-16 charset', type: 'application/json; charset=utf-16', body: json },
    { hostile: 'corrupt gzip', type, body: json, headers: { 'Content-Encoding': 'gzip' } },
    {
      hostile: 'form with NUL and __proto__',
      type: 'application/x-www-form-urlencoded',
      body: 'serialNumber=AB%00CD&__proto__=x',
    },
    { hostile: 'multipart without boundary', type: 'multipart/form-data', body: json },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Examples built from the contract
// ---------------------------------------------------------------------------------------------------

const isRequired = (schema: z.ZodType): boolean => !schema.safeParse(undefined).success;

/** A value the schema accepts, with its required fields only (refinements across fields aside). */
function exampleOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(shape)
        .filter(([, field]) => isRequired(field))
        .map(([key, field]) => [key, exampleOf(field)]),
    );
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return exampleOf(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return exampleOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) return exampleOf(schema.options[0] as z.ZodType);
  if (schema instanceof z.ZodArray) return [exampleOf(schema.element as z.ZodType)];
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodBoolean) return false;
  if (schema instanceof z.ZodNumber) return Math.max(1, schema.minValue ?? 1);
  if (schema instanceof z.ZodISODateTime) return '2031-01-01T00:00:00.000Z';
  if (schema instanceof z.ZodISODate) return '2031-01-01';
  if (schema instanceof z.ZodEmail) return 'someone@example.com';
  if (schema instanceof z.ZodString) return 'A'.repeat(Math.max(1, schema.minLength ?? 1));
  return {};
}

type FieldKind = 'text' | 'number' | 'other';

/** A field of a request schema: where it is, and whether it holds text, a number or something else. */
interface Field {
  path: Path;
  kind: FieldKind;
}

function kindOf(schema: z.ZodType): FieldKind {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return kindOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return kindOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) {
    const kinds = (schema.options as z.ZodType[]).map(kindOf);
    return kinds.includes('text') ? 'text' : kinds.includes('number') ? 'number' : 'other';
  }
  if (schema instanceof z.ZodString) return 'text';
  if (schema instanceof z.ZodNumber) return 'number';
  return 'other';
}

/** Every field of a schema: each object key (nested too), each array's first item. */
function fieldsOf(schema: z.ZodType, path: Path = []): Field[] {
  const fields: Field[] = [];
  if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      fields.push({ path: [...path, key], kind: kindOf(field) }, ...fieldsOf(field, [...path, key]));
    }
  } else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    fields.push(...fieldsOf(schema.unwrap() as z.ZodType, path));
  } else if (schema instanceof z.ZodPipe) {
    fields.push(...fieldsOf(schema.in as z.ZodType, path));
  } else if (schema instanceof z.ZodUnion) {
    for (const option of schema.options) fields.push(...fieldsOf(option as z.ZodType, path));
  } else if (schema instanceof z.ZodArray) {
    fields.push(
      { path: [...path, '0'], kind: kindOf(schema.element as z.ZodType) },
      ...fieldsOf(schema.element as z.ZodType, [...path, '0']),
    );
  }
  const seen = new Set<string>();
  return fields.filter((f) => !seen.has(f.path.join('.')) && seen.add(f.path.join('.')));
}

/** The example with the signed-in admin's name in the fields that must name the caller. */
function asAdmin(example: Record<string, unknown>, keys: RegExp): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(example).map(([key, value]) => [
      key,
      keys.test(key) && typeof value === 'string' ? 'admin' : value,
    ]),
  );
}

const MARKER = '__HOSTILE_VALUE__';

/** The example as JSON text with `raw` (JSON text) at `path`. */
function jsonWith(example: unknown, path: Path, raw: string): string {
  const root = structuredClone(example) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = MARKER;
    else {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = path[i + 1] === '0' ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
  });
  return JSON.stringify(root).replace(JSON.stringify(MARKER), () => raw);
}

/** Form or query text of the example's top-level values, with `key=raw` (or other raw pairs) instead of `key`. */
function formWith(example: Record<string, unknown>, replaced: string | undefined, raw: string): string {
  const pairs = Object.entries(example)
    .filter(([key]) => key !== replaced)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return [...pairs, raw].join('&');
}

// ---------------------------------------------------------------------------------------------------
// The requests
// ---------------------------------------------------------------------------------------------------

function urlOf(def: EndpointDef, params: Record<string, string>, query: string): string {
  const path = def.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => params[name] ?? '1');
  return query ? `${path}?${query}` : path;
}

function multipartBody(
  fields: [name: string, value: string | Buffer][],
  fileName = 'hostile.png',
): { type: string; body: Buffer } {
  const boundary = 'hostile-boundary-0c4e1f';
  const parts = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]),
  );
  const file = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([...parts, file, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

function queryExample(def: EndpointDef): Record<string, unknown> {
  return def.query ? asAdmin(exampleOf(def.query as z.ZodType) as Record<string, unknown>, /username$/i) : {};
}

function queryRequests(def: EndpointDef): HostileRequest[] {
  const example = queryExample(def);
  const keys = def.query
    ? fieldsOf(def.query as z.ZodType)
        .filter((f) => f.path.length === 1)
        .map((f) => f.path[0] as string)
    : ['q'];
  const request = (where: string, hostile: string, query: string): HostileRequest => ({
    def,
    where,
    hostile,
    url: urlOf(def, {}, query),
    headers: {},
  });
  return [
    ...keys.flatMap((key) => [
      ...QUERY_VALUES.map(([hostile, raw]) =>
        request(`query ${key}`, hostile, formWith(example, key, `${key}=${raw}`)),
      ),
      request(`query ${key}`, 'repeated key', formWith(example, key, `${key}=a&${key}=b`)),
      request(`query ${key}`, 'nested key', formWith(example, key, `${key}[a]=b`)),
    ]),
    ...QUERY_KEYS.map(([hostile, raw]) => request('query', hostile, formWith(example, undefined, raw))),
  ];
}

function paramRequests(def: EndpointDef): HostileRequest[] {
  const names = [...def.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] as string);
  return names.flatMap((name) =>
    PARAM_VALUES.map(([hostile, raw]) => ({
      def,
      where: `params ${name}`,
      hostile,
      url: urlOf(def, { [name]: raw }, ''),
      headers: {},
    })),
  );
}

function bodyRequests(def: EndpointDef, url: string): HostileRequest[] {
  if (!def.body || def.method === 'GET') return [];
  const schema = def.body as z.ZodType;
  // Not `username`: a valid hostile password for the admin would end the pass's own token.
  const example = asAdmin(exampleOf(schema) as Record<string, unknown>, /^(author|issuer)Username$/);
  const fields = fieldsOf(schema);
  const paths = fields.map((f) => f.path);
  const request = (
    where: string,
    hostile: string,
    type: string,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ): HostileRequest => ({
    def,
    where,
    hostile,
    url,
    headers: { 'Content-Type': type, ...headers },
    body,
  });
  if (def.bodyEncoding === 'urlencoded') {
    return [
      ...paths.flatMap((p) =>
        QUERY_VALUES.map(([hostile, raw]) =>
          request(
            `body ${p.join('.')}`,
            hostile,
            'application/x-www-form-urlencoded',
            formWith(example, p[0], `${p[0]}=${raw}`),
          ),
        ),
      ),
      ...QUERY_KEYS.map(([hostile, raw]) =>
        request('body', hostile, 'application/x-www-form-urlencoded', formWith(example, undefined, raw)),
      ),
      request(
        'body',
        'JSON object for a form',
        'application/json',
        '{"username":{"constructor":{"prototype":{"polluted":true}}}}',
      ),
    ];
  }
  if (def.bodyEncoding === 'multipart') {
    const textFields = Object.entries(example).map(([key, value]): [string, string] => [key, String(value)]);
    const values: [string, string | Buffer][] = [
      ['NUL', 'AB\u0000CD'],
      ['invalid UTF-8', Buffer.from([0x41, 0xed, 0xa0, 0x80])],
      ['100,000 characters', 'A'.repeat(100_000)],
      ['path traversal', '../../../../etc/passwd'],
    ];
    const names = ['__proto__', '__proto__[polluted]', 'constructor', 'prototype', 'a[__proto__][polluted]'];
    const multipart = (
      where: string,
      hostile: string,
      parts: [string, string | Buffer][],
      fileName?: string,
    ) => {
      const { type, body } = multipartBody(parts, fileName);
      return request(where, hostile, type, body);
    };
    return [
      ...paths.flatMap((p) =>
        values.map(([hostile, value]) =>
          multipart(`body ${p.join('.')}`, hostile, [
            ...textFields.filter(([key]) => key !== p[0]),
            [p[0] as string, value],
          ]),
        ),
      ),
      ...names.map((name) => multipart('body', `${name} field`, [...textFields, [name, 'x']])),
      multipart('file', 'path traversal file name', textFields, '../../../../etc/passwd'),
      multipart('file', 'absolute file name', textFields, '/etc/passwd'),
      multipart('file', 'Windows path traversal file name', textFields, '..\\..\\..\\windows\\win.ini'),
      request('body', 'multipart without boundary', 'multipart/form-data', 'x'),
      request(
        'body',
        'truncated multipart',
        multipartBody(textFields).type,
        multipartBody(textFields).body.subarray(0, 60),
      ),
    ];
  }
  const casesOf = ({ path, kind }: Field): readonly JsonCase[] =>
    kind === 'text' && PATH_LIKE.test(path.at(-1) ?? '')
      ? [...JSON_CASES_BY_KIND.text, ...PATH_CASES]
      : JSON_CASES_BY_KIND[kind];
  return [
    ...fields.flatMap((f) =>
      casesOf(f).map((hostile) =>
        request(
          `body ${f.path.join('.')}`,
          hostile,
          'application/json',
          jsonWith(example, f.path, JSON_CASES[hostile]),
        ),
      ),
    ),
    ...jsonBodyCases(example).map((c) => request('body', c.hostile, c.type, c.body, c.headers)),
  ];
}

/** Every hostile request for one call: each query key, path parameter and body field, and whole-body cases. */
export function hostileRequests(def: EndpointDef): HostileRequest[] {
  const url = urlOf(def, {}, formWith(queryExample(def), undefined, '').replace(/&$/, ''));
  return [...queryRequests(def), ...paramRequests(def), ...bodyRequests(def, url)];
}
