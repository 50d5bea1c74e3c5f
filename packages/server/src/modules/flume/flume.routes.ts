// `/api/flume-accounts`: Flume accounts of the companies in scope, added once Flume
// accepts their credentials, tested again, their meters linked to buildings, removed; and the
// specified `GET /buildings/{id}/flume-connected/{external_account_id}`. HTTP only.
import { idParamSchema } from '@flowsight/domain/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byId, errorResponses, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  buildingFlumeMeterSchema,
  deviceLinkSchema,
  flumeAccountInputSchema,
  flumeAccountSchema,
  flumeConnectedSchema,
} from './flume.schemas.ts';
import type { FlumeService } from './flume.service.ts';

const doc = routeDocs('integrations');
const flumeRefusals = { 400: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

export const flumeModule: FastifyPluginAsyncZod<{ service: FlumeService }> = async (
  app,
  { service },
) => {
  app.get(
    '/flume-accounts',
    doc(
      'listFlumeAccounts',
      'Flume accounts of the companies in scope, with their meters, the building each measures, the last sync and the last error (never a secret)',
      { response: { 200: z.array(flumeAccountSchema) } },
    ),
    (r) => service.accounts(scopeOf(r)),
  );
  app.post(
    '/flume-accounts',
    doc(
      'createFlumeAccount',
      "Add a company's Flume account: its credentials are tried on Flume first (refused with Flume's words), then kept sealed with the meters Flume lists",
      { body: flumeAccountInputSchema, response: { 201: flumeAccountSchema, ...flumeRefusals } },
    ),
    async (r, reply) => reply.status(201).send(await service.add(scopeOf(r), r.body)),
  );
  app.post(
    '/flume-accounts/:id/test',
    doc(
      'testFlumeAccount',
      "Sign in to Flume again and refresh the account's meters; a failure is kept as the account's last error, in words",
      byId(flumeAccountSchema),
    ),
    (r) => service.test(scopeOf(r), r.params.id),
  );
  app.post(
    '/flume-accounts/:id/sync',
    doc(
      'syncFlumeAccount',
      "Import the linked meters' water now, from each meter's last synced minute; a failure is kept as the account's last error, in words",
      {
        params: idParams,
        response: { 200: flumeAccountSchema, 404: errorSchema, 409: errorSchema },
      },
    ),
    (r) => service.syncNow(scopeOf(r), r.params.id),
  );
  app.put(
    '/flume-accounts/:id/devices/:deviceId',
    doc(
      'linkFlumeDevice',
      "Link a meter to a building of the account's company (one meter a building), or unlink it with null",
      {
        params: z.object({ id: idParamSchema, deviceId: idParamSchema }),
        body: deviceLinkSchema,
        response: { 200: flumeAccountSchema, ...errorResponses },
      },
    ),
    (r) => service.link(scopeOf(r), r.params.id, r.params.deviceId, r.body.building_id),
  );
  app.delete(
    '/flume-accounts/:id',
    doc(
      'deleteFlumeAccount',
      "Remove a Flume account, its secrets and its meters' links",
      byId(flumeAccountSchema),
    ),
    (r) => service.remove(scopeOf(r), r.params.id),
  );
  app.get(
    '/buildings/:id/flume-connected/:external_account_id',
    doc(
      'getBuildingFlumeConnected',
      'Whether a meter of the Flume account is linked to the building',
      {
        params: z.object({ id: idParamSchema, external_account_id: idParamSchema }),
        response: { 200: flumeConnectedSchema, 404: errorSchema },
      },
    ),
    (r) => service.connected(scopeOf(r), r.params.id, r.params.external_account_id),
  );
  app.get(
    '/buildings/:id/flume-meter',
    doc(
      'getBuildingFlumeMeter',
      'The Flume meter linked to the building as its main line (null when none), with its last sync',
      byId(buildingFlumeMeterSchema),
    ),
    (r) => service.meterOfBuilding(scopeOf(r), r.params.id),
  );
};
