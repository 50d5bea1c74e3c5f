// The pieces of the route fuzz test (`fuzz.test.ts`): every operation of the OpenAPI document,
// a plausible request for each (its baseline), and seeded cases that make one part of that request
// bad at a time: wrong types, huge and unicode strings, NUL bytes, out-of-range numbers and dates,
// unknown filter operators and prototype keys, in the path, the query string and the body.
import { MAX_ID } from '@flowsight/domain/input';
import type { Random } from '@flowsight/simulator/random';
import { inlineComponents } from './openapi-document.ts';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  format?: string;
  description?: string;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
};

export type Parameter = {
  readonly in: 'path' | 'query';
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
};

export type Operation = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path below /api, e.g. `/companies/{id}/gallons`. */
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body: JsonSchema | undefined;
  /** A Server-Sent Events stream: the test takes its status, then hangs up. */
  readonly stream: boolean;
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

export function operationsOf(named: OpenApiDocument): Operation[] {
  const document = inlineComponents(named);
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(byMethod)) {
      const method = lower.toUpperCase();
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method as Operation['method'],
        path,
        parameters: (operation.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            in: p.in as 'path' | 'query',
            name: p.name,
            required: p.required === true,
            schema: p.schema ?? {},
          })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        stream: Object.values(operation.responses ?? {}).some(
          (response) => response.content && 'text/event-stream' in response.content,
        ),
      });
    }
  }
  return operations;
}

/** Real records of the caller's company (and the test's integration), for plausible requests. */
export type Fixtures = {
  readonly companyId: number;
  readonly propertyId: number;
  readonly buildingId: number;
  readonly unitId: number;
  /** A user of the company other than the callers, so that edits never end a caller's session. */
  readonly userId: number;
  readonly sensorId: number;
  readonly sensorMac: string;
  readonly gatewayId: number;
  readonly alertId: number;
  readonly contactId: number;
  readonly roleId: number;
};

/** The record a path segment's `{param}` points at, by the collection before it. */
function idFor(collection: string | undefined, fixtures: Fixtures): number {
  switch (collection) {
    case 'companies':
      return fixtures.companyId;
    case 'properties':
      return fixtures.propertyId;
    case 'buildings':
      return fixtures.buildingId;
    case 'units':
      return fixtures.unitId;
    case 'users':
      return fixtures.userId;
    case 'sensors':
      return fixtures.sensorId;
    case 'gateways':
      return fixtures.gatewayId;
    case 'notifications':
    case 'confirmation':
      return fixtures.alertId;
    case 'contacts':
      return fixtures.contactId;
    case 'roles':
      return fixtures.roleId;
    default:
      return 1;
  }
}

const TEXT_BY_NAME: Readonly<Record<string, (f: Fixtures) => string>> = {
  email: () => 'fuzz.nobody@flowsight.test',
  password: () => 'Fuzz!2026flow',
  oldPassword: () => 'Fuzz!2026flow',
  newPassword: () => 'Fuzz!2026flow-new',
  phone: () => '(617) 555-0199',
  mac: (f) => f.sensorMac,
  sensorMac: (f) => f.sensorMac,
  sensor_mac: (f) => f.sensorMac,
  timeZone: () => 'UTC',
  from: () => '2026-01-01',
  to: () => '2026-01-31',
  start_date: () => '2026-01-01',
  end_date: () => '2026-01-31',
  end: () => '2026-01-31',
  received_at: () => '2026-01-15T12:00:00Z',
  payload: () => 'AQI=',
  code: () => '123456',
};

const ID_BY_NAME = new Map<string, keyof Fixtures>([
  ['company_id', 'companyId'],
  ['property_id', 'propertyId'],
  ['propertyId', 'propertyId'],
  ['building_id', 'buildingId'],
  ['unit_id', 'unitId'],
  ['role_id', 'roleId'],
  ['roleId', 'roleId'],
  ['sensor_id', 'sensorId'],
]);

function firstOf(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}
function typeOf(schema: JsonSchema): string | undefined {
  const resolved = firstOf(schema);
  return [resolved.type].flat().find((t) => t !== 'null');
}

