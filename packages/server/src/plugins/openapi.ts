// The OpenAPI document, generated from every route's zod schemas, at /api/openapi.json, and an
// interactive UI at /api/docs. Each operation's security and the refusals the plugins give before
// its handler runs come from the access table, so the document cannot drift from the guard.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Access, accessFor } from '@flowsight/domain/access';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../lib/http-schemas.ts';

type RouteSchema = {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
};

/**
 * What the access rule adds to a route's own schema: `security: []` on public routes, the
 * integration key or the bearer token otherwise; 401 where a credential is checked, 403 where the
 * caller's role is (the role table and the restricted companies' allow-list), and 400 wherever
 * the request is validated (the error plugin's answer to a bad value).
 */
export function withAccess<S extends RouteSchema>(schema: S, access: Access): S {
  const response = { ...schema.response };
  const validated = schema.params || schema.querystring || schema.body || schema.headers;
  if (validated) response[400] ??= errorSchema;
  if (access !== 'public') response[401] ??= errorSchema;
  if (access !== 'public' && access !== 'integration') response[403] ??= errorSchema;
  const security =
    access === 'public'
      ? []
      : access === 'integration'
        ? [{ integrationKey: [] }]
        : [{ bearer: [] }];
  return { ...schema, security, response };
}

/** Whether a route's body schema accepts a call without a body (`optionalBody`). */
function bodyIsOptional(body: unknown): boolean {
  return body instanceof z.ZodType && body.safeParse(null).success;
}

export const openapiPlugin = fp(async function openapi(app: FastifyInstance) {
  // @fastify/swagger marks every request body required; these operations' bodies are not.
  const optionalBodies = new Set<string>();
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
      const path = input.url.replace(/^\/api(?=\/)/, '');
      const [method] = [input.route.method].flat();
      const access = method ? accessFor(method, path) : undefined;
      const schema = access ? withAccess(input.schema as RouteSchema, access) : input.schema;
      if (method && bodyIsOptional((input.schema as RouteSchema | undefined)?.body)) {
        // As the document names the path: `{id}` for `:id`.
        optionalBodies.add(`${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
      }
      const output = jsonSchemaTransform({ ...input, schema } as typeof input);
      return { ...output, url: path };
    },
    transformObject: (documents) => {
      const document =
        'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations ?? {})) {
          const requestBody = (operation as { requestBody?: { required?: boolean } }).requestBody;
          if (requestBody && optionalBodies.has(`${method} ${path}`)) requestBody.required = false;
        }
      }
      return document;
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
