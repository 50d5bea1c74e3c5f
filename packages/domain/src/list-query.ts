// The list query language shared by server and web (DESIGN section 4): `sortBy=field:ASC|DESC`
// and `filter.<field>=<op>:<value>` with the operators below. The server turns a parsed query
// into SQL against a whitelist; the web builds query strings with `formatFilter`.

export const filterOperators = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$btw',
  '$ilike',
  '$regex',
  '$null',
  '$not:$null',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type FilterExpression = { readonly operator: FilterOperator; readonly values: string[] };
export type SortDirection = 'ASC' | 'DESC';
export type SortExpression = { readonly field: string; readonly direction: SortDirection };

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 500;

const listOperators = new Set<FilterOperator>(['$in', '$nin', '$btw']);
const valuelessOperators = new Set<FilterOperator>(['$null', '$not:$null']);

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Parses one filter value such as `$in:1,2`, `$btw:2026-01-01,2026-02-01`, `$null` or a bare
 * value (meaning `$eq`). Lists are split on commas; other operators keep their value whole.
 */
export function parseFilterExpression(raw: string): Parsed<FilterExpression> {
  if (raw === '$null' || raw === '$not:$null') {
    return { ok: true, value: { operator: raw, values: [] } };
  }
  if (!raw.startsWith('$')) return { ok: true, value: { operator: '$eq', values: [raw] } };
  const colon = raw.indexOf(':');
  const operator = colon === -1 ? raw : raw.slice(0, colon);
  if (!isFilterOperator(operator) || valuelessOperators.has(operator)) {
    return { ok: false, error: `unknown operator ${operator}` };
  }
  if (colon === -1) return { ok: false, error: `${operator} needs a value` };
  const rest = raw.slice(colon + 1);
  const values = listOperators.has(operator) ? rest.split(',') : [rest];
  if (values.some((v) => v === '')) return { ok: false, error: `${operator} has an empty value` };
  if (operator === '$btw' && values.length !== 2) {
    return { ok: false, error: '$btw needs exactly two values: $btw:from,to' };
  }
  return { ok: true, value: { operator, values } };
}

export function parseSortExpression(raw: string): Parsed<SortExpression> {
  const [field = '', direction = 'ASC', ...extra] = raw.split(':');
  if (!field || extra.length > 0) return { ok: false, error: `malformed sort '${raw}'` };
  const upper = direction.toUpperCase();
  if (upper !== 'ASC' && upper !== 'DESC') {
    return { ok: false, error: `sort direction must be ASC or DESC, not '${direction}'` };
  }
  return { ok: true, value: { field, direction: upper } };
}

export function formatFilter(operator: FilterOperator, values: readonly (string | number)[] = []) {
  if (valuelessOperators.has(operator)) return operator;
  return `${operator}:${values.join(',')}`;
}

export function formatSort({ field, direction }: SortExpression): string {
  return `${field}:${direction}`;
}

function isFilterOperator(value: string): value is FilterOperator {
  return (filterOperators as readonly string[]).includes(value);
}