/** A value the schema (probably) accepts; good enough to carry one bad part past the others. */
export function plausible(schema: JsonSchema, name: string, fixtures: Fixtures): unknown {
  const resolved = firstOf(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum && resolved.enum.length > 0) return resolved.enum[0];
  switch (typeOf(resolved)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of resolved.required ?? []) {
        value[key] = plausible(resolved.properties?.[key] ?? {}, key, fixtures);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: resolved.minItems ?? 0 }, () =>
        plausible(resolved.items ?? {}, name, fixtures),
      );
    case 'integer':
    case 'number': {
      const idKey = ID_BY_NAME.get(name);
      if (idKey) return fixtures[idKey];
      const low = resolved.minimum ?? (resolved.exclusiveMinimum ?? 0) + 1;
      return Math.min(Math.max(low, 1), resolved.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string': {
      const known = Object.hasOwn(TEXT_BY_NAME, name) ? TEXT_BY_NAME[name]?.(fixtures) : undefined;
      if (known !== undefined) return known;
      return 'Fuzz'.padEnd(resolved.minLength ?? 1, 'z');
    }
    default:
      return 'fuzz';
  }
}

/** What a bad value of a parameter or field should look like. */
export type Kind = 'id' | 'number' | 'text' | 'date' | 'filter' | 'sort' | 'boolean' | 'structure';

const DATE_NAME = /(^|_)(from|to|end|date|at|start)$|^(from|to|end)$|_date$|At$/;

export function kindOf(
  name: string,
  schema: JsonSchema,
  location: 'path' | 'query' | 'body',
): Kind {
  if (name.startsWith('filter.')) return 'filter';
  if (name === 'sortBy') return 'sort';
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return location === 'path' ? 'id' : 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'object' || type === 'array') return 'structure';
  if (DATE_NAME.test(name)) return 'date';
  return 'text';
}

const HUGE = 'x'.repeat(20_000);
const PROTO_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Text that breaks naive handling: NUL, lone surrogates, control characters, huge, injection. */
const BAD_TEXT: readonly string[] = [
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '💧 Ünïcødé 水 \u202e evil',
  '\u0007\u001b[31m\r\n',
  HUGE,
  "' OR 1=1 --",
  '$regex:(',
  '%00',
  '../../etc/passwd',
  '{{7*7}}#{7*7}',
  ...PROTO_WORDS,
];

/** Dates outside what a calendar or PostgreSQL holds, and malformed ones. */
const BAD_DATES: readonly string[] = [
  '0000-01-01',
  '9999-12-31',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1969-12-31',
  '2026-02-30',
  '2026-13-01',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+99:99',
  '20260101',
  'today',
  '',
  'a\u0000b',
  '__proto__',
];

/** Numbers outside every column's range, non-numbers and numeric-looking text. */
const BAD_NUMBERS: readonly string[] = [
  '-1',
  '0',
  '1.5',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999',
  '1e308',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '',
  'abc',
  'a\u0000b',
  '__proto__',
];

/** Path segments that are not a positive id, written as they travel (percent-encoded). */
const BAD_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '%00',
  'a%00b',
  '%E2%82',
  '%ED%A0%80',
  '%25',
  '..%2F..',
  encodeURIComponent('💧 水'),
  'x'.repeat(900),
  ...PROTO_WORDS,
];

/** Filter expressions: unknown operators, broken regular expressions, out-of-range values. */
const BAD_FILTERS: readonly string[] = [
  '$regex:(',
  '$regex:[',
  '$regex:\\',
  '$regex:a{1,999}',
  '$regex:(?<name>a)',
  '$regex:[[:nope:]]',
  '$regex:\\p{L}',
  '$regex:((a{1,200}){1,200}){1,200}',
  '$foo:1',
  '$',
  '$eq',
  '$in:',
  '$in:,',
  `$in:${Array.from({ length: 3000 }, (_, i) => i).join(',')}`,
  '$btw:1',
  '$btw:0000-01-01,9999-12-31',
  '$gt:0000-01-01',
  '$lt:9999-12-31T23:59:59Z',
  '$gte:2026-02-30',
  '$eq:a\u0000b',
  '$ilike:\u0000',
  '$eq:99999999999999999999',
  '$gt:1e400',
  '$eq:2147483648',
  '$null:x',
  '$eq:__proto__',
  `$eq:${HUGE}`,
  '$ilike:\ud800',
];

const BAD_SORTS: readonly string[] = [
  '__proto__:ASC',
  'constructor:DESC',
  'prototype',
  'toString:ASC',
  'hasOwnProperty:DESC',
  'id:SIDEWAYS',
  ':',
  'id:ASC:DESC',
  '',
  HUGE,
  'id\u0000:ASC',
];

