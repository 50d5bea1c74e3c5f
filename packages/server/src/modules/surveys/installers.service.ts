// A building's installers: company installers of the building's company or outside
// installers with a name and phone, each with a scheduled date and status; every change an event.
// Also the buildings the signed-in person is assigned to, which the installation page lists first.
import {
  type Installer,
  type InstallerInput,
  type InstallerUpdate,
  surveyMessages,
} from '@flowsight/domain/survey';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { RequireBuilding } from './building-check.ts';
import type { InstallerRow, InstallersRepository } from './installers.repository.ts';

type Dependencies = {
  repository: InstallersRepository;
  building: RequireBuilding;
  now?: () => Date;
};

const toInstaller = ({ company_id: _, ...row }: InstallerRow): Installer => row;

export function createInstallersService({
  repository,
  building,
  now = () => new Date(),
}: Dependencies) {
  return {
    async installers(scope: Scope, buildingId: number): Promise<Installer[]> {
      const target = await building(scope, buildingId);
      return (await repository.installers(target.id)).map(toInstaller);
    },

    /** Assigns a company installer of the building's company, or an outside installer. */
    async addInstaller(scope: Scope, buildingId: number, body: InstallerInput): Promise<Installer> {
      const target = await building(scope, buildingId);
      const person =
        body.user_id == null
          ? undefined
          : await repository.companyInstaller(body.user_id, target.company_id);
      if (body.user_id != null && !person) throw new Invalid(surveyMessages.installerNotOfCompany);
      const name = body.name ?? person?.name ?? person?.email;
      if (!name) throw new Invalid(surveyMessages.installerRequired);
      return repository.transaction(async (tx) => {
        const row = await repository.insertInstaller(
          target.company_id,
          target.id,
          {
            userId: person?.id ?? null,
            name,
            phone: body.phone ?? person?.phone ?? null,
            email: body.email ?? person?.email ?? null,
            scheduledDate: body.scheduled_date ?? null,
          },
          tx,
        );
        await repository.recordEvent(
          scope,
          {
            entityType: 'building_installer',
            entityId: row.id,
            companyId: target.company_id,
            action: 'assigned',
            to: {
              building_id: target.id,
              user_id: row.user_id,
              name: row.name,
              scheduled_date: row.scheduled_date,
            },
          },
          tx,
        );
        return toInstaller(row);
      });
    },

    async updateInstaller(scope: Scope, id: number, body: InstallerUpdate): Promise<Installer> {
      const before = await repository.installer(scope, id);
      if (!before) throw new NotFound(surveyMessages.installerNotFound);
      const { name } = body;
      if (name === null) throw new Invalid(surveyMessages.installerRequired);
      return repository.transaction(async (tx) => {
        const after = await repository.updateInstaller(
          id,
          {
            ...(name === undefined ? {} : { name }),
            ...(body.phone === undefined ? {} : { phone: body.phone }),
            ...(body.email === undefined ? {} : { email: body.email }),
            ...(body.scheduled_date === undefined ? {} : { scheduledDate: body.scheduled_date }),
            ...(body.status === undefined ? {} : { status: body.status }),
          },
          now(),
          tx,
        );
        if (!after) throw new NotFound(surveyMessages.installerNotFound);
        await repository.recordEvent(
          scope,
          {
            entityType: 'building_installer',
            entityId: id,
            companyId: before.company_id,
            action: 'updated',
            from: { scheduled_date: before.scheduled_date, status: before.status },
            to: { scheduled_date: after.scheduled_date, status: after.status },
          },
          tx,
        );
        return toInstaller(after);
      });
    },

    /** The buildings the signed-in person is assigned to install in, soonest first. */
    myInstallations: (scope: Scope) => repository.assignedBuildings(scope),
  };
}
export type InstallersService = ReturnType<typeof createInstallersService>;
