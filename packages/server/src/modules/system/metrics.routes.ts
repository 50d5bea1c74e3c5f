// `GET /api/metrics` (not in the specification): Prometheus's text format, for a scraper holding
// METRICS_TOKEN as its bearer token (docs/decisions.md, "Metrics behind a token of their own").
// The guard lets the call through as public; the token is checked here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound, Unauthorized } from '../../lib/errors.ts';
import { errorSchema } from '../../lib/http-schemas.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { sameSecret } from '../../lib/secrets.ts';
import { bearerToken } from '../../plugins/auth.ts';

export const metricsModule: FastifyPluginAsyncZod<{
  /** Absent when METRICS_TOKEN is not set: the call then answers 404. */
  metrics: { token: string; metrics: Metrics } | undefined;
}> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      schema: {
        operationId: 'getMetrics',
        tags: ['system'],
        security: [{ metricsToken: [] }],
        summary:
          'Prometheus metrics in the text format, with METRICS_TOKEN as bearer token; 404 while it is not set (not in the specification)',
        response: {
          200: {
            description: 'Prometheus text exposition format',
            content: { 'text/plain': { schema: z.string() } },
          },
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!metrics) throw new NotFound(`Route GET ${request.url.split('?')[0]} not found`);
      const token = bearerToken(request);
      if (!token || !sameSecret(token, metrics.token)) {
        throw new Unauthorized('A valid metrics token is required');
      }
      return reply
        .header('content-type', metrics.metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.metrics.text());
    },
  );
};
