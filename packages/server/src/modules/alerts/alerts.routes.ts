// Alert routes (spec section 7: Notifications and each level's alerts calls): HTTP only. Beyond
// the specification (docs/api.md): bulk status, the ids matching the filters, the
// assignee and the snooze of an alert.
import { idSchema } from '@flowsight/domain/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponseSchema, sendCsv, timeZoneSchema } from '../../lib/csv.ts';
import { byId, levelPaths, pascalCase, routeDocs } from '../../lib/http-routes.ts';
import { countSchema, errorSchema, idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema } from '../../lib/list-query.ts';
import { bearerToken, scopeOf } from '../../plugins/auth.ts';
import type { AlertLive } from './alerts.live.ts';
import { alertList } from './alerts.repository.ts';
import type { AlertsService } from './alerts.service.ts';
import { alertSchema } from './alerts.shape.ts';

const doc = routeDocs('alerts');
const listSchema = listResponseSchema(alertSchema);
/** The list kit's query plus the assignee and snooze filters. */
const listQuery = alertList.querySchema.extend({
  assigned: z
    .enum(['me', 'none'])
    .optional()
    .describe('me: assigned to the caller; none: assigned to nobody'),
  snoozed: z.enum(['1', '0']).optional().describe('1: snoozed alerts only; 0: not snoozed'),
});
const countQuery = listQuery.omit({ page: true, limit: true, sortBy: true });
const idsQuery = listQuery.omit({ page: true, limit: true });
const bulkStatusBody = z
  .object({
    ids: z
      .array(idSchema)
      .min(1)
      .max(1000)
      .refine((ids) => new Set(ids).size === ids.length, 'The ids must be unique'),
    status_id: z.union([z.literal(2), z.literal(3)]),
    note: z.string().max(2000).optional(),
  })
  .strict();
