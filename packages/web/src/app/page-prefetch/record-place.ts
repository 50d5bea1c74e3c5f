// The record of a record page's address, for the loaders of its tabs (`page-prefetch/`): the
// levels and ids of the address, and whether the role sees a tab (a restricted company's people
// see the allow-list's).
import type { SessionRole } from '@flowsight/domain/auth';
import { CompanyType } from '@flowsight/domain/lookups';
import { type RecordLevel, restrictedShowsTab } from '@flowsight/domain/restricted-companies';
import type { PrefetchArgs } from '../page-data';

/** An id of the address (a positive integer), or null. */
function idOf(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The record levels of a record page's address, parents first, with their ids. */
export function recordsOf({ params }: PrefetchArgs): { level: RecordLevel; id: number }[] {
  const ids: [RecordLevel, number | null][] = [
    ['company', idOf(params.companyId)],
    ['property', idOf(params.propertyId)],
    ['building', idOf(params.buildingId)],
    ['unit', idOf(params.unitId)],
  ];
  return ids.flatMap(([level, id]) => (id === null ? [] : [{ level, id }]));
}

/** The deepest record of the address: the one whose page and tabs show. */
export const deepest = (args: PrefetchArgs) => recordsOf(args).at(-1) ?? null;

/** Whether the role sees `tab` of a record: a restricted company's people see the allow-list's. */
export const seesTab = (role: SessionRole, level: RecordLevel, tab: string) =>
  role.company_type_id !== CompanyType.Restricted || restrictedShowsTab(level, tab);
