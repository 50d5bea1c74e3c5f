// The event log's page, size, search and filters (entity type, action, company, date range), kept
// in the address so a reload or a shared link shows the same list (the list kit, `lib/list-params`,
// parses and writes the paging).
import { idParam, type ListPaging, pagingFrom, setParam, writePaging } from '@/lib/list-params';

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

export type EventListParams = ListPaging & {
  search: string;
  entityType: string;
  action: string;
  companyId: number | null;
  /** Local calendar days, `yyyy-mm-dd`; empty when open. */
  from: string;
  to: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = (value: string | null) => (value !== null && DAY.test(value) ? value : '');

export function eventParamsFrom(search: URLSearchParams): EventListParams {
  return {
    ...pagingFrom(search, EVENT_PAGE_SIZES),
    search: search.get('search') ?? '',
    entityType: search.get('type') ?? '',
    action: search.get('action') ?? '',
    companyId: idParam(search, 'company'),
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** The address query for `params`, leaving out what equals the default. */
export function eventSearchFrom(params: EventListParams) {
  const search = writePaging(new URLSearchParams(), params, EVENT_PAGE_SIZES);
  setParam(search, 'search', params.search);
  setParam(search, 'type', params.entityType);
  setParam(search, 'action', params.action);
  setParam(search, 'company', params.companyId);
  setParam(search, 'from', params.from);
  return setParam(search, 'to', params.to);
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