const BAD_BOOLEANS: readonly string[] = ['2', 'yes', '', 'null', '__proto__', 'a\u0000b'];

/** JSON values of the wrong shape for any field. */
const WRONG_JSON: readonly unknown[] = [
  null,
  true,
  [],
  {},
  -1,
  1.5,
  2147483648,
  1e308,
  'a\u0000b',
  HUGE,
];

function catalogue(kind: Kind): readonly string[] {
  switch (kind) {
    case 'id':
      return BAD_SEGMENTS;
    case 'number':
      return BAD_NUMBERS;
    case 'date':
      return BAD_DATES;
    case 'filter':
      return BAD_FILTERS;
    case 'sort':
      return BAD_SORTS;
    case 'boolean':
      return BAD_BOOLEANS;
    case 'text':
    case 'structure':
      return BAD_TEXT;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

/** A bad JSON value for a body field: its kind's bad texts, or numbers, or the wrong type. */
function badJson(kind: Kind, random: Random): unknown {
  if (random.chance(0.3)) return random.pick(WRONG_JSON);
  if (kind === 'number' || kind === 'id') {
    return random.pick<unknown>([-1, 0, 1.5, 2147483648, -2147483649, 1e308, -1e308, 1e-320]);
  }
  return random.pick(catalogue(kind));
}

/** Whole bodies, written as sent: wrong types, prototype keys, deep nesting, broken JSON. */
const BAD_BODIES: readonly string[] = [
  'null',
  '"text"',
  '[]',
  '42',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":',
  '{"a":"\\u0000"}',
];

/** Query keys a handler might look up on a plain object. */
const BAD_QUERY_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'filter.__proto__',
  'filter.constructor',
  'filter.toString',
  '__proto__.polluted',
];

/** The text with each unpaired surrogate replaced, so that it can be percent-encoded. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export type Case = {
  /** What was made bad, for the failure message: `query.filter.name = "$regex:("`. */
  readonly label: string;
  readonly url: string;
  /** A raw JSON text (bodies are sent as written, so `__proto__` keys survive). */
  readonly body: string | undefined;
  /** Credentials sent instead of the caller's. */
  readonly headers?: Readonly<Record<string, string>>;
};

/** Credentials that are not: malformed, huge or of the wrong scheme. */
const BAD_CREDENTIALS: readonly Record<string, string>[] = [
  { authorization: 'Bearer not.a.jwt' },
  { authorization: `Bearer ${HUGE}` },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer ' },
  { 'x-api-key': `fsk_${HUGE}` },
  { 'x-api-key': '__proto__' },
];

type Request = {
  path: Record<string, string>;
  query: [string, string][];
  body: unknown;
  rawBody?: string;
};

function urlOf(operation: Operation, request: Request): string {
  const path = operation.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => request.path[name] ?? '1',
  );
  const query = new URLSearchParams(request.query).toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text && text.length > 40 ? `${text.slice(0, 40)}… (${text.length})` : text);
};

/**
 * The cases of one operation: its baseline, then `perPart` bad values for each path segment,
 * query parameter and top-level body field, plus bad whole bodies and bad query keys.
 */
