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

/** The most values one `$in` or `$nin` may list. */
export const FILTER_MAX_VALUES = 500;
/** The longest `$regex` pattern. */
export const REGEX_MAX_LENGTH = 200;

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
  if (values.length > FILTER_MAX_VALUES) {
    return { ok: false, error: `${operator} takes at most ${FILTER_MAX_VALUES} values` };
  }
  if (operator === '$regex') {
    const problem = regexProblem(rest);
    if (problem) return { ok: false, error: `$regex: ${problem}` };
  }
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

/** Escapes that mean the same in both dialects: a metacharacter itself, or a class shorthand. */
const PORTABLE_ESCAPES = new Set([...'^$\\.*+?()[]{}|/', ...'dDwWsS']);
/** The largest count of a bounded repetition `{m,n}`, alone and multiplied over the pattern. */
const MAX_REPEAT = 100;
const MAX_REPEAT_PRODUCT = 1000;

/**
 * Why a `$regex` pattern is refused, or undefined when it is accepted. The database matches
 * PostgreSQL advanced regular expressions, case-insensitively; the accepted patterns are the part
 * that PostgreSQL and JavaScript read alike, so that web and server can check them without asking
 * the database: literals, `. ^ $ | * + ?` (and lazy forms), groups `( )`, `(?: )`, lookaheads
 * `(?= )` and `(?! )`, bracket sets, `{m}`, `{m,}`, `{m,n}` up to 100, and the escapes `\d \w \s`
 * (and capitals) or of a metacharacter. Back-references, named groups, lookbehinds, Unicode
 * properties and POSIX `[:class:]` sets are refused.
 */
export function regexProblem(pattern: string): string | undefined {
  if (pattern.length > REGEX_MAX_LENGTH) return `at most ${REGEX_MAX_LENGTH} characters`;
  let inSet = false;
  let repeatProduct = 1;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    const next = pattern[i + 1] ?? '';
    if (char === '\\') {
      if (!PORTABLE_ESCAPES.has(next)) return `the escape \\${next} is not supported`;
      if (inSet && 'DWS'.includes(next)) return `\\${next} is not supported inside [ ]`;
      i += 1;
    } else if (inSet) {
      if (char === '[' && ':.='.includes(next)) return `[${next} is not supported inside [ ]`;
      if (char === ']') inSet = false;
    } else if (char === '[') {
      inSet = true;
      // `[]…]` and `[^]…]` hold a literal ] in PostgreSQL but not in JavaScript.
      const start = next === '^' ? i + 2 : i + 1;
      if (pattern[start] === ']') return 'a set may not start with ]';
      i = start - 1;
    } else if (char === '(' && next === '?') {
      const kind = pattern[i + 2] ?? '';
      if (!':=!'.includes(kind) || kind === '') return 'only (?:…), (?=…) and (?!…) groups';
    } else if (char === '{') {
      const bound = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(pattern.slice(i));
      if (!bound) return 'a { must start a repetition {m}, {m,} or {m,n}';
      const counts = [bound[1], bound[3]].filter((n) => n !== undefined && n !== '').map(Number);
      if (counts.some((n) => n > MAX_REPEAT)) return `repetition counts are at most ${MAX_REPEAT}`;
      repeatProduct *= Math.max(1, ...counts);
      if (repeatProduct > MAX_REPEAT_PRODUCT) return 'the repetitions are too large together';
      i += bound[0].length - 1;
    }
  }
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'not a valid regular expression';
  }
  return undefined;
}

function isFilterOperator(value: string): value is FilterOperator {
  return (filterOperators as readonly string[]).includes(value);
}
