// The optional property, building and unit references a tenant-owned row carries below its
// company, spelled once for the tables whose rows may sit at any level of the hierarchy. Kept
// apart from columns.ts because it needs portfolio.ts, which itself builds on columns.ts.
import { integer } from 'drizzle-orm/pg-core';
import { buildings, properties, units } from './portfolio.ts';

export const placeRefsBelowCompany = () => ({
  propertyId: integer('property_id').references(() => properties.id),
  buildingId: integer('building_id').references(() => buildings.id),
  unitId: integer('unit_id').references(() => units.id),
});
