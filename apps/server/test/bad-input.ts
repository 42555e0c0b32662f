import fc from 'fast-check';
import { ID_MAX } from '@planns/shared/input/ids.rules';

/**
 * Malformed input for the bad-input walk (bad-input-walk.test.ts), generated from the OpenAPI
 * document's JSON schemas: a plausible value for each schema (the baseline a mutation starts
 * from), and the classes of bad values an attacker or a broken client sends. Nothing here knows
 * a route: every route in the document, present and future, gets the same treatment.
 */

export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
  examples?: unknown[];
  $ref?: string;
};

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  /** The JSON body schema, when the route takes a JSON body. */
  body: JsonSchema | null;
  /** True when the route takes a raw body (no requestBody in the document, but POST/PUT). */
  rawBody: boolean;
}

type OpenApiDoc = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema; example?: unknown }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export function listOperations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // A parameter's example (the document moves a schema's examples there) starts the walk from a valid request.
      const params = (op.parameters ?? []).map((p) => (p.example === undefined ? p : { ...p, schema: { ...p.schema, examples: [p.example] } }));
      const body = op.requestBody?.content['application/json']?.schema ?? null;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolve(doc, p.schema) })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(doc, p.schema), required: p.required ?? false })),
        body: body ? resolve(doc, body) : null,
        rawBody: !body && (method === 'post' || method === 'put'),
      });
    }
  }
  return ops;
}

/** Inlines `$ref`s to components (the document's own, so no cycles in planns' schemas). */
function resolve(doc: OpenApiDoc, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20 || schema === null || typeof schema !== 'object') return schema;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc, doc.components?.schemas?.[name] ?? {}, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (out[key]) out[key] = out[key].map((s) => resolve(doc, s, depth + 1));
  if (out.items) out.items = resolve(doc, out.items, depth + 1);
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, s]) => [k, resolve(doc, s, depth + 1)]));
  return out;
}

/** Strings the walk tries first for a pattern: the fixtures' upload id, then small ids and words. */
const PATTERN_CANDIDATES = ['walkupload01', '1', 'abc', 'a1b2c3d4e5'];

/** A plausible value for a schema: the first example, or built from the schema's own constraints. */
export function exampleOf(schema: JsonSchema, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const notNull = branches.find((b) => b.type !== 'null') ?? branches[0]!;
    return exampleOf(notNull, depth + 1);
  }
  if (schema.allOf?.length) return exampleOf(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = exampleOf(child, depth + 1);
      return out;
    }
    case 'array':
      return schema.minItems && schema.items ? Array.from({ length: schema.minItems }, () => exampleOf(schema.items!, depth + 1)) : [];
    case 'string': {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        const match = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (match) return match;
      }
      const min = schema.minLength ?? 0;
      return 'abc'.padEnd(Math.max(3, min), 'x').slice(0, schema.maxLength ?? 1000);
    }
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'abc';
  }
}

const deepArray = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i += 1) v = [v];
  return v;
};

/** Values of every wrong kind, put in place of one field of a JSON body. */
export const BAD_JSON_VALUES: { label: string; value: unknown }[] = [
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'zero', value: 0 },
  { label: 'negative', value: -1 },
  { label: 'fraction', value: 1.5 },
  { label: 'huge number', value: 1e308 },
  { label: 'beyond bigint', value: 1e20 },
  { label: 'max safe id + 1', value: ID_MAX + 1 },
  { label: 'empty string', value: '' },
  { label: 'NUL in text', value: 'a\u0000b' },
  { label: 'bell and escape', value: 'x\u0007\u001b[31my' },
  { label: 'C1 control', value: 'x\u0085y' },
  { label: 'lone high surrogate', value: 'x\ud800y' },
  { label: 'lone low surrogate', value: '\udc00' },
  { label: 'huge string', value: 'x'.repeat(100_000) },
  { label: 'digits beyond bigint', value: '99999999999999999999' },
  { label: 'non-numeric', value: 'NaN' },
  { label: 'exponent', value: '1e3' },
  { label: 'empty array', value: [] },
  { label: 'array of junk', value: [null, 'x', -1, {}] },
  { label: 'huge array', value: Array.from({ length: 10_000 }, (_, i) => i) },
  { label: 'empty object', value: {} },
  { label: 'object', value: { a: 1, b: 'c' } },
  { label: 'deep array', value: deepArray(64) },
  { label: 'prototype key', value: JSON.parse('{"__proto__":{"polluted":1}}') as unknown },
];

