// Where a role or a notification contact sits in the tenant hierarchy (company → property →
// building → unit). One check for both: the ids name an existing place inside the caller's scope
// (otherwise 404, as for any foreign record), the ids given agree with each other (a unit in that
// building, in that company), and the ancestors the caller left out are filled in.

import { levelIdField, levelIdKey } from '@flowsight/domain/portfolio';
import { type PlacementLevel, placementLevels } from '@flowsight/domain/roles';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { inScope, type Scope } from '../../lib/tenant-scope.ts';

/** A place inside a company; ids below its level are null. */
export type Placement = {
  companyId: number;
  propertyId: number | null;
  buildingId: number | null;
  unitId: number | null;
};
/** Where a role sits: system roles and the sensor tester sit nowhere (all null). */
export type RolePlacement = Omit<Placement, 'companyId'> & { companyId: number | null };
export const NOWHERE: RolePlacement = {
  companyId: null,
  propertyId: null,
  buildingId: null,
  unitId: null,
};

/** Hierarchy ids as the API spells them. */
export type PlacementIds = {
  readonly company_id?: number | null | undefined;
  readonly property_id?: number | null | undefined;
  readonly building_id?: number | null | undefined;
  readonly unit_id?: number | null | undefined;
};

export const idField = levelIdField satisfies Record<PlacementLevel, keyof PlacementIds>;
const placementKey = levelIdKey satisfies Record<PlacementLevel, keyof Placement>;

export const levelIndex = (level: PlacementLevel) => placementLevels.indexOf(level);

/** The deepest level the ids name (the unit when unit_id is given, …); undefined for none. */
export function deepestLevel(ids: PlacementIds): PlacementLevel | undefined {
  return [...placementLevels].reverse().find((level) => ids[idField[level]] != null);
}

/** A role or contact record's ids in the shape `inScope` reads. */
export const placementOf = (record: PlacementIds): RolePlacement => ({
  companyId: record.company_id ?? null,
  propertyId: record.property_id ?? null,
  buildingId: record.building_id ?? null,
  unitId: record.unit_id ?? null,
});

export type PlacementLookup = (level: PlacementLevel, id: number) => Promise<Placement | undefined>;

/**
 * The place at `level` named by `ids`, checked against the scope and against the other ids given.
 */
export async function resolvePlacement(
  find: PlacementLookup,
  scope: Scope,
  level: PlacementLevel,
  ids: PlacementIds,
): Promise<Placement> {
  const field = idField[level];
  const id = ids[field];
  if (id == null) throw new Invalid(`${field} is required`);
  const placement = await find(level, id);
  if (!placement || !inScope(scope, placement))
    throw new NotFound(`${label(level)} ${id} not found`);
  for (const ancestor of placementLevels.slice(0, levelIndex(level))) {
    const given = ids[idField[ancestor]];
    if (given != null && given !== placement[placementKey[ancestor]]) {
      throw new Invalid(`${label(level)} ${id} is not in ${ancestor} ${given}`);
    }
  }
  return placement;
}

const label = (level: PlacementLevel) => `${level.charAt(0).toUpperCase()}${level.slice(1)}`;
