// The first queries of the portfolio's pages, started by their route loaders (`page-data.ts`) with
// the query keys and fetchers the pages use: the lists of every company, property and building,
// the records of a record page's address (its layout and breadcrumbs read them), an overview's
// counts and a record's list of its children. The ids come from the address, so nothing waits
// for the record first. The other features' tabs have their own modules (alerts, micrometers,
// submissions, users), so a tab loads only its own prefetch.
import { buildingsQueryOptions } from '@/features/portfolio/api/get-buildings';
import { companiesQueryOptions } from '@/features/portfolio/api/get-companies';
import { propertiesQueryOptions } from '@/features/portfolio/api/get-properties';
import {
  buildingCountsQueryOptions,
  companyCountsQueryOptions,
  propertyCountsQueryOptions,
} from '@/features/portfolio/api/get-record-counts';
import { recordQueryOptions } from '@/features/portfolio/api/get-records';
import { unitsQueryOptions } from '@/features/portfolio/api/get-units';
import { listParamsFrom } from '@/features/portfolio/utils/list-params';
import {
  buildingListSpec,
  companyListSpec,
  propertyListSpec,
  unitListSpec,
} from '@/features/portfolio/utils/list-specs';
import type { PagePrefetch } from '../page-data';
import { deepest, recordsOf, seesTab } from './record-place';

/** /companies: every company the role sees (system roles; the guard sends the others on). */
export const prefetchCompanies: PagePrefetch = ({ queryClient, search }) => {
  void queryClient.prefetchQuery(companiesQueryOptions(listParamsFrom(search, companyListSpec)));
};

/** /properties: every property. */
export const prefetchProperties: PagePrefetch = ({ queryClient, search }) => {
  const params = listParamsFrom(search, propertyListSpec);
  void queryClient.prefetchQuery(propertiesQueryOptions(null, params));
};

/** /buildings: every building. */
export const prefetchBuildings: PagePrefetch = ({ queryClient, search }) => {
  const params = listParamsFrom(search, buildingListSpec);
  void queryClient.prefetchQuery(buildingsQueryOptions(null, params));
};

/** A record page (company, property, building, unit): the records of its address. */
export const prefetchRecords: PagePrefetch = (args) => {
  for (const { level, id } of recordsOf(args)) {
    void args.queryClient.prefetchQuery(recordQueryOptions(level, id));
  }
};

/** A record's overview tab: its counts (a unit's overview has none). */
export const prefetchRecordOverview: PagePrefetch = (args) => {
  const record = deepest(args);
  if (record === null || record.level === 'unit') return;
  if (!seesTab(args.role, record.level, 'overview')) return;
  const { queryClient } = args;
  if (record.level === 'company')
    void queryClient.prefetchQuery(companyCountsQueryOptions(record.id));
  if (record.level === 'property') {
    void queryClient.prefetchQuery(propertyCountsQueryOptions(record.id));
  }
  if (record.level === 'building') {
    void queryClient.prefetchQuery(buildingCountsQueryOptions(record.id));
  }
};

/** A record's list of its children: a company's properties, a property's buildings, a building's units. */
export const prefetchRecordChildren: PagePrefetch = (args) => {
  const record = deepest(args);
  if (record === null) return;
  const { queryClient, search } = args;
  if (record.level === 'company' && seesTab(args.role, 'company', 'properties')) {
    const params = listParamsFrom(search, propertyListSpec);
    void queryClient.prefetchQuery(propertiesQueryOptions(record.id, params));
  } else if (record.level === 'property' && seesTab(args.role, 'property', 'buildings')) {
    const params = listParamsFrom(search, buildingListSpec);
    void queryClient.prefetchQuery(buildingsQueryOptions(record.id, params));
  } else if (record.level === 'building' && seesTab(args.role, 'building', 'units')) {
    const params = listParamsFrom(search, unitListSpec);
    void queryClient.prefetchQuery(unitsQueryOptions(record.id, params));
  }
};
