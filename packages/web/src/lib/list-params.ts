// The list kit's address state: a list's page, page size, sort, search and filters, read from the
// address and written back with what equals the default left out, so a reload or a shared link
// shows the same list; and the server's list query built from that state. Each feature declares
// its own page sizes, sortable fields, default sort and filters
// (`features/*/utils/*list-params.ts`); parsing, writing and the query's shape live here once.

export type SortDirection = 'ASC' | 'DESC';
export type ListSort<F extends string = string> = { field: F; direction: SortDirection };

/** A list's declaration: its page sizes (the first is the default), sortable fields and default sort. */
export type ListSpec<F extends string = string> = {
  readonly pageSizes: readonly number[];
  readonly sortFields: readonly F[];
  readonly defaultSort: `${F}:${SortDirection}`;
};

export type ListPaging = {
  /** 1-based. */
  page: number;
  limit: number;
};

/** What every sortable, searchable list keeps in the address. */
export type ListState = ListPaging & {
  /** `field:ASC|DESC`. */
  sortBy: string;
  search: string;
};

/** A declared list with the kit's reading and writing bound to it. */
export type ListKit<F extends string, P extends readonly number[]> = ListSpec<F> & {
  readonly pageSizes: P;
  /** `parseSort` for this list. */
  parseSort: (sortBy: string | null) => ListSort<F>;
  /** `listStateFrom` for this list. */
  stateFrom: (search: URLSearchParams) => ListState;
  /** `writeListState` for this list. */
  writeState: (target: URLSearchParams, state: ListState) => URLSearchParams;
};

/** A list's declaration, keeping its page sizes and fields as literal types. */
export function defineList<const F extends string, const P extends readonly number[]>(
  spec: ListSpec<F> & { readonly pageSizes: P },
): ListKit<F, P> {
  return {
    ...spec,
    parseSort: (sortBy) => parseSort(sortBy, spec),
    stateFrom: (search) => listStateFrom(search, spec),
    writeState: (target, state) => writeListState(target, state, spec),
  };
}

/** A positive whole number, or null for anything else (absent, 0, negative, fractional, text). */
export function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** A positive id in `name` that `isValid` accepts, or null. */
export function idParam(
  search: URLSearchParams,
  name: string,
  isValid: (id: number) => boolean = () => true,
): number | null {
  const id = positiveInt(search.get(name));
  return id !== null && isValid(id) ? id : null;
}

/** One of the allowed page sizes; the first when `value` names none. */
export function pageSizeFrom(value: string | null, pageSizes: readonly number[]): number {
  const limit = positiveInt(value);
  return pageSizes.find((size) => size === limit) ?? pageSizes[0] ?? 1;
}

/**
 * `field:direction` as a sort the list allows: an unknown field falls back to the default sort, a
 * missing or unknown direction to the default's direction.
 */
export function parseSort<F extends string>(sortBy: string | null, spec: ListSpec<F>): ListSort<F> {
  const [defaultField, defaultDirection] = spec.defaultSort.split(':') as [F, SortDirection];
  const [field = '', direction = ''] = (sortBy ?? '').split(':');
  if (!(spec.sortFields as readonly string[]).includes(field)) {
    return { field: defaultField, direction: defaultDirection };
  }
  return {
    field: field as F,
    direction: direction === 'ASC' || direction === 'DESC' ? direction : defaultDirection,
  };
}

/** The page and page size in `search`. */
export function pagingFrom(search: URLSearchParams, pageSizes: readonly number[]): ListPaging {
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: pageSizeFrom(search.get('limit'), pageSizes),
  };
}

/** The page, page size, sort and search in `search`. */
export function listStateFrom(search: URLSearchParams, spec: ListSpec): ListState {
  const sort = parseSort(search.get('sort'), spec);
  return {
    ...pagingFrom(search, spec.pageSizes),
    sortBy: `${sort.field}:${sort.direction}`,
    search: search.get('search') ?? '',
  };
}

/** Sets `name` unless `value` is null or empty. */
export function setParam(
  target: URLSearchParams,
  name: string,
  value: string | number | null | undefined,
): URLSearchParams {
  if (value !== null && value !== undefined && value !== '') target.set(name, String(value));
  return target;
}

/** Writes the page and page size into `target`, leaving out the first page and default size. */
export function writePaging(
  target: URLSearchParams,
  paging: ListPaging,
  pageSizes: readonly number[],
): URLSearchParams {
  if (paging.page !== 1) target.set('page', String(paging.page));
  if (paging.limit !== pageSizes[0]) target.set('limit', String(paging.limit));
  return target;
}

/** Writes page, page size, sort and search into `target`, leaving out what equals the default. */
export function writeListState(
  target: URLSearchParams,
  state: ListState,
  spec: ListSpec,
): URLSearchParams {
  writePaging(target, state, spec.pageSizes);
  if (state.sortBy !== spec.defaultSort) target.set('sort', state.sortBy);
  return setParam(target, 'search', state.search);
}

/** The server's paging and sort for a list. */
export function pageQuery(state: ListPaging & { sortBy: string }) {
  return { ...pagingQuery(state), sortBy: state.sortBy };
}

/** The server's page and page size, for a list whose order is fixed. */
export function pagingQuery(state: ListPaging): { page: number; limit: number } {
  return { page: state.page, limit: state.limit };
}

/** The server's `search`: the trimmed text, left out when empty. */
export function searchQuery(search: string): { search?: string } {
  const text = search.trim();
  return text === '' ? {} : { search: text };
}

/** The server's list query: paging, sort and the trimmed search. */
export function listQuery(state: ListState) {
  return { ...pageQuery(state), ...searchQuery(state.search) };
}

/** The server's `filter.<field>=$eq:<value>`, left out when there is no value. */
export function eqFilter<const K extends string>(
  field: K,
  value: string | number | null,
): Partial<Record<`filter.${K}`, string>> {
  return value === null
    ? {}
    : ({ [`filter.${field}`]: `$eq:${value}` } as Record<`filter.${K}`, string>);
}
