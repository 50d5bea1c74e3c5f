// A readings list's state in the address (page, size, sort, MAC search, the exact MAC a link
// asked for, kind, fixture and the date range), and how it becomes the server's list, export and
// totals queries. Without a date range the server covers the last 30 days; the page says so. The
// list kit (`lib/list-params`) parses and writes the paging, sort and search.
import { applianceTypes } from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import { READINGS_DEFAULT_WINDOW_DAYS } from '@flowsight/domain/readings-window';
import {
  defineList,
  eqFilter,
  idParam,
  type ListState,
  pageQuery,
  searchQuery,
  setParam,
} from '@/lib/list-params';

export const submissionList = defineList({
  pageSizes: [25, 50, 100],
  sortFields: ['measured_at', 'mac_address', 'volume', 'battery'],
  defaultSort: 'measured_at:DESC',
});
export const SUBMISSION_PAGE_SIZES = submissionList.pageSizes;
/** The server's window when no `filter.measured_at` is given. */
export const DEFAULT_WINDOW_DAYS = READINGS_DEFAULT_WINDOW_DAYS;
export const SUBMISSION_KINDS = ['usage', 'usage_v1', 'keepalive', 'malformed'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** `search` is free text matched against MAC and gateway serial. */
export type SubmissionListParams = ListState & {
  /** One micrometer, e.g. from a `?mac=` link; normalised, or null. */
  mac: string | null;
  kind: SubmissionKind | null;
  /** Appliance type (fixture) id, or null. */
  fixture: number | null;
  /** Local dates `YYYY-MM-DD`, both ends included; null when open. */
  from: string | null;
  to: string | null;
};

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function localDate(value: string | null): string | null {
  if (value === null || !LOCAL_DATE.test(value)) return null;
  return Number.isNaN(new Date(`${value}T00:00:00`).getTime()) ? null : value;
}

export const parseSubmissionSort = submissionList.parseSort;

export function submissionParamsFrom(search: URLSearchParams): SubmissionListParams {
  const kind = search.get('kind');
  return {
    ...submissionList.stateFrom(search),
    mac: normalizeMac(search.get('mac') ?? ''),
    kind: SUBMISSION_KINDS.find((candidate) => candidate === kind) ?? null,
    fixture: idParam(search, 'fixture', (id) => applianceTypes.some((type) => type.id === id)),
    from: localDate(search.get('from')),
    to: localDate(search.get('to')),
  };
}

/** The address query for `params`, leaving out what equals the default. */
export function searchFromSubmissionParams(params: SubmissionListParams): URLSearchParams {
  const search = setParam(new URLSearchParams(), 'mac', params.mac);
  submissionList.writeState(search, params);
  setParam(search, 'kind', params.kind);
  setParam(search, 'fixture', params.fixture);
  setParam(search, 'from', params.from);
  return setParam(search, 'to', params.to);
}

/** The first instant of a local date, in the viewer's time zone. */
const startOfLocalDay = (date: string) => new Date(`${date}T00:00:00`).toISOString();
/** The last instant of a local date, in the viewer's time zone. */
const endOfLocalDay = (date: string) => new Date(`${date}T23:59:59.999`).toISOString();

/** `filter.measured_at` for the chosen range; absent when none (the server's last 30 days). */
export function measuredAtFilter(params: Pick<SubmissionListParams, 'from' | 'to'>) {
  const { from, to } = params;
  if (from !== null && to !== null) {
    const [first, last] = from <= to ? [from, to] : [to, from];
    return `$btw:${startOfLocalDay(first)},${endOfLocalDay(last)}`;
  }
  if (from !== null) return `$gte:${startOfLocalDay(from)}`;
  if (to !== null) return `$lte:${endOfLocalDay(to)}`;
  return undefined;
}

/** The filters shared by the list and its export. */
export function submissionFilters(params: SubmissionListParams): Record<string, string> {
  const measuredAt = measuredAtFilter(params);
  return {
    ...searchQuery(params.search),
    ...(measuredAt === undefined ? {} : { 'filter.measured_at': measuredAt }),
    ...eqFilter('mac_address', params.mac),
    ...eqFilter('kind', params.kind),
    ...eqFilter('appliance_type_id', params.fixture),
  };
}

/** The server's list query: paging, sort and the filters. */
export function submissionListQuery(params: SubmissionListParams) {
  return { ...pageQuery(params), ...submissionFilters(params) };
}

/** `YYYY-MM-DD` of a moment in the viewer's time zone. */
export function toLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The local dates the totals cover, matching the list: the chosen range (an open start reaches
 * back to the first reading, an open end runs to today), else the same last 30 days.
 */
export function totalsRange(
  params: Pick<SubmissionListParams, 'from' | 'to'>,
  now = new Date(),
): { start_date?: string; end_date: string } {
  const today = toLocalDate(now);
  if (params.from === null && params.to === null) {
    const start = toLocalDate(new Date(now.getTime() - DEFAULT_WINDOW_DAYS * 86_400_000));
    return { start_date: start, end_date: today };
  }
  if (params.from === null) return { end_date: params.to ?? today };
  const end = params.to ?? today;
  return params.from <= end
    ? { start_date: params.from, end_date: end }
    : { start_date: end, end_date: params.from };
}
