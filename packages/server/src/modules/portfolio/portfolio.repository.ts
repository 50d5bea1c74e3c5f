// Single-record reads of the tenant hierarchy, each limited to the caller's scope.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import { type Scope, scopeCondition } from '../../lib/tenant-scope.ts';

export function createPortfolioRepository(db: Database) {
  return {
    async company(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: companies.id,
          name: companies.name,
          company_type_id: companies.companyTypeId,
          allow_assignment: companies.allowAssignment,
          street: companies.street,
          city_id: companies.cityId,
          postal: companies.postal,
          timezone_id: companies.timezoneId,
        })
        .from(companies)
        .where(and(eq(companies.id, id), scopeCondition(scope, { companyId: companies.id })));
      return row;
    },
    async property(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: properties.id,
          name: properties.name,
          company_id: properties.companyId,
          street: properties.street,
          city_id: properties.cityId,
          postal: properties.postal,
          timezone_id: properties.timezoneId,
          water_price_per_kgal: sql<number>`${properties.waterPricePerKgal}::float8`,
        })
        .from(properties)
        .where(
          and(
            eq(properties.id, id),
            scopeCondition(scope, { companyId: properties.companyId, propertyId: properties.id }),
          ),
        );
      return row;
    },
    async building(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: buildings.id,
          name: buildings.name,
          company_id: buildings.companyId,
          property_id: buildings.propertyId,
          street: buildings.street,
          city_id: buildings.cityId,
          postal: buildings.postal,
          survey_status: buildings.surveyStatus,
        })
        .from(buildings)
        .where(
          and(
            eq(buildings.id, id),
            scopeCondition(scope, {
              companyId: buildings.companyId,
              propertyId: buildings.propertyId,
              buildingId: buildings.id,
            }),
          ),
        );
      return row;
    },
    async unit(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: units.id,
          name: units.name,
          company_id: units.companyId,
          property_id: units.propertyId,
          building_id: units.buildingId,
          unit_category_id: units.unitCategoryId,
          unit_type_id: units.unitTypeId,
          unit_state_id: units.unitStateId,
          floor: units.floor,
        })
        .from(units)
        .where(
          and(
            eq(units.id, id),
            scopeCondition(scope, {
              companyId: units.companyId,
              propertyId: units.propertyId,
              buildingId: units.buildingId,
              unitId: units.id,
            }),
          ),
        );
      return row;
    },
  };
}
export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;
