// Liveness and readiness probes for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.ts';
import { migrationsApplied } from '../../db/prepare.ts';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.boolean(),
  migrations: z.boolean(),
});

export const systemModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'Readiness: the database answers and every migration is applied',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const database = await ping(app.db);
      const migrations = database && (await migrationsApplied(app.database));
      const ready = database && migrations;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not-ready', database, migrations });
    },
  );
};
