// An alerts list's page, size, sort, search and filters (status, category, type, company), kept in
// the address so a reload or a shared link shows the same list; `alert` names the alert whose
// dialog is open. `/alerts` opens on the open statuses 1 and 2 (spec section 2) when the address
// names none; `status=all` is every status.
import {
  notificationCategories,
  notificationStatuses,
  notificationTypes,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';

export const ALERT_PAGE_SIZES = [20, 50, 100] as const;
export const SORTABLE_ALERT_FIELDS = [
  'first_detected',
  'last_detected',
  'rate',
  'notification_status_id',
  'notification_type_id',
  'company_name',
  'building_name',
  'unit_name',
] as const;
export type SortableAlertField = (typeof SORTABLE_ALERT_FIELDS)[number];
export type SortDirection = 'ASC' | 'DESC';

export const DEFAULT_ALERT_SORT = 'first_detected:DESC';
/** The statuses `/alerts` opens with: the open ones. */
export const DEFAULT_ALERT_STATUSES: readonly number[] = openNotificationStatuses;
/** The address parameter naming the alert whose dialog is open. */
export const ALERT_PARAM = 'alert';
const ALL = 'all';

export type AlertListParams = {
  /** 1-based. */
  page: number;
  limit: number;
  /** `field:ASC|DESC`. */
  sortBy: string;
  search: string;
  /** Empty: every status. */
  statusIds: readonly number[];
  categoryId: number | null;
  typeId: number | null;
  companyId: number | null;
};

const statusIds = new Set<number>(notificationStatuses.map((status) => status.id));
const categoryIds = new Set<number>(notificationCategories.map((category) => category.id));
const typeIds = new Set<number>(notificationTypes.map((type) => type.id));

function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

const isSortable = (field: string): field is SortableAlertField =>
  (SORTABLE_ALERT_FIELDS as readonly string[]).includes(field);

export function parseAlertSort(sortBy: string): {
  field: SortableAlertField;
  direction: SortDirection;
} {
  const [field = '', direction = ''] = sortBy.split(':');
  return isSortable(field)
    ? { field, direction: direction === 'ASC' ? 'ASC' : 'DESC' }
    : { field: 'first_detected', direction: 'DESC' };
}

const sameStatuses = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The list parameters in `search`; `defaultStatuses` apply when it names no status. */
export function alertParamsFrom(
  search: URLSearchParams,
  defaultStatuses: readonly number[] = [],
): AlertListParams {
  const limit = positiveInt(search.get('limit'));
  const sort = parseAlertSort(search.get('sort') ?? DEFAULT_ALERT_SORT);
  const status = search.get('status');
  const category = positiveInt(search.get('category'));
  const type = positiveInt(search.get('type'));
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: ALERT_PAGE_SIZES.find((size) => size === limit) ?? ALERT_PAGE_SIZES[0],
    sortBy: `${sort.field}:${sort.direction}`,
    search: search.get('search') ?? '',
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
    categoryId: category !== null && categoryIds.has(category) ? category : null,
    typeId: type !== null && typeIds.has(type) ? type : null,
    companyId: positiveInt(search.get('company')),
  };
}

/** The address query for `params` (and an open alert), leaving out what equals the default. */
export function alertSearchFrom(
  params: AlertListParams,
  defaultStatuses: readonly number[] = [],
  openAlert: number | null = null,
) {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== ALERT_PAGE_SIZES[0]) search.set('limit', String(params.limit));
  if (params.sortBy !== DEFAULT_ALERT_SORT) search.set('sort', params.sortBy);
  if (params.search !== '') search.set('search', params.search);
  if (!sameStatuses(params.statusIds, defaultStatuses)) {
    search.set('status', params.statusIds.length === 0 ? ALL : params.statusIds.join(','));
  }
  if (params.categoryId !== null) search.set('category', String(params.categoryId));
  if (params.typeId !== null) search.set('type', String(params.typeId));
  if (params.companyId !== null) search.set('company', String(params.companyId));
  if (openAlert !== null) search.set(ALERT_PARAM, String(openAlert));
  return search;
}

export const openAlertFrom = (search: URLSearchParams) => positiveInt(search.get(ALERT_PARAM));

/** The API's `filter.<field>` query and search for the list (DESIGN section 4), no paging. */
export function alertApiFilters(params: AlertListParams) {
  return {
    ...(params.search.trim() === '' ? {} : { search: params.search.trim() }),
    ...(params.statusIds.length === 0
      ? {}
      : { 'filter.notification_status_id': `$in:${params.statusIds.join(',')}` }),
    ...(params.categoryId === null
      ? {}
      : { 'filter.notification_category_id': `$eq:${params.categoryId}` }),
    ...(params.typeId === null ? {} : { 'filter.notification_type_id': `$eq:${params.typeId}` }),
    ...(params.companyId === null ? {} : { 'filter.company_id': `$eq:${params.companyId}` }),
  };
}

/** The whole list query: paging, sort and filters. */
export function alertListQuery(params: AlertListParams) {
  return {
    page: params.page,
    limit: params.limit,
    sortBy: params.sortBy,
    ...alertApiFilters(params),
  };
}
