// A micrometer list's state in the address — page, size, sort, search, the filters and the
// micrometer whose dialog is open (`?mac=`) — and how it becomes the server's list query. The
// assigned list opens with the specification's default filter when the address names no filter
// (`defaultMicrometerFilter`); a filter cleared on purpose is written as `all`, so the default
// does not come back.
import {
  applianceTypes,
  sensorStates,
  sensorStatuses,
  unitCategories,
} from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import { defaultMicrometerFilter } from '@flowsight/domain/micrometers';

export const MICROMETER_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_MICROMETER_SORT = 'mac_address:ASC';
export const MICROMETER_SORT_FIELDS = [
  'mac_address',
  'appliance_type_id',
  'unit_name',
  'building_name',
  'company_name',
  'sensor_state_id',
  'sensor_status_id',
  'battery',
  'last_keepalive',
  'last_submission',
  'install_date',
] as const;

/** The filters a list may offer, by their address name. */
export const MICROMETER_FILTERS = ['state', 'status', 'fixture', 'category', 'company'] as const;
export type MicrometerFilter = (typeof MICROMETER_FILTERS)[number];

/** Address name → the server's filter field. */
export const filterFields = {
  state: 'sensor_state_id',
  status: 'sensor_status_id',
  fixture: 'appliance_type_id',
  category: 'unit_category_id',
  company: 'company_id',
} as const satisfies Record<MicrometerFilter, string>;

/** What "cleared on purpose" reads as in the address. */
export const ALL = 'all';

export type MicrometerFilters = Record<MicrometerFilter, number | null>;

export type MicrometerListParams = {
  /** 1-based. */
  page: number;
  limit: number;
  /** `field:ASC|DESC`. */
  sortBy: string;
  /** Free text: MAC, unit, building, property or company name. */
  search: string;
  filters: MicrometerFilters;
};

export const NO_FILTERS: MicrometerFilters = {
  state: null,
  status: null,
  fixture: null,
  category: null,
  company: null,
};

const validIds: Record<MicrometerFilter, (id: number) => boolean> = {
  state: (id) => sensorStates.some((row) => row.id === id),
  status: (id) => sensorStatuses.some((row) => row.id === id),
  fixture: (id) => applianceTypes.some((row) => row.id === id),
  category: (id) => unitCategories.some((row) => row.id === id),
  company: (id) => id > 0,
};

function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

export function parseMicrometerSort(sortBy: string | null): {
  field: string;
  direction: 'ASC' | 'DESC';
} {
  const [field = '', direction = ''] = (sortBy ?? '').split(':');
  if ((MICROMETER_SORT_FIELDS as readonly string[]).includes(field)) {
    return { field, direction: direction === 'DESC' ? 'DESC' : 'ASC' };
  }
  return { field: 'mac_address', direction: 'ASC' };
}

/**
 * The specification's default filter of the assigned list as address filters: internal units,
 * installed and — not on phones — transmitting.
 */
export function defaultFilters(isPhone: boolean): MicrometerFilters {
  const filters = { ...NO_FILTERS };
  const server = defaultMicrometerFilter(isPhone);
  for (const name of MICROMETER_FILTERS) {
    const value = server[`filter.${filterFields[name]}`];
    const id = value?.startsWith('$eq:') ? positiveInt(value.slice(4)) : null;
    if (id !== null) filters[name] = id;
  }
  return filters;
}

/** Whether the address names any filter (a value or `all`). */
export const hasAddressFilters = (search: URLSearchParams) =>
  MICROMETER_FILTERS.some((name) => search.has(name));

export function micrometerParamsFrom(
  search: URLSearchParams,
  fallbackFilters: MicrometerFilters = NO_FILTERS,
): MicrometerListParams {
  const limit = positiveInt(search.get('limit'));
  const sort = parseMicrometerSort(search.get('sort'));
  const filters = hasAddressFilters(search)
    ? Object.fromEntries(
        MICROMETER_FILTERS.map((name) => {
          const id = positiveInt(search.get(name));
          return [name, id !== null && validIds[name](id) ? id : null];
        }),
      )
    : fallbackFilters;
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: MICROMETER_PAGE_SIZES.find((size) => size === limit) ?? MICROMETER_PAGE_SIZES[0],
    sortBy: `${sort.field}:${sort.direction}`,
    search: search.get('search') ?? '',
    filters: filters as MicrometerFilters,
  };
}

/** The micrometer whose dialog the address opens (`?mac=`), normalised, or null. */
export const dialogMacFrom = (search: URLSearchParams) => normalizeMac(search.get('mac') ?? '');

/**
 * The address for `params` (leaving out defaults), keeping the open dialog's MAC. With
 * `explicitFilters`, a filter without value is written as `all`, so the list's default filter
 * stays off once the person cleared it.
 */
export function searchFromMicrometerParams(
  params: MicrometerListParams,
  options: { mac?: string | null; explicitFilters?: readonly MicrometerFilter[] } = {},
): URLSearchParams {
  const search = new URLSearchParams();
  if (options.mac !== undefined && options.mac !== null) search.set('mac', options.mac);
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== MICROMETER_PAGE_SIZES[0]) search.set('limit', String(params.limit));
  if (params.sortBy !== DEFAULT_MICROMETER_SORT) search.set('sort', params.sortBy);
  if (params.search !== '') search.set('search', params.search);
  for (const name of MICROMETER_FILTERS) {
    const value = params.filters[name];
    if (value !== null) search.set(name, String(value));
    else if (options.explicitFilters?.includes(name)) search.set(name, ALL);
  }
  return search;
}

type FilterField = (typeof filterFields)[MicrometerFilter];
export type MicrometerListQuery = {
  page: number;
  limit: number;
  sortBy: string;
  search?: string;
} & Partial<Record<`filter.${FilterField}`, string>>;

/** The server's list query: paging, sort, search and the filters. */
export function micrometerListQuery(params: MicrometerListParams): MicrometerListQuery {
  const query: MicrometerListQuery = {
    page: params.page,
    limit: params.limit,
    sortBy: params.sortBy,
  };
  const search = params.search.trim();
  if (search !== '') query.search = search;
  for (const name of MICROMETER_FILTERS) {
    const value = params.filters[name];
    if (value !== null) query[`filter.${filterFields[name]}`] = `$eq:${value}`;
  }
  return query;
}
