// `GET /api/static`: every lookup the web needs, in one response.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLookupsRepository } from './lookups.repository.ts';
import { staticResponseSchema } from './lookups.schemas.ts';
import { createLookupsService } from './lookups.service.ts';

export const lookupsModule: FastifyPluginAsyncZod = async (app) => {
  const service = createLookupsService(createLookupsRepository(app.db));
  app.get(
    '/static',
    {
      schema: {
        operationId: 'getLookups',
        tags: ['lookups'],
        summary: 'Every lookup list (ids are stable)',
        response: { 200: staticResponseSchema },
      },
    },
    () => service.getStatic(),
  );
};
