// One reusable piece for every paged list (DESIGN section 4): a whitelist of sortable, filterable
// and searchable fields per list, the zod schema of its query string (so OpenAPI documents each
// filter), the translation to SQL, and the `{ data, meta, links }` envelope. Every value is checked
// before it reaches SQL: field names only as own keys of the whitelist (never `__proto__`), numbers
// within their column's range, dates within the supported years, `$regex` in its portable subset.
import { FIRST_YEAR, isSupportedInstant, LAST_YEAR } from '@flowsight/domain/input';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  parseFilterExpression,
  parseSortExpression,
  type SortExpression,
} from '@flowsight/domain/list-query';
import {
  type AnyColumn,
  and,
  asc,
  between,
  Column,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { z } from 'zod';
import { Invalid } from './errors.ts';
import { errorSchema } from './http-schemas.ts';

export type FieldType = 'number' | 'string' | 'date' | 'boolean';
type Expression = AnyColumn | SQL;

export type FilterField = { readonly column: Expression; readonly type: FieldType };

export type ListDefinition<S extends string, F extends string> = {
  readonly sortable: Record<S, Expression>;
  readonly filterable: Record<F, FilterField>;
  readonly searchable: readonly Expression[];
  readonly defaultSort: readonly SortExpression[];
  /** Appended to every sort so pages never overlap. */
  readonly tieBreaker: Expression;
  /** Sort fields that may be null (no figure): those rows come last in either direction. */
  readonly nullsLast?: readonly NoInfer<S>[];
};

export type ListQuery = {
  readonly page: number;
  readonly limit: number;
  readonly offset: number;
  readonly where: SQL | undefined;
  readonly orderBy: SQL[];
  readonly sortBy: [string, 'ASC' | 'DESC'][];
  readonly filter: Record<string, string | string[]>;
  readonly search: string | undefined;
};

/** The parsed query string: paging and sorting plus `filter.<field>` entries. */
export type ListQueryInput = {
  page: number;
  limit: number;
  sortBy?: string | string[] | undefined;
  search?: string | undefined;
  [filter: `filter.${string}`]: string | string[] | undefined;
};

/** `gatewayStatusId` → `gateway_status_id`: a column's property name as the API spells a field. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type ColumnName<T> = { [K in keyof T]: T[K] extends AnyColumn ? K : never }[keyof T] & string;

/**
 * The filter type each kind of column takes. Not `numeric` (it arrives as text but compares as a
 * number) nor timestamps read as text: those lists say their filter's type themselves.
 */
const FILTER_TYPES = {
  PgSmallInt: 'number',
  PgInteger: 'number',
  PgSerial: 'number',
  PgText: 'string',
  PgVarchar: 'string',
  PgBoolean: 'boolean',
  PgTimestamp: 'date',
} as const satisfies Record<string, FieldType>;
type FilterColumnName<T> = {
  [K in keyof T]: T[K] extends AnyColumn<{ columnType: keyof typeof FILTER_TYPES }> ? K : never;
}[keyof T] &
  string;

/** Sort fields named after their columns: `(gateways, ['lastSeenAt'])` → `{ last_seen_at: … }`. */
export function sortColumns<T, K extends ColumnName<T>>(table: T, names: readonly K[]) {
  return Object.fromEntries(names.map((name) => [snakeCase(name), table[name]])) as {
    [P in K as SnakeCase<P>]: T[P];
  };
}

/** Filters named after their columns, typed by their column: `alertsDisabled` is a boolean. */
export function filterColumns<T, K extends FilterColumnName<T>>(table: T, names: readonly K[]) {
  return Object.fromEntries(
    names.map((name) => {
      const column = table[name] as AnyColumn<{ columnType: keyof typeof FILTER_TYPES }>;
      return [snakeCase(name), { column, type: FILTER_TYPES[column.columnType] }];
    }),
  ) as { [P in K as SnakeCase<P>]: FilterField };
}

const repeatable = z.union([z.string(), z.array(z.string())]);
const asList = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

export function defineList<S extends string, F extends string>(definition: ListDefinition<S, F>) {
  const filterShape = Object.fromEntries(
    Object.keys(definition.filterable).map((field) => [
      `filter.${field}`,
      repeatable.optional().describe(`Filter on ${field}: <op>:<value>, e.g. $in:1,2`),
    ]),
  ) as Record<`filter.${F}`, z.ZodOptional<typeof repeatable>>;

  const querySchema = z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
      sortBy: repeatable
        .optional()
        .describe(`field:ASC|DESC; fields: ${Object.keys(definition.sortable).join(', ')}`),
      search: z.string().max(200).optional(),
      ...filterShape,
    })
    .strict();

  function toQuery(query: ListQueryInput): ListQuery {
    const problems: string[] = [];
    const sorts: SortExpression[] = [];
    for (const raw of asList(query.sortBy)) {
      const parsed = parseSortExpression(raw);
      if (!parsed.ok) problems.push(`sortBy: ${parsed.error}`);
      else if (!Object.hasOwn(definition.sortable, parsed.value.field)) {
        problems.push(`sortBy: unknown field '${parsed.value.field}'`);
      } else sorts.push(parsed.value);
    }

    const conditions: SQL[] = [];
    const filter: Record<string, string | string[]> = {};
    for (const field of Object.keys(definition.filterable) as F[]) {
      const key = `filter.${field}` as const;
      const raw = query[key] as string | string[] | undefined;
      if (raw === undefined) continue;
      filter[field] = raw;
      for (const expression of asList(raw)) {
        const condition = filterCondition(field, definition.filterable[field], expression);
        if (typeof condition === 'string') problems.push(`${key}: ${condition}`);
        else conditions.push(condition);
      }
    }

    const search = query.search?.trim() || undefined;
    if (search && definition.searchable.length > 0) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const anyMatch = or(...definition.searchable.map((column) => ilike(column, pattern)));
      if (anyMatch) conditions.push(anyMatch);
    }
    if (problems.length > 0) throw new Invalid(problems);

    const effective = sorts.length > 0 ? sorts : definition.defaultSort;
    const orderBy = effective.map(({ field, direction }) => {
      const column = definition.sortable[field as S];
      if (definition.nullsLast?.includes(field as S)) {
        return direction === 'ASC' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
      }
      return direction === 'ASC' ? asc(column) : desc(column);
    });
    orderBy.push(asc(definition.tieBreaker));

    return {
      page: query.page,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      where: conditions.length > 0 ? and(...conditions) : undefined,
      orderBy,
      sortBy: effective.map((s) => [s.field, s.direction]),
      filter,
      search,
    };
  }

  /** A list answer: `input` read against the whitelist, the page `read` finds, the envelope. */
  async function page<Row>(
    input: ListQueryInput,
    url: string,
    read: (query: ListQuery) => Promise<{ rows: Row[]; total: number }>,
  ) {
    const query = toQuery(input);
    const { rows, total } = await read(query);
    return listEnvelope(rows, total, query, url);
  }

  return { querySchema, toQuery, page, definition };
}

