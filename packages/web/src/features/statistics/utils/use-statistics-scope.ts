// The statistics pages' state: the record they show (`?company=&property=&building=`; a company
// role's own company, a system role's first company until it picks one), the open tab, and the
// context the tabs read.
import { isSystemRole } from '@flowsight/domain/roles';
import { useLocation, useOutletContext } from 'react-router';
import { useAddressSearch } from '@/lib/address-search';
import { usePlaceNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import type { StatisticsRecord } from '../api/statistics-record';
import {
  recordOf,
  type StatisticsScope,
  scopeFromSearch,
  searchWithScope,
} from './statistics-scope';

export const STATISTICS_TABS = ['usage', 'fixtures', 'units'] as const;
export type StatisticsTab = (typeof STATISTICS_TABS)[number];

/** What the layout hands its tabs: the scope and its record (the tabs render only with one). */
export type StatisticsContext = { scope: StatisticsScope; record: StatisticsRecord };

export function useStatisticsContext() {
  return useOutletContext<StatisticsContext>();
}

export function useStatisticsScope() {
  const { activeRole } = useSignedInSession();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useAddressSearch();
  const ownCompanyId = isSystemRole(activeRole.user_role_type_id) ? null : activeRole.company_id;
  // A system role opens on the first company it may read until it picks another.
  const companies = usePlaceNames('company', null, ownCompanyId === null);
  const scope = scopeFromSearch(searchParams, ownCompanyId, companies.data?.[0]?.id ?? null);
  const record = recordOf(scope);
  const current = STATISTICS_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'usage';

  const changeScope = (next: StatisticsScope) =>
    setSearchParams(searchWithScope(searchParams, next, ownCompanyId), { replace: true });

  return { activeRole, ownCompanyId, companies, scope, record, current, changeScope };
}
