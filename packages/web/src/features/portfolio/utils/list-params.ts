// A portfolio list's page, size, sort, search and filters, kept in the address so a reload or a
// shared link shows the same list (the list kit, `lib/list-params`, parses and writes them). Each
// list names its sortable fields and its filters.
import {
  type ListSpec as KitListSpec,
  type ListSort,
  type ListState,
  listQuery,
  listStateFrom,
  parseSort as parseListSort,
  type SortDirection,
  writeListState,
} from '@/lib/list-params';

export const PORTFOLIO_PAGE_SIZES = [10, 25, 50] as const;

/** One filter of a list: its address parameter and the server's `filter.<field>`. */
export type ListFilter = { readonly param: string; readonly field: string };

export type ListSpec = {
  readonly sortable: readonly string[];
  readonly defaultSort: `${string}:${SortDirection}`;
  readonly filters: readonly ListFilter[];
};

export type PortfolioListParams = ListState & {
  /** The server field → the chosen value (an id), only for filters in use. */
  filters: Record<string, string>;
};

const kitSpec = (spec: ListSpec): KitListSpec => ({
  pageSizes: PORTFOLIO_PAGE_SIZES,
  sortFields: spec.sortable,
  defaultSort: spec.defaultSort,
});

export const parseSort = (sortBy: string, spec: ListSpec): ListSort =>
  parseListSort(sortBy, kitSpec(spec));

export function listParamsFrom(search: URLSearchParams, spec: ListSpec): PortfolioListParams {
  const filters: Record<string, string> = {};
  for (const filter of spec.filters) {
    const value = search.get(filter.param);
    // Filters choose lookup ids (0 is a survey status), never free text.
    if (value !== null && /^\d+$/.test(value)) filters[filter.field] = value;
  }
  return { ...listStateFrom(search, kitSpec(spec)), filters };
}

/** The address query for `params`, leaving out what equals the default. */
export function searchFrom(params: PortfolioListParams, spec: ListSpec): URLSearchParams {
  const search = writeListState(new URLSearchParams(), params, kitSpec(spec));
  for (const filter of spec.filters) {
    const value = params.filters[filter.field];
    if (value !== undefined) search.set(filter.param, value);
  }
  return search;
}

/** The server's list query: paging, sort, trimmed search and `filter.<field>=$eq:<id>`. */
export function serverQuery(params: PortfolioListParams) {
  return {
    ...listQuery(params),
    ...Object.fromEntries(
      Object.entries(params.filters).map(([field, value]) => [`filter.${field}`, `$eq:${value}`]),
    ),
  };
}
