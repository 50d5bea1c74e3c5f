// `/api/gateways` (spec section 7 "Gateways"): the paged list, one gateway, create, edit with
// building assignment, delete, status and alerts-disabled changes, search-top, the admin-app link,
// the building history and the CSV export. HTTP only: each route declares its schemas and calls
// one service method.
import {
  gatewayInputSchema,
  gatewayMessages,
  gatewayUpdateSchema,
} from '@flowsight/domain/gateways';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportSchemas, sendCsv } from '../../lib/csv.ts';
import { atPrefix, byId, changeById, errorResponses, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { type GatewaysService, gatewayListQuerySchema } from './gateways.service.ts';

const int = z.number().int();
const nullableInt = int.nullable();
const timestamp = z.string().describe('ISO 8601 UTC');

const gatewaySchema = z.object({
  id: int,
  serial_number: z.string(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  company_id: nullableInt,
  company_name: z.string().nullable(),
  property_id: nullableInt,
  property_name: z.string().nullable(),
  building_id: nullableInt,
  building_name: z.string().nullable(),
  gateway_status_id: int,
  alerts_disabled: z.boolean(),
  last_seen_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
const historySchema = z.object({
  id: int,
  building_id: int,
  building_name: z.string(),
  property_id: int,
  property_name: z.string(),
  company_id: nullableInt,
  company_name: z.string().nullable(),
  assigned_at: timestamp,
  unassigned_at: timestamp.nullable().describe('Null while the gateway is still there'),
  assigned_by: z.object({ id: int, name: z.string() }).nullable(),
});
const statusParams = idParams.extend({
  status: z.coerce.number({ message: gatewayMessages.unknownStatus }).int(),
});
const flagParams = idParams.extend({
  status: z.enum(['0', '1'], { message: 'status must be 0 or 1' }).transform((s) => s === '1'),
});
const searchTopParams = z.object({ text: z.string().min(1).max(100) });

const doc = routeDocs('gateways');

export const gatewaysModule: FastifyPluginAsyncZod<{ service: GatewaysService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    atPrefix(
      doc(
        'listGateways',
        'Gateways the caller can see, paged, with search, filters and sorting',
        pagedListSchemas(gatewayListQuerySchema, gatewaySchema),
      ),
    ),
    (r) => service.list(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/',
    atPrefix(
      doc('createGateway', 'Create a gateway; with a building it joins that building’s company', {
        body: gatewayInputSchema,
        response: { 201: gatewaySchema, ...errorResponses },
      }),
    ),
    async (r, reply) => reply.status(201).send(await service.create(scopeOf(r), r.body)),
  );
  app.get(
    '/search-top/:text/5',
    doc(
      'searchGateways',
      'At most 5 gateways whose serial number or name contains the text, best match first',
      {
        params: searchTopParams,
        response: { 200: z.array(gatewaySchema) },
      },
    ),
    (r) => service.searchTop(scopeOf(r), r.params.text),
  );
  app.get(
    '/export-all',
    doc(
      'exportGateways',
      'Every gateway the caller can see, as CSV (dates in timeZone)',
      csvExportSchemas,
    ),
    async (r, reply) => sendCsv(reply, service.exportCsv(scopeOf(r), r.query.timeZone)),
  );
  app.get('/:id', doc('getGateway', 'One gateway', byId(gatewaySchema)), (r) =>
    service.get(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id',
    doc(
      'updateGateway',
      'Change a gateway; a new building_id (or null) moves it and records the history',
      changeById(gatewayUpdateSchema, gatewaySchema),
    ),
    (r) => service.update(scopeOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    doc('deleteGateway', 'Delete a gateway and its building history', {
      params: idParams,
      response: { 200: z.object({ message: z.string() }), ...errorResponses },
    }),
    (r) => service.remove(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id/disable-alerts/:status',
    doc('updateGatewayAlertsDisabled', 'Disable (1) or enable (0) the gateway’s alerts', {
      params: flagParams,
      response: { 200: gatewaySchema, ...errorResponses },
    }),
    (r) => service.setAlertsDisabled(scopeOf(r), r.params.id, r.params.status),
  );
  app.put(
    '/:id/status/:status',
    doc('updateGatewayStatus', 'Set the gateway’s status (a gateway status id of GET /static)', {
      params: statusParams,
      response: { 200: gatewaySchema, ...errorResponses },
    }),
    (r) => service.setStatus(scopeOf(r), r.params.id, r.params.status),
  );
  app.get(
    '/:id/admin-app',
    doc('getGatewayAdminAppLink', 'Link to the gateway in the network server’s admin app', {
      params: idParams,
      response: { 200: z.object({ url: z.string() }), 404: errorSchema },
    }),
    (r) => service.adminApp(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/buildings-history',
    doc(
      'listGatewayBuildingHistory',
      'The buildings the gateway served, newest first',
      byId(z.array(historySchema)),
    ),
    (r) => service.history(scopeOf(r), r.params.id),
  );
};
