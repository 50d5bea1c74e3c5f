// The gateways list's page, size, sort, search and status filter, kept in the address so a
// reload or a shared link shows the same list; `gateway` names the gateway whose detail is open.
import { isGatewayStatusId } from '@flowsight/domain/gateway-rules';
import type { GatewayListParams } from '../api/get-gateways';

export const GATEWAY_PAGE_SIZES = [10, 25, 50] as const;
export const SORTABLE_GATEWAY_FIELDS = [
  'serial_number',
  'name',
  'building_name',
  'gateway_status_id',
  'last_seen_at',
] as const;
export type SortableGatewayField = (typeof SORTABLE_GATEWAY_FIELDS)[number];
export type SortDirection = 'ASC' | 'DESC';

const DEFAULT_SORT = 'serial_number:ASC';
/** The address parameter naming the gateway whose detail dialog is open. */
export const GATEWAY_PARAM = 'gateway';

function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function isSortable(field: string): field is SortableGatewayField {
  return (SORTABLE_GATEWAY_FIELDS as readonly string[]).includes(field);
}

export function parseSort(sortBy: string): {
  field: SortableGatewayField;
  direction: SortDirection;
} {
  const [field = '', direction = ''] = sortBy.split(':');
  return {
    field: isSortable(field) ? field : 'serial_number',
    direction: direction === 'DESC' ? 'DESC' : 'ASC',
  };
}

export function listParamsFrom(search: URLSearchParams): GatewayListParams {
  const limit = positiveInt(search.get('limit'));
  const sort = parseSort(search.get('sort') ?? DEFAULT_SORT);
  const status = positiveInt(search.get('status'));
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: GATEWAY_PAGE_SIZES.find((size) => size === limit) ?? GATEWAY_PAGE_SIZES[0],
    sortBy: `${sort.field}:${sort.direction}`,
    search: search.get('search') ?? '',
    statusId: status !== null && isGatewayStatusId(status) ? status : null,
  };
}

/** The address query for `params` (and an open gateway), leaving out what equals the default. */
export function searchFrom(params: GatewayListParams, openGateway: number | null = null) {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== GATEWAY_PAGE_SIZES[0]) search.set('limit', String(params.limit));
  if (params.sortBy !== DEFAULT_SORT) search.set('sort', params.sortBy);
  if (params.search !== '') search.set('search', params.search);
  if (params.statusId !== null) search.set('status', String(params.statusId));
  if (openGateway !== null) search.set(GATEWAY_PARAM, String(openGateway));
  return search;
}

export const openGatewayFrom = (search: URLSearchParams) => positiveInt(search.get(GATEWAY_PARAM));

/** Where the header's gateway search sends a chosen gateway. */
export const gatewayPath = (id: number) => `/gateways?${GATEWAY_PARAM}=${id}`;
