// `/api/appliances` (the fixtures catalogue with its detection parameters),
// `/api/sensors/config-defaults` and `/api/sensors/gallon-thresholds` (spec section 7 "Sensors").
// HTTP only: each route declares its schemas and calls one service method.
import {
  fixtureDetectionUpdateSchema,
  gallonThresholdCreateSchema,
} from '@flowsight/domain/fleet-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { changeById, errorResponses, routeDoc } from '../../lib/http-routes.ts';
import { idParams } from '../../lib/http-schemas.ts';
import { pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { createConfigDefaultsRepository } from './config-defaults.repository.ts';
import { createConfigDefaultsService } from './config-defaults.service.ts';
import { createFixturesRepository } from './fixtures.repository.ts';
import { createFixturesService } from './fixtures.service.ts';
import {
  configDefaultSchema,
  fixtureTypeSchema,
  gallonThresholdList,
  gallonThresholdSchema,
  idValueParams,
} from './fleet-settings.schemas.ts';
import { createGallonThresholdsRepository } from './gallon-thresholds.repository.ts';
import { createGallonThresholdsService } from './gallon-thresholds.service.ts';

/** The three services of the fleet settings, over one database. */
export function createFleetSettings(db: Database) {
  return {
    fixtures: createFixturesService(createFixturesRepository(db)),
    configDefaults: createConfigDefaultsService(createConfigDefaultsRepository(db)),
    gallonThresholds: createGallonThresholdsService(createGallonThresholdsRepository(db)),
  };
}
export type FleetSettings = ReturnType<typeof createFleetSettings>;

export const fleetSettingsModule: FastifyPluginAsyncZod<{ service: FleetSettings }> = async (
  app,
  { service },
) => {
  app.get(
    '/appliances',
    routeDoc(
      'fixtures',
      'listFixtures',
      'The 22 fixture types with their leak-detection parameters',
      {
        response: { 200: z.array(fixtureTypeSchema) },
      },
    ),
    () => service.fixtures.list(),
  );
  app.put(
    '/appliances/:id',
    routeDoc(
      'fixtures',
      'updateFixture',
      "Change a fixture type's detection parameters (fields left out keep theirs)",
      changeById(fixtureDetectionUpdateSchema, fixtureTypeSchema),
    ),
    (r) => service.fixtures.update(scopeOf(r), r.params.id, r.body),
  );

  app.get(
    '/sensors/config-defaults',
    routeDoc(
      'micrometers',
      'listSensorConfigDefaults',
      'Sensor configuration parameters with their range and default value',
      {
        response: { 200: z.array(configDefaultSchema) },
      },
    ),
    () => service.configDefaults.list(),
  );
  app.put(
    '/sensors/config-defaults/:id/:value',
    routeDoc(
      'micrometers',
      'updateSensorConfigDefault',
      "Set a configuration parameter's default (a whole number in its range)",
      {
        params: idValueParams,
        response: { 200: configDefaultSchema, ...errorResponses },
      },
    ),
    (r) => service.configDefaults.update(scopeOf(r), r.params.id, r.params.value),
  );

  app.get(
    '/sensors/gallon-thresholds',
    routeDoc(
      'micrometers',
      'listGallonThresholds',
      'Gallon thresholds of the micrometers the caller can see, paged',
      pagedListSchemas(gallonThresholdList.querySchema, gallonThresholdSchema),
    ),
    (r) => service.gallonThresholds.list(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/sensors/gallon-thresholds',
    routeDoc(
      'micrometers',
      'createGallonThreshold',
      'Give an assigned micrometer (by MAC or id) its daily gallon threshold',
      {
        body: gallonThresholdCreateSchema,
        response: { 201: gallonThresholdSchema, ...errorResponses },
      },
    ),
    async (r, reply) =>
      reply.status(201).send(await service.gallonThresholds.create(scopeOf(r), r.body)),
  );
  app.put(
    '/sensors/gallon-thresholds/:id/:value',
    routeDoc('micrometers', 'updateGallonThreshold', "Change a micrometer's gallon threshold", {
      params: idValueParams,
      response: { 200: gallonThresholdSchema, ...errorResponses },
    }),
    (r) => service.gallonThresholds.update(scopeOf(r), r.params.id, r.params.value),
  );
  app.delete(
    '/sensors/gallon-thresholds/:id',
    routeDoc('micrometers', 'deleteGallonThreshold', "Remove a micrometer's gallon threshold", {
      params: idParams,
      response: { 200: gallonThresholdSchema, ...errorResponses },
    }),
    (r) => service.gallonThresholds.remove(scopeOf(r), r.params.id),
  );
};
