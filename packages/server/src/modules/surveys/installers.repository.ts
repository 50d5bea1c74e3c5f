// Queries of a building's installers (`building_installers`): the building's list, one
// installer within the caller's scope, the company-installer people a building's company has, and
// the buildings a person is assigned to. Every method takes an optional transaction (`tx ?? db`).
import { RoleType } from '@flowsight/domain/lookups';
import type { InstallerStatus } from '@flowsight/domain/survey';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { visiblePlaces } from '../../db/queries/places.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { userRoles, users } from '../../db/schema/identity.ts';
import { buildingInstallers } from '../../db/schema/operations.ts';
import { buildings, properties } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { actorName } from './surveys.repository.ts';

const installerColumns = {
  id: buildingInstallers.id,
  building_id: buildingInstallers.buildingId,
  company_id: buildingInstallers.companyId,
  user_id: buildingInstallers.userId,
  name: buildingInstallers.name,
  phone: buildingInstallers.phone,
  email: buildingInstallers.email,
  scheduled_date: buildingInstallers.scheduledDate,
  status: buildingInstallers.status,
};
export type InstallerRow = {
  id: number;
  building_id: number;
  company_id: number;
  user_id: number | null;
  name: string;
  phone: string | null;
  email: string | null;
  scheduled_date: string | null;
  status: InstallerStatus;
};
export type InstallerValues = {
  userId?: number | null;
  name?: string;
  phone?: string | null;
  email?: string | null;
  scheduledDate?: string | null;
  status?: InstallerStatus;
};

export function createInstallersRepository(db: Database) {
  return {
    installers(buildingId: number, tx?: Executor): Promise<InstallerRow[]> {
      return (tx ?? db)
        .select(installerColumns)
        .from(buildingInstallers)
        .where(eq(buildingInstallers.buildingId, buildingId))
        .orderBy(asc(buildingInstallers.scheduledDate), asc(buildingInstallers.id));
    },

    /** The installer when its building lies in the caller's scope. */
    async installer(scope: Scope, id: number, tx?: Executor): Promise<InstallerRow | undefined> {
      const [row] = await (tx ?? db)
        .select(installerColumns)
        .from(buildingInstallers)
        .innerJoin(buildings, eq(buildings.id, buildingInstallers.buildingId))
        .where(and(eq(buildingInstallers.id, id), visiblePlaces('building', scope)));
      return row;
    },

    /** A person holding a company-installer role in the company, with their contact details. */
    async companyInstaller(userId: number, companyId: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select({ id: users.id, name: actorName, email: users.email, phone: users.phone })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(
          and(
            eq(users.id, userId),
            eq(userRoles.userRoleTypeId, RoleType.CompanyInstaller),
            eq(userRoles.companyId, companyId),
          ),
        )
        .limit(1);
      return row;
    },

    async insertInstaller(
      companyId: number,
      buildingId: number,
      values: Required<Omit<InstallerValues, 'status'>>,
      tx?: Executor,
    ): Promise<InstallerRow> {
      const [row] = await (tx ?? db)
        .insert(buildingInstallers)
        .values({ companyId, buildingId, ...values })
        .returning(installerColumns);
      if (!row) throw new Error('installer not inserted');
      return row;
    },

    async updateInstaller(id: number, values: InstallerValues, at: Date, tx?: Executor) {
      const [row] = await (tx ?? db)
        .update(buildingInstallers)
        .set({ ...values, updatedAt: at })
        .where(eq(buildingInstallers.id, id))
        .returning(installerColumns);
      return row;
    },

    /** The buildings the caller is assigned to install in (within their scope), soonest first. */
    assignedBuildings(scope: Scope, tx?: Executor) {
      return (tx ?? db)
        .select({
          installer_id: buildingInstallers.id,
          building_id: buildings.id,
          building_name: buildings.name,
          property_id: properties.id,
          property_name: properties.name,
          company_id: buildings.companyId,
          scheduled_date: buildingInstallers.scheduledDate,
          status: buildingInstallers.status,
        })
        .from(buildingInstallers)
        .innerJoin(buildings, eq(buildings.id, buildingInstallers.buildingId))
        .innerJoin(properties, eq(properties.id, buildings.propertyId))
        .where(and(eq(buildingInstallers.userId, scope.userId), visiblePlaces('building', scope)))
        .orderBy(sql`${buildingInstallers.scheduledDate} asc nulls last`, asc(buildings.name));
    },

    recordEvent: (actor: Scope | null, event: EventInput, tx?: Executor) =>
      recordEvent(tx ?? db, actor, event),

    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),
  };
}
export type InstallersRepository = ReturnType<typeof createInstallersRepository>;
