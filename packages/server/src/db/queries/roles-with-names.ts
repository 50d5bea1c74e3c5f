// Roles with the names of the company, property, building and unit each covers — read by sign-in
// (the session's role list) and by user administration alike.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { userRoles } from '../schema/identity.ts';
import { buildings, companies, properties, units } from '../schema/portfolio.ts';

export const roleWithNamesColumns = {
  id: userRoles.id,
  user_id: userRoles.userId,
  user_role_type_id: userRoles.userRoleTypeId,
  company_id: userRoles.companyId,
  property_id: userRoles.propertyId,
  building_id: userRoles.buildingId,
  unit_id: userRoles.unitId,
  company_type_id: companies.companyTypeId,
  allow_assignment: sql<boolean>`coalesce(${companies.allowAssignment}, false)`,
  company_name: companies.name,
  property_name: properties.name,
  building_name: buildings.name,
  unit_name: units.name,
};

/** `select … from user_roles` joined to the names; add `.where(...)` and `.orderBy(...)`. */
export const selectRolesWithNames = (db: Database) =>
  db
    .select(roleWithNamesColumns)
    .from(userRoles)
    .leftJoin(companies, eq(companies.id, userRoles.companyId))
    .leftJoin(properties, eq(properties.id, userRoles.propertyId))
    .leftJoin(buildings, eq(buildings.id, userRoles.buildingId))
    .leftJoin(units, eq(units.id, userRoles.unitId));
