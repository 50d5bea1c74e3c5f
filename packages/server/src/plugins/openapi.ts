// The OpenAPI document, generated from every route's zod schemas, at /api/openapi.json, and an
// interactive UI at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openapiPlugin = fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: '/api' }],
      info: {
        title: 'Flowsight API',
        description:
          'Water-use and leak monitoring for apartment buildings. Every route, its request and its response, generated from the server code.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          integrationKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    // Routes live under /api; the document names that once, as its server.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      return { ...output, url: output.url.replace(/^\/api(?=\/)/, '') };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Tags start collapsed: Swagger UI stops rendering a fully expanded document this size.
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
