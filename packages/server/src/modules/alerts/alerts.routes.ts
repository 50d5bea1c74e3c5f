// Alert routes (spec section 7: Notifications and each level's alerts calls): HTTP only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponseSchema, sendCsv, timeZoneSchema } from '../../lib/csv.ts';
import { levelPaths, pascalCase, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema } from '../../lib/list-query.ts';
import { bearerToken, scopeOf } from '../../plugins/auth.ts';
import type { AlertLive } from './alerts.live.ts';
import { alertList } from './alerts.repository.ts';
import { type AlertsService, alertSchema } from './alerts.service.ts';

const doc = routeDocs('alerts');
const countSchema = z.object({ count: z.number().int() });
const listSchema = listResponseSchema(alertSchema);
const countQuery = alertList.querySchema.omit({ page: true, limit: true, sortBy: true });

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
        querystring: alertList.querySchema,
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
        {
          params: idParams,
          response: { 200: countSchema, 404: errorSchema },
        },
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
          count: z.number().int(),
          rate: z.number(),
          monthly_cost: z.number(),
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
              open_rate: z.number(),
              open_monthly_cost: z.number(),
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
      querystring: alertList.querySchema,
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
  app.get(
    '/notifications/:id',
    doc('getAlert', 'One alert', {
      params: idParams,
      response: { 200: alertSchema, 404: errorSchema },
    }),
    (r) => service.get(scopeOf(r), r.params.id),
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
};
