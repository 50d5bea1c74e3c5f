// An alerts list's page, size, sort, search and filters (status, category, type, company), kept in
// the address so a reload or a shared link shows the same list; `alert` names the alert whose
// dialog is open. `/alerts` opens on the open statuses 1 and 2 (spec section 2) when the address
// names none; `status=all` is every status. The list kit (`lib/list-params`) parses and writes the
// paging, sort and search.
import {
  notificationCategories,
  notificationStatuses,
  notificationTypes,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';
import {
  defineList,
  eqFilter,
  idParam,
  type ListState,
  pageQuery,
  searchQuery,
  setParam,
} from '@/lib/list-params';

export const alertList = defineList({
  pageSizes: [20, 50, 100],
  sortFields: [
    'first_detected',
    'last_detected',
    'rate',
    'notification_status_id',
    'notification_type_id',
    'company_name',
    'building_name',
    'unit_name',
  ],
  defaultSort: 'first_detected:DESC',
});
export const ALERT_PAGE_SIZES = alertList.pageSizes;
export type SortableAlertField = (typeof alertList.sortFields)[number];
/** The statuses `/alerts` opens with: the open ones. */
export const DEFAULT_ALERT_STATUSES: readonly number[] = openNotificationStatuses;
/** The address parameter naming the alert whose dialog is open. */
export const ALERT_PARAM = 'alert';
const ALL = 'all';

export type AlertListParams = ListState & {
  /** Empty: every status. */
  statusIds: readonly number[];
  categoryId: number | null;
  typeId: number | null;
  companyId: number | null;
  /** `me`: assigned to the caller; `none`: assigned to nobody; null: anyone. */
  assigned: AssignedFilter | null;
};

export const ASSIGNED_FILTERS = ['me', 'none'] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];
const assignedOf = (value: string | null): AssignedFilter | null =>
  (ASSIGNED_FILTERS as readonly (string | null)[]).includes(value)
    ? (value as AssignedFilter)
    : null;

const statusIds = new Set<number>(notificationStatuses.map((status) => status.id));
const categoryIds = new Set<number>(notificationCategories.map((category) => category.id));
const typeIds = new Set<number>(notificationTypes.map((type) => type.id));

export const parseAlertSort = alertList.parseSort;

const sameStatuses = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The list parameters in `search`; `defaultStatuses` apply when it names no status. */
export function alertParamsFrom(
  search: URLSearchParams,
  defaultStatuses: readonly number[] = [],
): AlertListParams {
  const status = search.get('status');
  return {
    ...alertList.stateFrom(search),
    statusIds:
      status === null
        ? [...defaultStatuses]
        : status === ALL
          ? []
          : [
              ...new Set(
                status
                  .split(',')
                  .map(Number)
                  .filter((id) => statusIds.has(id)),
              ),
            ].sort((a, b) => a - b),
    categoryId: idParam(search, 'category', (id) => categoryIds.has(id)),
    typeId: idParam(search, 'type', (id) => typeIds.has(id)),
    companyId: idParam(search, 'company'),
    assigned: assignedOf(search.get('assigned')),
  };
}

/** The address query for `params` (and an open alert), leaving out what equals the default. */
export function alertSearchFrom(
  params: AlertListParams,
  defaultStatuses: readonly number[] = [],
  openAlert: number | null = null,
) {
  const search = alertList.writeState(new URLSearchParams(), params);
  if (!sameStatuses(params.statusIds, defaultStatuses)) {
    search.set('status', params.statusIds.length === 0 ? ALL : params.statusIds.join(','));
  }
  setParam(search, 'category', params.categoryId);
  setParam(search, 'type', params.typeId);
  setParam(search, 'company', params.companyId);
  setParam(search, 'assigned', params.assigned);
  return setParam(search, ALERT_PARAM, openAlert);
}

export const openAlertFrom = (search: URLSearchParams) => idParam(search, ALERT_PARAM);

/** The API's `filter.<field>` query and search for the list (DESIGN section 4), no paging. */
export function alertApiFilters(params: AlertListParams) {
  return {
    ...searchQuery(params.search),
    ...(params.statusIds.length === 0
      ? {}
      : { 'filter.notification_status_id': `$in:${params.statusIds.join(',')}` }),
    ...eqFilter('notification_category_id', params.categoryId),
    ...eqFilter('notification_type_id', params.typeId),
    ...eqFilter('company_id', params.companyId),
    ...(params.assigned === null ? {} : { assigned: params.assigned }),
  };
}

/** The whole list query: paging, sort and filters. */
export function alertListQuery(params: AlertListParams) {
  return { ...pageQuery(params), ...alertApiFilters(params) };
}
