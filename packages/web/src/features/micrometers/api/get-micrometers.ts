// GET /sensors, /sensors/assigned, /sensors/unassigned (the provider's fleet) and
// GET /{companies|properties|buildings|units}/{id}/sensors (one place's micrometers): one page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type MicrometerListParams, micrometerListQuery } from '../utils/list-params';
import { type MicrometerSource, sourceKey } from '../utils/micrometer-source';
import { micrometersQueryKey } from './micrometer-keys';

/** Filters a page adds beyond the person's own, e.g. the excluded list's. */
export type ExtraFilters = { 'filter.notification_excluded'?: string };

const fleetPaths = {
  all: '/sensors',
  assigned: '/sensors/assigned',
  unassigned: '/sensors/unassigned',
} as const;
const levelPaths = {
  company: '/companies/{id}/sensors',
  property: '/properties/{id}/sensors',
  building: '/buildings/{id}/sensors',
  unit: '/units/{id}/sensors',
} as const;

export async function getMicrometers(
  source: MicrometerSource,
  params: MicrometerListParams,
  extra: ExtraFilters = {},
) {
  const query = { ...micrometerListQuery(params), ...extra };
  if ('fleet' in source) {
    return dataOrThrow(await apiClient.GET(fleetPaths[source.fleet], { params: { query } }));
  }
  return dataOrThrow(
    await apiClient.GET(levelPaths[source.level], { params: { path: { id: source.id }, query } }),
  );
}

export type MicrometerPage = Awaited<ReturnType<typeof getMicrometers>>;
export type Micrometer = MicrometerPage['data'][number];

export function micrometersQueryOptions(
  source: MicrometerSource,
  params: MicrometerListParams,
  extra: ExtraFilters = {},
) {
  return queryOptions({
    queryKey: [...micrometersQueryKey, 'list', sourceKey(source), params, extra],
    queryFn: () => getMicrometers(source, params, extra),
    placeholderData: keepPreviousData,
  });
}

export function useMicrometers(
  source: MicrometerSource,
  params: MicrometerListParams,
  extra: ExtraFilters = {},
  enabled = true,
) {
  return useQuery({ ...micrometersQueryOptions(source, params, extra), enabled });
}