/** Values for one query-string or path parameter, already URL-encoded. */
export const BAD_URL_VALUES: { label: string; encoded: string }[] = [
  { label: 'empty', encoded: '' },
  { label: 'word', encoded: 'abc' },
  { label: 'NUL', encoded: 'a%00b' },
  { label: 'control', encoded: '%07%1B' },
  { label: 'C1 control', encoded: '%C2%85' },
  { label: 'invalid UTF-8', encoded: '%FF%FE' },
  { label: 'encoded lone surrogate', encoded: '%ED%A0%80' },
  { label: 'zero', encoded: '0' },
  { label: 'negative', encoded: '-1' },
  { label: 'fraction', encoded: '1.5' },
  { label: 'exponent', encoded: '1e308' },
  { label: 'beyond bigint', encoded: '99999999999999999999' },
  { label: 'max safe id', encoded: String(ID_MAX) },
  { label: 'max safe id + 1', encoded: String(ID_MAX + 1) },
  { label: 'NaN', encoded: 'NaN' },
  { label: 'Infinity', encoded: 'Infinity' },
  { label: 'spaces', encoded: '%20%201%20' },
  { label: 'comma junk', encoded: '1,,x,-2' },
  { label: 'huge', encoded: 'x'.repeat(5_000) },
  { label: 'dot segments', encoded: '..%2F..%2Fetc' },
  { label: 'unicode', encoded: encodeURIComponent('שלום日本') },
];

/** Whole bodies that are malformed as a request: wrong content types, broken or hostile JSON. */
export function badRawBodies(): { label: string; payload?: string | Buffer; headers: Record<string, string> }[] {
  const json = { 'content-type': 'application/json' };
  return [
    { label: 'no body, no content type', headers: {} },
    { label: 'empty JSON body', payload: '', headers: json },
    { label: 'JSON null', payload: 'null', headers: json },
    { label: 'JSON array', payload: '[]', headers: json },
    { label: 'JSON string', payload: '"abc"', headers: json },
    { label: 'JSON number', payload: '123', headers: json },
    { label: 'broken JSON', payload: '{"a":', headers: json },
    { label: 'invalid UTF-8 in JSON', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), headers: json },
    { label: 'deep JSON', payload: '['.repeat(100_000) + ']'.repeat(100_000), headers: json },
    { label: 'deep object', payload: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), headers: json },
    { label: 'prototype pollution', payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', headers: json },
    { label: 'text/plain', payload: '{"a":1}', headers: { 'content-type': 'text/plain' } },
    { label: 'form encoded', payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { label: 'multipart', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    { label: 'JSON as UTF-16', payload: Buffer.from('{"a":1}', 'utf16le'), headers: { 'content-type': 'application/json; charset=utf-16' } },
    { label: 'unknown content type', payload: 'abc', headers: { 'content-type': 'application/x-planns-unknown' } },
    { label: 'binary junk', payload: Buffer.from([0, 1, 2, 3, 255, 254, 0, 0]), headers: { 'content-type': 'application/octet-stream' } },
  ];
}

/** Any UTF-16 code unit, lone surrogates and controls included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const hostileString = fc.string({ unit: fc.oneof(anyCodeUnit, fc.constantFrom('\u0000', '\ud800', '\u001f', '\u0085', '9')), maxLength: 40 });
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 63, 1e-320),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * Random hostile values (fast-check, a fixed seed so a failure replays): any code unit, odd
 * numbers, nested arrays and objects with hostile keys. For whole bodies and single fields.
 */
export function randomHostileValues(seed: number, count: number): unknown[] {
  return fc.sample(hostileJson, { seed, numRuns: count });
}

/** Random hostile text for query-string and path values, URL-encoded (lone surrogates as raw %ED.. bytes). */
export function randomHostileUrlValues(seed: number, count: number): string[] {
  return fc.sample(hostileString, { seed, numRuns: count }).map((s) => encodeUrlText(s));
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its raw CESU-8 bytes. */
export function encodeUrlText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A value as a query string for one parameter: arrays repeat the key, objects use brackets. */
export function queryPart(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => queryPart(name, v)).join('&') || `${name}=`;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => queryPart(`${name}[${k}]`, v)).join('&') || `${name}=`;
  }
  return `${name}=${encodeUrlText(String(value))}`;
}
