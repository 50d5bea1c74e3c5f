// Outgoing webhooks: `/api/companies/:id/webhooks` lists and registers a company's endpoints;
// `/api/webhooks/:id` reads, changes and removes one, rotates its secret, sends a test event and
// pages through its deliveries with every attempt's answer. Company admins of the whole company
// and system admins (`access.ts`).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  byId,
  changeById,
  createUnderId,
  errorResponses,
  readErrors,
  routeDocs,
} from '../../lib/http-routes.ts';
import { idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { deliveryList } from './webhooks.repository.ts';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
} from './webhooks.schemas.ts';
import type { Webhooks } from './webhooks.service.ts';

const doc = routeDocs('webhooks');

export const webhooksModule: FastifyPluginAsyncZod<{ service: Webhooks }> = async (
  app,
  { service },
) => {
  app.get(
    '/companies/:id/webhooks',
    doc('listWebhooks', "A company's webhook endpoints (never their secrets)", {
      params: idParams,
      response: { 200: z.array(webhookEndpointSchema), ...errorResponses },
    }),
    (r) => service.list(scopeOf(r), r.params.id),
  );
  app.post(
    '/companies/:id/webhooks',
    doc(
      'createWebhook',
      'Register a webhook endpoint for the company; the answer shows its signing secret once',
      {
        description:
          'The URL must be https:// on a public address (private, link-local and loopback addresses are refused). Deliveries are signed as Standard Webhooks with the secret; the payload is `WebhookEvent` (docs/webhooks.md).',
        ...createUnderId(createWebhookEndpointBodySchema, createdWebhookEndpointSchema),
      },
    ),
    async (r, reply) =>
      reply.status(201).send(await service.create(scopeOf(r), r.params.id, r.body)),
  );
  app.get(
    '/webhooks/:id',
    doc('getWebhook', 'One webhook endpoint', byId(webhookEndpointSchema)),
    (r) => service.get(scopeOf(r), r.params.id),
  );
  app.put(
    '/webhooks/:id',
    doc(
      'updateWebhook',
      "Change an endpoint's URL, description, events, or turn it off and on",
      changeById(updateWebhookEndpointBodySchema, webhookEndpointSchema),
    ),
    (r) => service.update(scopeOf(r), r.params.id, r.body),
  );
  app.delete(
    '/webhooks/:id',
    doc('deleteWebhook', 'Remove an endpoint and its deliveries', byId(webhookEndpointSchema)),
    (r) => service.remove(scopeOf(r), r.params.id),
  );
  app.post(
    '/webhooks/:id/rotate-secret',
    doc(
      'rotateWebhookSecret',
      'A new signing secret, shown once; deliveries are signed with it from now on',
      byId(webhookSecretSchema),
    ),
    (r) => service.rotateSecret(scopeOf(r), r.params.id),
  );
  app.post(
    '/webhooks/:id/test',
    doc(
      'testWebhook',
      'Send a `webhook.test` event to the endpoint now; the delivery with its answer',
      {
        description:
          'One attempt, not retried; the answer says what the receiver said (status, the start of its body, or the error).',
        ...byId(webhookTestResultSchema),
      },
    ),
    (r) => service.test(scopeOf(r), r.params.id),
  );
  app.get(
    '/webhooks/:id/deliveries',
    doc('listWebhookDeliveries', "An endpoint's deliveries, newest first, with every attempt", {
      params: idParams,
      querystring: deliveryList.querySchema,
      response: { 200: listResponseSchema(webhookDeliverySchema), ...readErrors },
    }),
    (r) => service.deliveries(scopeOf(r), r.params.id, r.query, r.url),
  );
};
