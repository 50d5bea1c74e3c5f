// A tenant-owned table's place columns as the lists and selections write them: the four id
// filters, the four name sorts, the id and name selection, and the scope condition over them.
// Field names and order are part of list answers and CSV columns, so they are written here once.
import type { SQL } from 'drizzle-orm';
import type { FilterField } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { buildings, companies, properties, units } from '../schema/portfolio.ts';
import type { HierarchyColumns } from './places.ts';
import { scopeCondition } from './scope-condition.ts';

/** The `company_id` … `unit_id` filters of a list over `table`. */
export const placeIdFilters = (table: HierarchyColumns) =>
  ({
    company_id: { column: table.companyId, type: 'number' },
    property_id: { column: table.propertyId, type: 'number' },
    building_id: { column: table.buildingId, type: 'number' },
    unit_id: { column: table.unitId, type: 'number' },
  }) satisfies Record<string, FilterField>;

/** The four place names (joined companies, properties, buildings, units), as sorts or columns. */
export const placeNames = {
  company_name: companies.name,
  property_name: properties.name,
  building_name: buildings.name,
  unit_name: units.name,
};

type PlaceIds<T extends HierarchyColumns> = {
  company_id: T['companyId'];
  property_id: T['propertyId'];
  building_id: T['buildingId'];
  unit_id: T['unitId'];
};

/** The `company_id` … `unit_id` columns of `table`, keeping each column's type for the row. */
export const placeIds = <T extends HierarchyColumns>(table: T): PlaceIds<T> => ({
  company_id: table.companyId,
  property_id: table.propertyId,
  building_id: table.buildingId,
  unit_id: table.unitId,
});

/** Each level's id beside its name: `company_id, company_name, property_id, …, unit_name`. */
export const placeSelection = <T extends HierarchyColumns>(
  table: T,
): PlaceIds<T> & typeof placeNames => ({
  company_id: table.companyId,
  company_name: companies.name,
  property_id: table.propertyId,
  property_name: properties.name,
  building_id: table.buildingId,
  building_name: buildings.name,
  unit_id: table.unitId,
  unit_name: units.name,
});

/** The caller's scope over all four of `table`'s hierarchy columns. */
export const placeScope = (scope: Scope, table: HierarchyColumns): SQL | undefined =>
  scopeCondition(scope, {
    companyId: table.companyId,
    propertyId: table.propertyId,
    buildingId: table.buildingId,
    unitId: table.unitId,
  });
