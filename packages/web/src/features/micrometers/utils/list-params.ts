// A micrometer list's state in the address — page, size, sort, search, the filters and the
// micrometer whose dialog is open (`?mac=`) — and how it becomes the server's list query. The
// assigned list opens with the specification's default filter when the address names no filter
// (`defaultMicrometerFilter`); a filter cleared on purpose is written as `all`, so the default
// does not come back. The list kit (`lib/list-params`) parses and writes the paging, sort and
// search.
import {
  applianceTypes,
  sensorStates,
  sensorStatuses,
  unitCategories,
} from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import { defaultMicrometerFilter } from '@flowsight/domain/micrometers';
import {
  defineList,
  idParam,
  type ListState,
  listQuery,
  positiveInt,
  setParam,
} from '@/lib/list-params';

export const micrometerList = defineList({
  pageSizes: [25, 50, 100],
  sortFields: [
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
  ],
  defaultSort: 'mac_address:ASC',
});
export const MICROMETER_PAGE_SIZES = micrometerList.pageSizes;

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

/** `search` is free text: MAC, unit, building, property or company name. */
export type MicrometerListParams = ListState & { filters: MicrometerFilters };

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

export const parseMicrometerSort = micrometerList.parseSort;

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
  const filters = hasAddressFilters(search)
    ? Object.fromEntries(
        MICROMETER_FILTERS.map((name) => [name, idParam(search, name, validIds[name])]),
      )
    : fallbackFilters;
  return { ...micrometerList.stateFrom(search), filters: filters as MicrometerFilters };
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
  const search = micrometerList.writeState(
    setParam(new URLSearchParams(), 'mac', options.mac),
    params,
  );
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
  const query: MicrometerListQuery = listQuery(params);
  for (const name of MICROMETER_FILTERS) {
    const value = params.filters[name];
    if (value !== null) query[`filter.${filterFields[name]}`] = `$eq:${value}`;
  }
  return query;
}
