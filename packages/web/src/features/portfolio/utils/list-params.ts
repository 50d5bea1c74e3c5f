// A portfolio list's page, size, sort, search and filters, kept in the address so a reload or a
// shared link shows the same list. Each list names its sortable fields and its filters.

export const PORTFOLIO_PAGE_SIZES = [10, 25, 50] as const;
export type SortDirection = 'ASC' | 'DESC';

/** One filter of a list: its address parameter and the server's `filter.<field>`. */
export type ListFilter = { readonly param: string; readonly field: string };

export type ListSpec = {
  readonly sortable: readonly string[];
  readonly defaultSort: `${string}:${SortDirection}`;
  readonly filters: readonly ListFilter[];
};

export type PortfolioListParams = {
  /** 1-based. */
  page: number;
  limit: number;
  /** `field:ASC|DESC`. */
  sortBy: string;
  search: string;
  /** The server field → the chosen value (an id), only for filters in use. */
  filters: Record<string, string>;
};

function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

export function parseSort(
  sortBy: string,
  spec: ListSpec,
): { field: string; direction: SortDirection } {
  const [field = '', direction = ''] = sortBy.split(':');
  if (spec.sortable.includes(field)) {
    return { field, direction: direction === 'DESC' ? 'DESC' : 'ASC' };
  }
  const [defaultField = 'name', defaultDirection] = spec.defaultSort.split(':');
  return { field: defaultField, direction: defaultDirection === 'DESC' ? 'DESC' : 'ASC' };
}

export function listParamsFrom(search: URLSearchParams, spec: ListSpec): PortfolioListParams {
  const limit = positiveInt(search.get('limit'));
  const sort = parseSort(search.get('sort') ?? spec.defaultSort, spec);
  const filters: Record<string, string> = {};
  for (const filter of spec.filters) {
    const value = search.get(filter.param);
    // Filters choose lookup ids (0 is a survey status), never free text.
    if (value !== null && /^\d+$/.test(value)) filters[filter.field] = value;
  }
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: PORTFOLIO_PAGE_SIZES.find((size) => size === limit) ?? PORTFOLIO_PAGE_SIZES[0],
    sortBy: `${sort.field}:${sort.direction}`,
    search: search.get('search') ?? '',
    filters,
  };
}

/** The address query for `params`, leaving out what equals the default. */
export function searchFrom(params: PortfolioListParams, spec: ListSpec): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== PORTFOLIO_PAGE_SIZES[0]) search.set('limit', String(params.limit));
  if (params.sortBy !== spec.defaultSort) search.set('sort', params.sortBy);
  if (params.search !== '') search.set('search', params.search);
  for (const filter of spec.filters) {
    const value = params.filters[filter.field];
    if (value !== undefined) search.set(filter.param, value);
  }
  return search;
}

/** The server's list query: paging, sort, trimmed search and `filter.<field>=$eq:<id>`. */
export function serverQuery(params: PortfolioListParams) {
  const search = params.search.trim();
  return {
    page: params.page,
    limit: params.limit,
    sortBy: params.sortBy,
    ...(search === '' ? {} : { search }),
    ...Object.fromEntries(
      Object.entries(params.filters).map(([field, value]) => [`filter.${field}`, `$eq:${value}`]),
    ),
  };
}
