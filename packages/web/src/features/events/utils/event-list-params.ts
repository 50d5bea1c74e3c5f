// The event log's page, size, search and filters (entity type, action, company, date range), kept
// in the address so a reload or a shared link shows the same list.

export const EVENT_PAGE_SIZES = [20, 50, 100] as const;

/** The entity types the modules write (lib/events.ts callers), offered by the filter. */
export const EVENT_ENTITY_TYPES = [
  'alert',
  'company',
  'property',
  'building',
  'unit',
  'sensor',
  'gateway',
  'company_appliance_threshold',
  'company_unaccounted_threshold',
  'sensor_gallon_threshold',
  'appliance_type',
  'sensor_config_default',
  'integration_key',
] as const;
export type EventEntityType = (typeof EVENT_ENTITY_TYPES)[number];
export const isKnownEntityType = (value: string): value is EventEntityType =>
  (EVENT_ENTITY_TYPES as readonly string[]).includes(value);

export type EventListParams = {
  /** 1-based. */
  page: number;
  limit: number;
  search: string;
  entityType: string;
  action: string;
  companyId: number | null;
  /** Local calendar days, `yyyy-mm-dd`; empty when open. */
  from: string;
  to: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

const day = (value: string | null) => (value !== null && DAY.test(value) ? value : '');

export function eventParamsFrom(search: URLSearchParams): EventListParams {
  const limit = positiveInt(search.get('limit'));
  return {
    page: positiveInt(search.get('page')) ?? 1,
    limit: EVENT_PAGE_SIZES.find((size) => size === limit) ?? EVENT_PAGE_SIZES[0],
    search: search.get('search') ?? '',
    entityType: search.get('type') ?? '',
    action: search.get('action') ?? '',
    companyId: positiveInt(search.get('company')),
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** The address query for `params`, leaving out what equals the default. */
export function eventSearchFrom(params: EventListParams) {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== EVENT_PAGE_SIZES[0]) search.set('limit', String(params.limit));
  if (params.search !== '') search.set('search', params.search);
  if (params.entityType !== '') search.set('type', params.entityType);
  if (params.action !== '') search.set('action', params.action);
  if (params.companyId !== null) search.set('company', String(params.companyId));
  if (params.from !== '') search.set('from', params.from);
  if (params.to !== '') search.set('to', params.to);
  return search;
}

/** The instant a local calendar day starts (`days` later), as ISO 8601 UTC. */
function localDayStart(value: string, days = 0): string {
  const [year = 0, month = 1, date = 1] = value.split('-').map(Number);
  return new Date(year, month - 1, date + days).toISOString();
}

/** The API's `filter.<field>` query for the list parameters (DESIGN section 4). */
export function eventApiFilters(params: EventListParams): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {};
  if (params.entityType !== '') filters['filter.entity_type'] = `$eq:${params.entityType}`;
  if (params.action.trim() !== '') filters['filter.action'] = `$ilike:${params.action.trim()}`;
  if (params.companyId !== null) filters['filter.company_id'] = `$eq:${params.companyId}`;
  const time: string[] = [];
  if (params.from !== '') time.push(`$gte:${localDayStart(params.from)}`);
  // The whole "to" day counts: up to the start of the next one.
  if (params.to !== '') time.push(`$lt:${localDayStart(params.to, 1)}`);
  if (time.length > 0) filters['filter.occurred_at'] = time;
  return filters;
}
