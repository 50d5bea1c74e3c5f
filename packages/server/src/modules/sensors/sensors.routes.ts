// Micrometer routes (spec section 7, Sensors, plus each level's `/sensors` list): HTTP only —
// schemas, one service call each. Access per route is the domain's table (`access.ts`).
import { sensorStates, sensorStatuses } from '@flowsight/domain/lookups';
import {
  configBodySchema,
  micrometerMessages,
  type Placement,
} from '@flowsight/domain/micrometers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportSchemas, sendCsv } from '../../lib/csv.ts';
import { Invalid } from '../../lib/errors.ts';
import {
  byId,
  changeById,
  errorResponses,
  levelPaths,
  pascalCase,
  routeDocs,
} from '../../lib/http-routes.ts';
import { errorSchema, idParams, optionalBody } from '../../lib/http-schemas.ts';
import { listResponseSchema, pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { submissionSchema } from '../submissions/submissions.schemas.ts';
import { type DownlinkQueue, downlinkList } from './downlinks.ts';
import { sensorList } from './sensors.repository.ts';
import {
  assignBodySchema,
  assignQuerySchema,
  buildingOfficeAssignmentSchema,
  countSchema,
  downlinkSchema,
  flagParam,
  issueSchema,
  macParams,
  micrometerSchema,
  officeAssignmentSchema,
  officeAssignSchema,
  officeCancelSchema,
  reportIssueSchema,
  updatedSchema,
} from './sensors.schemas.ts';
import type { FleetList, SensorsService } from './sensors.service.ts';

const doc = routeDocs('micrometers');
const listSchema = listResponseSchema(micrometerSchema);
const stateId = z.coerce
  .number()
  .int()
  .refine((id) => sensorStates.some((s) => s.id === id), 'is not a sensor state');
const statusId = z.coerce
  .number()
  .int()
  .refine((id) => sensorStatuses.some((s) => s.id === id), 'is not a sensor status');

type Options = { service: SensorsService; downlinks: DownlinkQueue };

export const sensorsModule: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, downlinks },
) => {
  const fleet: [string, FleetList, string, string][] = [
    ['/sensors', 'all', 'listSensors', 'Every micrometer (provider staff)'],
    ['/sensors/assigned', 'assigned', 'listAssignedSensors', 'Micrometers placed with a company'],
    [
      '/sensors/unassigned',
      'unassigned',
      'listUnassignedSensors',
      'Micrometers in stock (no company)',
    ],
  ];
  for (const [path, list, operationId, summary] of fleet) {
    app.get(
      path,
      doc(operationId, summary, {
        querystring: sensorList.querySchema,
        response: { 200: listSchema, 400: errorSchema },
      }),
      (r) => service.listFleet(scopeOf(r), list, r.query, r.url),
    );
  }
  for (const [path, level] of levelPaths) {
    app.get(
      `/${path}/:id/sensors`,
      doc(`list${pascalCase(level)}Sensors`, `Micrometers of the ${level}`, {
        params: idParams,
        querystring: sensorList.querySchema,
        response: { 200: listSchema, 400: errorSchema, 404: errorSchema },
      }),
      (r) => service.listOfPlace(scopeOf(r), level, r.params.id, r.query, r.url),
    );
  }
  app.get(
    '/units/:id/sensors-count',
    doc('countUnitSensors', 'How many micrometers the unit has', byId(countSchema)),
    (r) => service.unitSensorsCount(scopeOf(r), r.params.id),
  );
  app.get(
    '/sensors/export-all',
    doc('exportSensors', 'Every micrometer the caller may list, as CSV', csvExportSchemas),
    async (r, reply) => sendCsv(reply, service.exportAll(scopeOf(r), r.query.timeZone)),
  );
  app.get(
    '/sensors/search-top/:text/5',
    doc('searchSensors', 'Up to 5 micrometers whose MAC contains the text', {
      params: z.object({ text: z.string().min(1).max(64) }),
      response: { 200: z.array(micrometerSchema) },
    }),
    (r) => service.searchTop(scopeOf(r), r.params.text),
  );
  app.get(
    '/sensors/mac/:mac',
    doc('getSensorByMac', 'One micrometer by MAC (any case, with or without separators)', {
      params: macParams,
      response: { 200: micrometerSchema, 404: errorSchema },
    }),
    (r) => service.getByMac(scopeOf(r), r.params.mac),
  );
  app.get('/sensors/:id', doc('getSensor', 'One micrometer', byId(micrometerSchema)), (r) =>
    service.get(scopeOf(r), r.params.id),
  );
  app.get(
    '/sensors/:id/submissions',
    doc('listSensorSubmissions', "The micrometer's newest readings", {
      params: idParams,
      querystring: z
        .object({ limit: z.coerce.number().int().min(1).max(200).default(20) })
        .strict(),
      response: { 200: z.object({ data: z.array(submissionSchema) }), 404: errorSchema },
    }),
    (r) => service.recentSubmissions(scopeOf(r), r.params.id, r.query.limit),
  );
  app.delete(
    '/sensors/:id',
    doc('deleteSensor', 'Removes a micrometer that never reported (otherwise 409)', {
      params: idParams,
      response: { 204: z.null(), ...errorResponses },
    }),
    async (r, reply) => {
      await service.remove(scopeOf(r), r.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/sensors/:id/state/:stateId',
    doc('updateSensorState', "Sets the micrometer's state", {
      params: idParams.extend({ stateId }),
      response: { 200: micrometerSchema, ...errorResponses },
    }),
    (r) => service.setState(scopeOf(r), r.params.id, r.params.stateId),
  );
  app.put(
    '/sensors/:id/status/:statusId',
    doc('updateSensorStatus', "Sets the micrometer's status", {
      params: idParams.extend({ statusId }),
      response: { 200: micrometerSchema, ...errorResponses },
    }),
    (r) => service.setStatus(scopeOf(r), r.params.id, r.params.statusId),
  );
  app.put(
    '/buildings/:id/sensors/state/:stateId',
    doc('updateBuildingSensorsState', 'Sets the state of every micrometer of the building', {
      params: idParams.extend({ stateId }),
      response: { 200: updatedSchema, ...errorResponses },
    }),
    (r) => service.setForBuilding(scopeOf(r), r.params.id, 'state', r.params.stateId),
  );
  app.put(
    '/buildings/:id/sensors/status/:statusId',
    doc('updateBuildingSensorsStatus', 'Sets the status of every micrometer of the building', {
      params: idParams.extend({ statusId }),
      response: { 200: updatedSchema, ...errorResponses },
    }),
    (r) => service.setForBuilding(scopeOf(r), r.params.id, 'status', r.params.statusId),
  );
  app.put(
    '/sensors/:id/notification-excluded/:status',
    doc(
      'updateSensorNotificationExclusion',
      'Excludes the micrometer from alerts (1) or includes it again (0)',
      {
        params: idParams.extend({ status: flagParam }),
        response: { 200: micrometerSchema, ...errorResponses },
      },
    ),
    (r) => service.setExcluded(scopeOf(r), r.params.id, r.params.status),
  );
  app.put(
    '/sensors/notification-excluded/mac/:mac/:status',
    doc(
      'updateSensorNotificationExclusionByMac',
      'Excludes a micrometer, found by MAC, from alerts (1) or includes it again (0)',
      {
        params: macParams.extend({ status: flagParam }),
        response: { 200: micrometerSchema, ...errorResponses },
      },
    ),
    (r) => service.setExcludedByMac(scopeOf(r), r.params.mac, r.params.status),
  );
  app.post(
    '/sensors/report-issue',
    doc('reportSensorIssue', 'Reports a problem with a micrometer', {
      body: reportIssueSchema,
      response: { 200: issueSchema, ...errorResponses },
    }),
    (r) => service.reportIssue(scopeOf(r), r.body, r.body.issue),
  );
  app.get(
    '/sensors/:id/sensor-issue',
    doc('getSensorIssue', "The micrometer's reported issue", byId(issueSchema)),
    (r) => service.getIssue(scopeOf(r), r.params.id),
  );
  app.post(
    '/sensors/assign',
    doc(
      'assignSensor',
      'Assigns a micrometer to a fixture of a unit, moves it to another, or takes it off',
      {
        querystring: assignQuerySchema,
        body: optionalBody(assignBodySchema),
        response: { 200: micrometerSchema, ...errorResponses },
      },
    ),
    (r) => {
      const body = r.body;
      const placement = body && 'unit_id' in body ? (body as Placement) : undefined;
      if (r.query.action !== 'unassign' && !placement) {
        throw new Invalid(micrometerMessages.placementRequired);
      }
      return service.assign(scopeOf(r), r.query.mac, r.query.action, placement);
    },
  );
  app.post(
    '/sensors/office-assignment',
    doc(
      'createOfficeAssignment',
      'Sets stock micrometers aside for a building (pending installation)',
      {
        body: officeAssignSchema,
        response: { 200: z.object({ created: z.number().int() }), ...errorResponses },
      },
    ),
    (r) => service.officeAssign(scopeOf(r), r.body.building_id, r.body.macs),
  );
  app.get(
    '/sensors/office-assignment/:id',
    doc(
      'getOfficeAssignment',
      "The micrometer's pending office assignment",
      byId(officeAssignmentSchema),
    ),
    (r) => service.officeAssignmentOf(scopeOf(r), r.params.id),
  );
  app.get(
    '/sensors/office-assignment-building/:id',
    doc(
      'listBuildingOfficeAssignments',
      "The building's pending office assignments",
      byId(z.array(buildingOfficeAssignmentSchema)),
    ),
    (r) => service.officeAssignmentsOfBuilding(scopeOf(r), r.params.id),
  );
  app.delete(
    '/sensors/pending-office-assignment',
    doc(
      'deletePendingOfficeAssignments',
      "Cancels a building's pending office assignments (all, or the listed sensors)",
      {
        body: officeCancelSchema,
        response: { 200: z.object({ cancelled: z.number().int() }), ...errorResponses },
      },
    ),
    (r) => service.cancelOfficeAssignments(scopeOf(r), r.body.building_id, r.body.sensor_ids),
  );
  app.put(
    '/sensors/:id/config',
    doc(
      'updateSensorConfig',
      "Sets the micrometer's configuration and queues it as a downlink",
      changeById(configBodySchema, micrometerSchema),
    ),
    (r) => service.configure(scopeOf(r), r.params.id, r.body.params),
  );
  app.get(
    '/sensors/downlink-config-params',
    doc(
      'getDownlinkConfigParams',
      'Configuration downlinks and their status (queued, sent, failed)',
      pagedListSchemas(downlinkList.querySchema, downlinkSchema),
    ),
    (r) => downlinkList.page(r.query, r.url, (query) => downlinks.page(scopeOf(r), query)),
  );
  app.put(
    '/sensors/:mac/downlink-config-params',
    doc('sendSensorDownlinkConfig', 'Queues a configuration downlink for one micrometer', {
      params: macParams,
      body: configBodySchema,
      response: { 200: downlinkSchema, ...errorResponses },
    }),
    (r) => service.downlinkForMac(scopeOf(r), r.params.mac, r.body.params),
  );
  app.put(
    '/buildings/:id/downlink-config-params',
    doc(
      'sendBuildingDownlinkConfig',
      'Queues a configuration downlink for every micrometer of the building',
      {
        params: idParams,
        body: configBodySchema,
        response: {
          200: z.object({ queued: z.number().int(), downlinks: z.array(downlinkSchema) }),
          ...errorResponses,
        },
      },
    ),
    (r) => service.downlinkForBuilding(scopeOf(r), r.params.id, r.body.params),
  );
};
