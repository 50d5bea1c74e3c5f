// `/api/integration-keys`: system admins create (shown once), list and revoke ingest API keys, and
// see how MQTT uplinks arrive (`/mqtt-status`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { atPrefix, byId, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { UplinkQos } from '../ingest/mqtt-ingest.ts';
import {
  createdKeySchema,
  createKeyBodySchema,
  integrationKeySchema,
} from './integration-keys.schemas.ts';
import type { IntegrationKeys } from './integration-keys.service.ts';
import { mqttStatus, mqttStatusSchema } from './mqtt-status.ts';

const doc = routeDocs('integrations');

export const integrationKeysModule: FastifyPluginAsyncZod<{
  keys: IntegrationKeys;
  /** The QoS of the newest MQTT uplink per format; undefined: MQTT is not configured. */
  mqttUplinks: () => readonly UplinkQos[] | undefined;
}> = async (app, { keys, mqttUplinks }) => {
  app.get(
    '/',
    atPrefix(
      doc(
        'listIntegrationKeys',
        'Integration API keys (prefix only) with their scope, newest first',
        {
          response: { 200: z.array(integrationKeySchema) },
        },
      ),
    ),
    () => keys.list(),
  );
  app.post(
    '/',
    atPrefix(
      doc(
        'createIntegrationKey',
        'Create a key for a network-server integration; the answer shows it once',
        {
          description:
            "The key writes readings of the micrometers in its scope only: one company (`company_id`, for that company's network server) or the whole fleet (`company_id` null or left out, for the provider's network server).",
          body: createKeyBodySchema,
          response: { 201: createdKeySchema, 400: errorSchema },
        },
      ),
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await keys.create(scopeOf(request), request.body.name, request.body.company_id ?? null),
        ),
  );
  app.get(
    '/mqtt-status',
    doc(
      'getMqttIngestStatus',
      'How MQTT uplinks arrive: the QoS of the newest per format, and a QoS 0 warning',
      {
        description:
          "ChirpStack publishes at QoS 0 by default; such uplinks sent while Flowsight is down are lost, so `warning` is set until they arrive at QoS 1 (ChirpStack's `[integration.mqtt] qos=1`). What this server saw since it started.",
        response: { 200: mqttStatusSchema },
      },
    ),
    () => mqttStatus(mqttUplinks()),
  );
  app.delete(
    '/:id',
    doc(
      'deleteIntegrationKey',
      'Revoke a key: ingest calls presenting it are refused from now on',
      byId(integrationKeySchema),
    ),
    (request) => keys.revoke(scopeOf(request), request.params.id),
  );
};
