// A building's installers (spec section 7 "Buildings") and the signed-in person's own
// assignments, which the installation page lists first. HTTP only.
import {
  installerInputSchema,
  installerSchema,
  installerStatuses,
  installerUpdateSchema,
} from '@flowsight/domain/survey';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeById, createUnderId, readErrors, routeDocs } from '../../lib/http-routes.ts';
import { idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { InstallersService } from './installers.service.ts';

const doc = routeDocs('buildings');

const assignedBuildingSchema = z.object({
  installer_id: z.number().int(),
  building_id: z.number().int(),
  building_name: z.string(),
  property_id: z.number().int(),
  property_name: z.string(),
  company_id: z.number().int(),
  scheduled_date: z.string().nullable(),
  status: z.enum(installerStatuses),
});

/** Installers of a building, and the installer's own assignments. */
export const installerRoutes: FastifyPluginAsyncZod<{ service: InstallersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/buildings/:id/installer',
    doc('listBuildingInstallers', 'The installers assigned to a building, soonest first', {
      params: idParams,
      response: { 200: z.array(installerSchema), ...readErrors },
    }),
    (r) => service.installers(scopeOf(r), r.params.id),
  );
  app.post(
    '/buildings/:id/installers',
    doc(
      'assignBuildingInstaller',
      "Assign a company installer of the building's company, or an outside installer's name and phone, with a scheduled date",
      createUnderId(installerInputSchema, installerSchema),
    ),
    async (r, reply) =>
      reply.status(201).send(await service.addInstaller(scopeOf(r), r.params.id, r.body)),
  );
  app.put(
    '/buildings/installers/:id',
    doc(
      'updateBuildingInstaller',
      "Change an installer's details, scheduled date or status",
      changeById(installerUpdateSchema, installerSchema),
    ),
    (r) => service.updateInstaller(scopeOf(r), r.params.id, r.body),
  );
  app.get(
    '/buildings/installations/mine',
    doc(
      'listMyInstallations',
      'The buildings the signed-in person is assigned to install in, soonest first (the installation page lists them first)',
      { response: { 200: z.array(assignedBuildingSchema) } },
    ),
    (r) => service.myInstallations(scopeOf(r)),
  );
};
