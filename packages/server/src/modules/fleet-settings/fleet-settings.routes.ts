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
import { bearerSecurity, errorSchema } from '../../lib/http-schemas.ts';
import { listResponseSchema } from '../../lib/list-query.ts';
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
  idParams,
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

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const doc = <T extends object>(tag: string, summary: string, schema: T) => ({
  schema: { tags: [tag], summary, security: bearerSecurity, ...schema },
});

export const fleetSettingsModule: FastifyPluginAsyncZod<{ service: FleetSettings }> = async (
  app,
  { service },
) => {
  app.get(
    '/appliances',
    doc('fixtures', 'The 22 fixture types with their leak-detection parameters', {
      response: { 200: z.array(fixtureTypeSchema) },
    }),
    () => service.fixtures.list(),
  );
  app.put(
    '/appliances/:id',
    doc('fixtures', "Change a fixture type's detection parameters (fields left out keep theirs)", {
      params: idParams,
      body: fixtureDetectionUpdateSchema,
      response: { 200: fixtureTypeSchema, ...errors },
    }),
    (r) => service.fixtures.update(scopeOf(r), r.params.id, r.body),
  );

  app.get(
    '/sensors/config-defaults',
    doc('micrometers', 'Sensor configuration parameters with their range and default value', {
      response: { 200: z.array(configDefaultSchema) },
    }),
    () => service.configDefaults.list(),
  );
  app.put(
    '/sensors/config-defaults/:id/:value',
    doc('micrometers', "Set a configuration parameter's default (a whole number in its range)", {
      params: idValueParams,
      response: { 200: configDefaultSchema, ...errors },
    }),
    (r) => service.configDefaults.update(scopeOf(r), r.params.id, r.params.value),
  );

  app.get(
    '/sensors/gallon-thresholds',
    doc('micrometers', 'Gallon thresholds of the micrometers the caller can see, paged', {
      querystring: gallonThresholdList.querySchema,
      response: { 200: listResponseSchema(gallonThresholdSchema), 400: errorSchema },
    }),
    (r) => service.gallonThresholds.list(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/sensors/gallon-thresholds',
    doc('micrometers', 'Give an assigned micrometer (by MAC or id) its daily gallon threshold', {
      body: gallonThresholdCreateSchema,
      response: { 201: gallonThresholdSchema, ...errors },
    }),
    async (r, reply) =>
      reply.status(201).send(await service.gallonThresholds.create(scopeOf(r), r.body)),
  );
  app.put(
    '/sensors/gallon-thresholds/:id/:value',
    doc('micrometers', "Change a micrometer's gallon threshold", {
      params: idValueParams,
      response: { 200: gallonThresholdSchema, ...errors },
    }),
    (r) => service.gallonThresholds.update(scopeOf(r), r.params.id, r.params.value),
  );
  app.delete(
    '/sensors/gallon-thresholds/:id',
    doc('micrometers', "Remove a micrometer's gallon threshold", {
      params: idParams,
      response: { 200: gallonThresholdSchema, ...errors },
    }),
    (r) => service.gallonThresholds.remove(scopeOf(r), r.params.id),
  );
};
