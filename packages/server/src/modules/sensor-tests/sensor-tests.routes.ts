// Bench testing routes: record a pass or failure for a stock micrometer, list the sensors whose
// latest uncleared result failed, and clear the results.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  benchTestInputSchema,
  benchTestSchema,
  clearedSchema,
  failedTestListQuerySchema,
} from './sensor-tests.schemas.ts';
import type { SensorTestsService } from './sensor-tests.service.ts';

const doc = routeDocs('sensors');

export const sensorTestsModule: FastifyPluginAsyncZod<{ service: SensorTestsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/sensors/:id/tests',
    doc(
      'recordSensorTest',
      'Record a bench test of a micrometer in stock (pass → Tested, fail → Defective)',
      {
        params: idParams,
        body: benchTestInputSchema,
        response: { 201: benchTestSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    ),
    async (r, reply) =>
      reply.status(201).send(await service.record(scopeOf(r), r.params.id, r.body)),
  );
  app.get(
    '/sensors/tested-failed',
    doc(
      'listFailedSensorTests',
      'Micrometers whose latest uncleared bench test failed',
      pagedListSchemas(failedTestListQuerySchema, benchTestSchema),
    ),
    (r) => service.listFailed(scopeOf(r), r.query, r.url),
  );
  app.delete(
    '/sensors/tested',
    doc('deleteSensorTests', 'Clear every bench test result (sensor states are kept)', {
      response: { 200: clearedSchema },
    }),
    (r) => service.clear(scopeOf(r)),
  );
};
