// The gateways list's page, size, sort, search and status filter, kept in the address so a
// reload or a shared link shows the same list (the list kit, `lib/list-params`, parses and writes
// them); `gateway` names the gateway whose detail is open.
import { isGatewayStatusId } from '@flowsight/domain/gateway-rules';
import { defineList, idParam, setParam } from '@/lib/list-params';
import type { GatewayListParams } from '../api/get-gateways';

export const gatewayList = defineList({
  pageSizes: [10, 25, 50],
  sortFields: ['serial_number', 'name', 'building_name', 'gateway_status_id', 'last_seen_at'],
  defaultSort: 'serial_number:ASC',
});
export const GATEWAY_PAGE_SIZES = gatewayList.pageSizes;
export type SortableGatewayField = (typeof gatewayList.sortFields)[number];

/** The address parameter naming the gateway whose detail dialog is open. */
export const GATEWAY_PARAM = 'gateway';

export const parseSort = gatewayList.parseSort;

export function listParamsFrom(search: URLSearchParams): GatewayListParams {
  return {
    ...gatewayList.stateFrom(search),
    statusId: idParam(search, 'status', isGatewayStatusId),
  };
}

/** The address query for `params` (and an open gateway), leaving out what equals the default. */
export function searchFrom(params: GatewayListParams, openGateway: number | null = null) {
  const search = gatewayList.writeState(new URLSearchParams(), params);
  setParam(search, 'status', params.statusId);
  return setParam(search, GATEWAY_PARAM, openGateway);
}

export const openGatewayFrom = (search: URLSearchParams) => idParam(search, GATEWAY_PARAM);

/** Where the header's gateway search sends a chosen gateway. */
export const gatewayPath = (id: number) => `/gateways?${GATEWAY_PARAM}=${id}`;