const assignBody = z.object({ user_id: idSchema.nullable() }).strict();
const snoozeBody = z
  .object({
    until: z.iso
      .datetime({ offset: true })
      .describe('More than 5 minutes and at most 30 days ahead'),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
const notInSpec = ' (not in the specification)';

export const alertsModule: FastifyPluginAsyncZod<{
  service: AlertsService;
  live: AlertLive;
}> = async (app, { service, live }) => {
  app.get(
    '/notifications/stream',
    doc(
      'streamAlerts',
      'Server-Sent Events: `alerts` events with the alerts in scope that changed',
      {
        response: {
          200: {
            description: 'text/event-stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          429: errorSchema.describe('Too many live streams open for this person on this server'),
        },
      },
    ),
    (r, reply) => {
      live.open(scopeOf(r), bearerToken(r) ?? '', reply);
    },
  );
  for (const [path, level] of levelPaths) {
    app.get(
      `/${path}/:id/alerts`,
      doc(`list${pascalCase(level)}Alerts`, `Alerts of the ${level}, newest first`, {
        params: idParams,
        querystring: listQuery,
        response: { 200: listSchema, 400: errorSchema, 404: errorSchema },
      }),
      (r) => service.listOfPlace(scopeOf(r), level, r.params.id, r.query, r.url),
    );
    app.get(
      `/${path}/:id/alerts/count`,
      doc(`count${pascalCase(level)}Alerts`, `How many alerts of the ${level} match the filters`, {
        params: idParams,
        querystring: countQuery,
        response: { 200: countSchema, 400: errorSchema, 404: errorSchema },
      }),
      (r) =>
        service.countOfPlace(scopeOf(r), level, r.params.id, { page: 1, limit: 1, ...r.query }),
    );
    app.get(
      `/${path}/:id/open-alerts-count`,
      doc(
        `count${pascalCase(level)}OpenAlerts`,
        `How many open alerts (New, On it) the ${level} has`,
        byId(countSchema),
      ),
      (r) => service.openCountOfPlace(scopeOf(r), level, r.params.id),
    );
  }
  app.get(
    '/units/:id/open-alerts-count/:applianceId',
    doc('countUnitFixtureOpenAlerts', "The unit's open alerts of one fixture type", {
      params: idParams.extend({ applianceId: z.coerce.number().int().min(1).max(99) }),
      response: { 200: countSchema, 404: errorSchema },
    }),
    (r) => service.unitOpenCount(scopeOf(r), r.params.id, r.params.applianceId),
  );
  app.get(
    '/units/:id/open-alerts-count/:applianceId/:sensorMac',
    doc('countUnitSensorOpenAlerts', "The unit's open alerts of one fixture type and micrometer", {
      params: idParams.extend({
        applianceId: z.coerce.number().int().min(1).max(99),
        sensorMac: z.string().min(1).max(64),
      }),
      response: { 200: countSchema, 404: errorSchema },
    }),
    (r) => service.unitOpenCount(scopeOf(r), r.params.id, r.params.applianceId, r.params.sensorMac),
  );
  app.get(
    '/companies/:id/open-leaks',
    doc('listCompanyOpenLeaks', "The company's open leaks with their rate and monthly cost", {
      params: idParams,
      response: {
        200: z.object({
          count: z.number().int().describe('Open leak alerts'),
          incidents: z
            .number()
            .int()
            .describe('Leak incidents: alerts that describe the same water count as one'),
          rate: z.number().describe('Gallons per month, each gallon counted once'),
          monthly_cost: z.number().describe('What the incidents cost a month (USD)'),
          data: z.array(alertSchema),
        }),
        404: errorSchema,
      },
    }),
    (r) => service.openLeaks(scopeOf(r), r.params.id),
  );
  app.get(
    '/companies/:id/alerts-overview',
    doc('getCompanyAlertsOverview', "The company's alerts by category and status", {
      params: idParams,
      response: {
        200: z.object({
          categories: z.array(
            z.object({
              notification_category_id: z.number().int(),
              new: z.number().int(),
              acknowledged: z.number().int(),
              closed: z.number().int(),
              open_rate: z.number().describe('Gallons per month; leaks count each gallon once'),
              open_monthly_cost: z
                .number()
                .describe('USD a month; leaks cost once per incident (docs/detection.md)'),
            }),
          ),
        }),
        404: errorSchema,
      },
    }),
    (r) => service.overview(scopeOf(r), r.params.id),
  );
  app.get(
    '/companies/:id/dashboard-chart-alerts',
    doc('getCompanyAlertChart', 'Alerts first detected per month, 12 months back', {
      params: idParams,
      querystring: z.object({ timeZone: timeZoneSchema.default('UTC') }).strict(),
      response: {
        200: z.array(
          z.object({
            month: z.string(),
            leak: z.number().int(),
            usage: z.number().int(),
            device_health: z.number().int(),
          }),
        ),
        400: errorSchema,
        404: errorSchema,
      },
    }),
    (r) => service.chart(scopeOf(r), r.params.id, r.query.timeZone),
  );
  app.get(
    '/notifications',
    doc('listAlerts', 'Alerts in the caller’s scope', {
      querystring: listQuery,
      response: { 200: listSchema, 400: errorSchema },
    }),
    (r) => service.list(scopeOf(r), r.query, r.url),
  );
  app.get(
    '/notifications/count',
    doc('countAlerts', 'How many alerts match the filters', {
      querystring: countQuery,
      response: { 200: countSchema, 400: errorSchema },
    }),
    (r) => service.count(scopeOf(r), { page: 1, limit: 1, ...r.query }),
  );
  app.get(
    '/notifications/ids',
    doc(
      'listAlertIds',
      `The ids of the alerts matching the filters, in list order: at most 5000, with how many match${notInSpec}`,
      {
        querystring: idsQuery,
        response: {
          200: z.object({ ids: z.array(z.number().int()), total: z.number().int() }),
          400: errorSchema,
        },
      },
    ),
    (r) => service.ids(scopeOf(r), { page: 1, limit: 1, ...r.query }),
  );
  app.post(
    '/notifications/bulk-status',
    doc(
      'updateAlertStatuses',
      `"On it" (2) or "Fixed it" (3) for many alerts with one note; each alert as the single call, its refusal reported by id${notInSpec}`,
      {
        body: bulkStatusBody,
        response: {
          200: z.object({
            changed: z.array(z.number().int()),
            failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
          }),
          400: errorSchema,
        },
      },
    ),
    (r) => service.bulkStatus(scopeOf(r), r.body.ids, r.body.status_id, r.body.note),
  );
  app.get(
    '/notifications/active-leaks',
    doc('listActiveLeaks', 'Open leak alerts (the header bell)', {
      response: { 200: z.array(alertSchema) },
    }),
    (r) => service.activeLeaks(scopeOf(r)),
  );
  app.get(
    '/notifications/export-all-stream',
    doc('exportAlerts', 'Alerts matching the filters, streamed as CSV', {
      querystring: countQuery.extend({ timeZone: timeZoneSchema }),
      response: { 200: csvResponseSchema, 400: errorSchema },
    }),
    async (r, reply) =>
      sendCsv(reply, service.exportCsv(scopeOf(r), { page: 1, limit: 1, ...r.query })),
  );
  app.get('/notifications/:id', doc('getAlert', 'One alert', byId(alertSchema)), (r) =>
    service.get(scopeOf(r), r.params.id),
  );
  app.get(
    '/notifications/:id/monthly-cost/:gallons',
    doc(
      'getAlertMonthlyCost',
      "What a monthly volume costs at the alert's property's water price",
      {
        params: idParams.extend({ gallons: z.coerce.number().min(0).max(1e9) }),
        response: {
          200: z.object({ gallons: z.number(), water_price: z.number(), monthly_cost: z.number() }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    ),
    (r) => service.monthlyCost(scopeOf(r), r.params.id, r.params.gallons),
  );
  app.put(
    '/notifications/:id/status/:statusId',
    doc('updateAlertStatus', '"On it" (2) or "Fixed it" (3, with a note)', {
      params: idParams.extend({ statusId: z.coerce.number().int() }),
      body: z
        .object({
          note: z.string().max(2000).optional(),
          id: z.number().optional(),
          statusId: z.number().optional(),
        })
        .optional(),
      response: { 200: alertSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    (r) => service.setStatus(scopeOf(r), r.params.id, r.params.statusId, r.body?.note),
  );
  app.get(
    '/notifications/:id/assignable-users',
    doc(
      'listAlertAssignableUsers',
      `The people the alert may be assigned to, by name${notInSpec}`,
      {
        params: idParams,
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              email: z
                .string()
                .nullable()
                .describe("Null for the provider's staff when a company role asks"),
            }),
          ),
          404: errorSchema,
        },
      },
    ),
    (r) => service.assignableUsers(scopeOf(r), r.params.id),
  );
  app.put(
    '/notifications/:id/assignee',
    doc(
      'assignAlert',
      `Assigns the alert to a person of its company (emailed), or to nobody (null)${notInSpec}`,
      {
        params: idParams,
        body: assignBody,
        response: { 200: alertSchema, 400: errorSchema, 404: errorSchema },
      },
    ),
    (r) => service.assign(scopeOf(r), r.params.id, r.body.user_id),
  );
  app.put(
    '/notifications/:id/snooze',
    doc(
      'snoozeAlert',
      `Snoozes an open leak alert until a time, with a reason: no reminders, back to New when it ends${notInSpec}`,
      {
        params: idParams,
        body: snoozeBody,
        response: { 200: alertSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    ),
    (r) => service.snooze(scopeOf(r), r.params.id, new Date(r.body.until), r.body.reason),
  );
  app.delete(
    '/notifications/:id/snooze',
    doc('endAlertSnooze', `Ends the alert's snooze now${notInSpec}`, {
      params: idParams,
      response: { 200: alertSchema, 404: errorSchema, 409: errorSchema },
    }),
    (r) => service.endSnooze(scopeOf(r), r.params.id),
  );
};
