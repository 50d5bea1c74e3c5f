// `GET /api/companies/{id}/needs-attention`: the company dashboard's "Needs attention" section.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byId, routeDoc } from '../../lib/http-routes.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { needsAttentionSchema } from './attention.schemas.ts';
import type { AttentionService } from './attention.service.ts';

export const attentionModule: FastifyPluginAsyncZod<{ service: AttentionService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/needs-attention',
    routeDoc(
      'companies',
      'getCompanyNeedsAttention',
      'Where to act first: open leaks by monthly cost, micrometers not transmitting, gateways offline',
      byId(needsAttentionSchema),
    ),
    (r) => service.needsAttention(scopeOf(r), r.params.id),
  );
};