export function casesOf(
  operation: Operation,
  fixtures: Fixtures,
  random: Random,
  perPart: number,
): Case[] {
  const segments = operation.path.split('/');
  const pathValue = (parameter: Parameter): string => {
    const schema = firstOf(parameter.schema);
    if (schema.enum?.[0] !== undefined) return String(schema.enum[0]);
    if (typeOf(schema) !== 'integer') {
      return String(plausible(parameter.schema, parameter.name, fixtures));
    }
    // A removal points at no record, so that no case takes a fixture that later cases need.
    if (operation.method === 'DELETE') return String(MAX_ID);
    if (parameter.name === 'id') {
      return String(idFor(segments[segments.indexOf('{id}') - 1], fixtures));
    }
    const known = ID_BY_NAME.get(parameter.name);
    return String(known ? fixtures[known] : 1);
  };
  const baseline = (): Request => {
    const path: Record<string, string> = {};
    const query: [string, string][] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in === 'path') {
        path[parameter.name] = encodeURIComponent(pathValue(parameter));
      } else if (parameter.required) {
        query.push([parameter.name, String(plausible(parameter.schema, parameter.name, fixtures))]);
      }
    }
    const body = operation.body ? plausible(operation.body, '', fixtures) : undefined;
    return { path, query, body };
  };
  const toCase = (label: string, request: Request): Case => ({
    label,
    url: urlOf(operation, request),
    body:
      request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
  });
  const draws = <T>(items: readonly T[]) =>
    Array.from({ length: Math.min(perPart, items.length) }, () => random.pick(items));

  const cases: Case[] = [toCase('baseline', baseline())];
  for (const parameter of operation.parameters) {
    const kind = kindOf(parameter.name, parameter.schema, parameter.in);
    for (const bad of draws(catalogue(kind))) {
      const request = baseline();
      if (parameter.in === 'path') {
        // Catalogue segments are written as they travel; texts are encoded like any client would.
        request.path[parameter.name] = kind === 'id' ? bad : encodeURIComponent(wellFormed(bad));
      } else {
        request.query = request.query.filter(([name]) => name !== parameter.name);
        request.query.push([parameter.name, bad]);
      }
      cases.push(toCase(`${parameter.in}.${parameter.name} = ${show(bad)}`, request));
    }
  }
  const credentials = random.pick(BAD_CREDENTIALS);
  cases.push({
    ...toCase(`header ${show(Object.entries(credentials)[0]?.join(': '))}`, baseline()),
    headers: credentials,
  });
  for (const key of draws(BAD_QUERY_KEYS)) {
    const request = baseline();
    request.query.push([key, random.pick(['1', '$eq:1', 'polluted'])]);
    cases.push(toCase(`query key ${key}`, request));
  }
  if (operation.body) {
    for (const [path, schema] of fieldsOf(operation.body)) {
      const kind = kindOf(String(path.at(-1)), schema, 'body');
      for (let i = 0; i < perPart; i++) {
        const request = baseline();
        const bad = badJson(kind, random);
        request.body = withValueAt(request.body, path, bad, operation.body, fixtures);
        cases.push(toCase(`body.${path.join('.')} = ${show(bad)}`, request));
      }
    }
    for (const raw of draws(BAD_BODIES)) {
      cases.push(toCase(`body ${show(raw)}`, { ...baseline(), rawBody: raw }));
    }
    // A prototype key beside the plausible fields (an own key in JSON, as an attacker sends it).
    const request = baseline();
    const plain = JSON.stringify(request.body ?? {});
    const word = random.pick(PROTO_WORDS);
    const extra = `"${word}":{"polluted":true}`;
    const rawBody = plain === '{}' ? `{${extra}}` : plain.replace(/^\{/, `{${extra},`);
    cases.push(toCase(`body key ${word}`, { ...request, rawBody }));
  }
  return cases;
}

type FieldPath = readonly (string | number)[];

/** Every field of a body, nested objects and the first item of arrays included (3 levels). */
function fieldsOf(schema: JsonSchema, prefix: FieldPath = []): [FieldPath, JsonSchema][] {
  if (prefix.length >= 3) return [];
  const resolved = firstOf(schema);
  if (typeOf(resolved) === 'array' && resolved.items)
    return fieldsOf(resolved.items, [...prefix, 0]);
  const fields: [FieldPath, JsonSchema][] = [];
  for (const [name, child] of Object.entries(resolved.properties ?? {})) {
    fields.push([[...prefix, name], child], ...fieldsOf(child, [...prefix, name]));
  }
  return fields;
}

/** The body with `value` at `path`, containers along the way made plausible where missing. */
function withValueAt(
  body: unknown,
  path: FieldPath,
  value: unknown,
  schema: JsonSchema,
  fixtures: Fixtures,
): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const resolved = firstOf(schema);
  if (typeof head === 'number') {
    const items = resolved.items ?? {};
    const list = Array.isArray(body) ? [...body] : [];
    const current = list[head] ?? plausible(items, '', fixtures);
    list[head] = withValueAt(current, rest, value, items, fixtures);
    return list;
  }
  const child = resolved.properties?.[head] ?? {};
  const object = body !== null && typeof body === 'object' ? { ...(body as object) } : {};
  const current = (object as Record<string, unknown>)[head] ?? plausible(child, head, fixtures);
  return { ...object, [head]: withValueAt(current, rest, value, child, fixtures) };
}

/** Whether an answer is in the error shape `{ statusCode, error, message }` with its status. */
export function isErrorShape(status: number, body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return (
      parsed.statusCode === status &&
      typeof parsed.error === 'string' &&
      (typeof parsed.message === 'string' ||
        (Array.isArray(parsed.message) && parsed.message.every((m) => typeof m === 'string')))
    );
  } catch {
    return false;
  }
}