function filterCondition(field: string, spec: FilterField, raw: string): SQL | string {
  const parsed = parseFilterExpression(raw);
  if (!parsed.ok) return parsed.error;
  const { operator, values } = parsed.value;
  const { type } = spec;
  // Wrapped as SQL so one set of operator overloads fits columns and expressions alike.
  const column = sql`${spec.column}`;
  if ((operator === '$ilike' || operator === '$regex') && type !== 'string') {
    return `${operator} applies to text fields only; ${field} is a ${type}`;
  }
  const typed: (string | number | boolean | Date)[] = [];
  for (const value of values) {
    const converted = convert(value, type);
    if (converted === undefined) return `'${value}' is not a valid ${type}`;
    if (typeof converted === 'number') {
      const range = integerRangeOf(spec.column);
      if (
        range &&
        !(Number.isInteger(converted) && converted >= range[0] && converted <= range[1])
      ) {
        return `'${value}' is not a whole number from ${range[0]} to ${range[1]}`;
      }
    }
    if (converted instanceof Date && !isSupportedInstant(converted)) {
      return `'${value}' is outside the supported years ${FIRST_YEAR}–${LAST_YEAR}`;
    }
    typed.push(converted);
  }
  const [first, second] = typed;
  switch (operator) {
    case '$null':
      return isNull(column);
    case '$not:$null':
      return isNotNull(column);
    case '$in':
      return inArray(column, typed);
    case '$nin':
      return notInArray(column, typed);
    case '$btw':
      return between(column, first, second);
    case '$ilike':
      return ilike(column, `%${String(first).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    case '$regex':
      return sql`${column} ~* ${first}`;
    case '$eq':
      return eq(column, first);
    case '$ne':
      return ne(column, first);
    case '$gt':
      return gt(column, first);
    case '$gte':
      return gte(column, first);
    case '$lt':
      return lt(column, first);
    case '$lte':
      return lte(column, first);
    default: {
      const unreachable: never = operator;
      return `unknown operator ${String(unreachable)}`;
    }
  }
}

/** Whole-number columns and the values they hold; other number columns take any finite value. */
const INTEGER_RANGES = new Map<string, readonly [number, number]>([
  ['smallint', [-32_768, 32_767]],
  ['smallserial', [1, 32_767]],
  ['integer', [-2_147_483_648, 2_147_483_647]],
  ['serial', [1, 2_147_483_647]],
  ['bigint', [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]],
  ['bigserial', [1, Number.MAX_SAFE_INTEGER]],
]);

function integerRangeOf(expression: Expression): readonly [number, number] | undefined {
  return is(expression, Column) ? INTEGER_RANGES.get(expression.getSQLType()) : undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function convert(value: string, type: FieldType): string | number | boolean | Date | undefined {
  switch (type) {
    case 'string':
      return value;
    case 'number': {
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return undefined;
    case 'date': {
      if (!ISO_DATE.test(value)) return undefined;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? undefined : date;
    }
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

const link = z.string().optional();

/** A paged list's `meta`: its page, size, order and what narrowed it. */
export const listMetaSchema = z.object({
  itemsPerPage: z.number().int(),
  totalItems: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  sortBy: z.array(z.tuple([z.string(), z.enum(['ASC', 'DESC'])])),
  filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  search: z.string().optional(),
});

/** A paged list's `links`: the same query at the first, previous, next and last page. */
export const listLinksSchema = z.object({
  first: link,
  previous: link,
  current: z.string(),
  next: link,
  last: link,
});

const listSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Response schema of a paged list of `item`: one per item schema, named after a named item
 * (`CompanyRow` → `CompanyRowList`, `lib/api-components.ts`).
 */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  const known = listSchemas.get(item);
  if (known !== undefined) return known as ReturnType<typeof envelopeOf<T>>;
  const envelope = envelopeOf(item);
  listSchemas.set(item, envelope);
  const itemName = z.globalRegistry.get(item)?.id;
  if (itemName !== undefined) z.globalRegistry.add(envelope, { id: `${itemName}List` });
  return envelope;
}

/** The schemas of a paged list route: its query string in, a page of `item` or a refusal out. */
export function pagedListSchemas<Q extends z.ZodType, T extends z.ZodType>(
  querystring: Q,
  item: T,
) {
  return { querystring, response: { 200: listResponseSchema(item), 400: errorSchema } };
}

function envelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema, links: listLinksSchema });
}

/** Builds the `{ data, meta, links }` envelope; links keep every query parameter but the page. */
export function listEnvelope<T>(data: T[], totalItems: number, query: ListQuery, url: string) {
  const totalPages = Math.max(1, Math.ceil(totalItems / query.limit));
  const [path = '', search = ''] = url.split('?');
  const pageLink = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    params.set('limit', String(query.limit));
    return `${path}?${params.toString()}`;
  };
  return {
    data,
    meta: {
      itemsPerPage: query.limit,
      totalItems,
      currentPage: query.page,
      totalPages,
      sortBy: query.sortBy,
      filter: Object.keys(query.filter).length > 0 ? query.filter : undefined,
      search: query.search,
    },
    links: {
      first: pageLink(1),
      previous: query.page > 1 ? pageLink(query.page - 1) : undefined,
      current: pageLink(query.page),
      next: query.page < totalPages ? pageLink(query.page + 1) : undefined,
      last: pageLink(totalPages),
    },
  };
}
