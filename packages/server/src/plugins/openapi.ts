// The OpenAPI document, generated from every route's zod schemas, at /api/openapi.json, and an
// interactive UI at /api/docs. Each operation's security and the refusals the plugins give before
// its handler runs come from the access table, so the document cannot drift from the guard.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Access, accessFor } from '@flowsight/domain/access';
import { roleTypes } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerApiComponents } from '../lib/api-components.ts';
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
  // A route checking a credential of its own (the metrics token) names it itself.
  const own = (schema as { security?: unknown }).security;
  const security =
    own !== undefined
      ? own
      : access === 'public'
        ? []
        : access === 'integration'
          ? [{ integrationKey: [] }]
          : [{ bearer: [] }];
  return { ...schema, security, response };
}

/** What each refusal of the document means, as every route gives it. */
const REFUSALS: Readonly<Record<string, string>> = {
  400: 'a value is missing or bad (the message says which)',
  401: 'no valid credential',
  403: "the caller's role may not make this call, or their company is restricted and the call is not on its list",
  404: 'the record does not exist or is not within the places the caller may see',
  409: 'the change conflicts with the records as they are (the message says how)',
  410: 'the link has expired or was already used',
  413: 'the upload is larger than the limit',
  414: 'the address is too long',
  415: 'the body is not of a type the call takes',
  429: 'too many calls: wait as long as the Retry-After header says',
  503: 'a service the call needs is not connected',
};

/**
 * The operation's description: its own words, who may make the call (the access table), and what
 * each refusal it documents means. Every operation with a rule or a refusal gets one.
 */
export function describeOperation(
  own: string | undefined,
  access: Access,
  codes: readonly string[],
): string {
  const who =
    access === 'public'
      ? 'Anyone, without signing in.'
      : access === 'integration'
        ? "A network-server integration, with its company's integration key."
        : `${access.map((id) => roleTypes.find((role) => role.id === id)?.name ?? `role ${id}`).join(', ')}.${
            access.some((id) => !isSystemRole(id))
              ? ' A company role acts within its own company only.'
              : ''
          }`;
  const refusals = codes
    .filter((code) => REFUSALS[code] !== undefined)
    .map((code) => `- ${code}: ${REFUSALS[code]}`);
  return [
    own,
    `**Who may call:** ${who}`,
    refusals.length > 0 ? `**Refused with:**\n${refusals.join('\n')}` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join('\n\n');
}

/**
 * Properties that always carry an instant (an ISO 8601 date-time, as `Date`s serialise and
 * `lib/timestamps.ts` writes them). The zod schemas type them as strings; the document says
 * which format, so client generators can parse them.
 */
export const timestampProperties: ReadonlySet<string> = new Set([
  'at',
  'approved_at',
  'assigned_at',
  'closed_at',
  'connected_at',
  'created_at',
  'first_detected',
  'firstDetected',
  'ingested_at',
  'last_detected',
  'last_error_at',
  'last_heard',
  'last_keepalive',
  'last_login_at',
  'last_reading',
  'last_seen_at',
  'last_submission',
  'last_sync_at',
  'last_used_at',
  'measured_at',
  'occurred_at',
  'received_at',
  'reported_at',
  'revoked_at',
  'sent_at',
  'snoozed_until',
  'status_changed_at',
  'tested_at',
  'unassigned_at',
  'updated_at',
]);

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  [key: string]: unknown;
};
const isString = (schema: JsonSchema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** Marks every timestamp property of the document `format: date-time`, wherever it is nested. */
function markTimestamps(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) markTimestamps(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!timestampProperties.has(name) || property.format !== undefined) continue;
    if (isString(property)) property.format = 'date-time';
    for (const option of property.anyOf ?? []) {
      if (option.type === 'string' && option.format === undefined) option.format = 'date-time';
    }
  }
  for (const value of Object.values(schema)) markTimestamps(value);
}

/** Whether a route's body schema accepts a call without a body (`optionalBody`). */
function bodyIsOptional(body: unknown): boolean {
  return body instanceof z.ZodType && body.safeParse(null).success;
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};

const COMPONENT_REF = '#/components/schemas/';

/** The component names `node` refers to (`$ref`), wherever they are nested. */
function referencedNames(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedNames(item, into);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
        into.add(value.slice(COMPONENT_REF.length));
      } else {
        referencedNames(value, into);
      }
    }
  }
  return into;
}

/**
 * Drops the components no operation reaches. Every named schema comes out twice, as the request
 * (`…Input`) and the answer reads it; a row only ever answered needs no input form.
 */
function keepReferencedComponents(document: OpenApiDocument): void {
  const schemas = document.components?.schemas;
  if (!schemas || !document.components) return;
  const kept = new Set<string>();
  let frontier = referencedNames(document.paths);
  while (frontier.size > 0) {
    const next = new Set<string>();
    for (const name of frontier) {
      if (kept.has(name)) continue;
      kept.add(name);
      referencedNames(schemas[name], next);
    }
    frontier = next;
  }
  document.components.schemas = Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => kept.has(name))
      .sort()
      .map((name) => [name, schemas[name]]),
  );
}

export const openapiPlugin = fp(async function openapi(app: FastifyInstance) {
  registerApiComponents();
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
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'METRICS_TOKEN, the scraper’s own token (not a user’s session)',
          },
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
      // The document lists a path's and a query's fields one by one, which it cannot from a `$ref`.
      for (const part of ['querystring', 'params', 'headers'] as const) {
        const zod = (schema as RouteSchema | undefined)?.[part];
        const name = zod instanceof z.ZodType ? z.globalRegistry.get(zod)?.id : undefined;
        if (name !== undefined) {
          throw new Error(
            `${method} ${path}: its ${part} schema is the named component ${name}; name it …QuerySchema or …ParamsSchema (lib/api-components.ts)`,
          );
        }
      }
      const output = jsonSchemaTransform({ ...input, schema } as typeof input);
      if (access === undefined) return { ...output, url: path };
      const transformed = output.schema as { description?: string; response?: object };
      const description = describeOperation(
        transformed.description,
        access,
        Object.keys(transformed.response ?? {}),
      );
      return { ...output, schema: { ...transformed, description }, url: path };
    },
    transformObject: (documents) => {
      const document = jsonSchemaTransformObject(documents) as OpenApiDocument;
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations ?? {})) {
          const requestBody = (operation as { requestBody?: { required?: boolean } }).requestBody;
          if (requestBody && optionalBodies.has(`${method} ${path}`)) requestBody.required = false;
        }
      }
      keepReferencedComponents(document);
      markTimestamps(document.paths);
      markTimestamps(document.components?.schemas);
      return document as ReturnType<typeof jsonSchemaTransformObject>;
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
