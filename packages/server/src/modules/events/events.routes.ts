// `/api/events` (DESIGN section 8, spec section 2 `/events`): the event log, paged, with filters
// and search. HTTP only: the route declares its schemas and calls one service method.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDoc } from '../../lib/http-routes.ts';
import { pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { type EventsService, eventListQuerySchema } from './events.service.ts';

const int = z.number().int();
const eventSchema = z.object({
  id: int,
  occurred_at: z.string().describe('ISO 8601 UTC'),
  actor_user_id: int.nullable().describe('Null for the system (sweeps, detection)'),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role_id: int.nullable(),
  actor_role_type_id: int.nullable(),
  company_id: int.nullable(),
  company_name: z.string().nullable(),
  entity_type: z.string(),
  entity_id: int,
  action: z.string(),
  from_value: z.unknown().describe('The changed values before (JSON), or null'),
  to_value: z.unknown().describe('The changed values after (JSON), or null'),
  note: z.string().nullable(),
});

export const eventsModule: FastifyPluginAsyncZod<{ service: EventsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/events',
    routeDoc(
      'events',
      'listEvents',
      'The event log, newest first, with filters and search',
      pagedListSchemas(eventListQuerySchema, eventSchema),
    ),
    (r) => service.list(scopeOf(r), r.query, r.url),
  );
};
