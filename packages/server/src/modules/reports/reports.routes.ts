// Statistics and report routes (usage analytics contract, calls 7–11): HTTP only. Each route
// declares its schemas and hands the caller's scope to one service method.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv.ts';
import { byId, levelPaths, pascalCase, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  gallonsReportQuerySchema,
  gallonsReportSchema,
  overviewSchema,
  reportOverviewParams,
  reportOverviewQuerySchema,
  reportOverviewSchema,
  statisticsSchema,
  unitStatusSchema,
} from './reports.schemas.ts';
import type { ReportsService } from './reports.service.ts';

const doc = routeDocs('reports');
/** A JSON answer that `format=csv` turns into a streamed CSV attachment. */
const jsonOrCsv = <T extends z.ZodType>(schema: T) => ({
  description: 'JSON, or with `format=csv` a CSV file (RFC 4180, UTF-8) sent as an attachment',
  content: { 'application/json': { schema }, 'text/csv': { schema: z.string() } },
});

export const reportsModule: FastifyPluginAsyncZod<{ service: ReportsService }> = async (
  app,
  { service },
) => {
  for (const [path, level] of levelPaths) {
    app.get(
      `/${path}/:id/statistics`,
      doc(
        `get${pascalCase(level)}Statistics`,
        `Usage, micrometer and alert figures of the ${level}`,
        byId(statisticsSchema),
      ),
      (r) => service.statistics(scopeOf(r), level, r.params.id),
    );
  }
  app.get(
    '/units/:id/status',
    doc(
      'getUnitStatus',
      "The unit's state at a glance: no-sensors, leak, attention, silent or ok",
      byId(unitStatusSchema),
    ),
    (r) => service.unitStatus(scopeOf(r), r.params.id),
  );
  for (const [path, level] of [
    ['properties', 'property'],
    ['buildings', 'building'],
  ] as const) {
    app.get(
      `/${path}/:id/gallons/report`,
      doc(
        `get${pascalCase(level)}GallonsReport`,
        `Gallons of every unit of the ${level} per period (JSON or CSV)`,
        {
          params: idParams,
          querystring: gallonsReportQuerySchema,
          response: { 200: jsonOrCsv(gallonsReportSchema), 400: errorSchema, 404: errorSchema },
        },
      ),
      async (r, reply) => {
        const { format, ...query } = r.query;
        if (format === 'csv') {
          return sendCsv(
            reply,
            await service.gallonsReportCsv(scopeOf(r), level, r.params.id, query),
          );
        }
        return service.gallonsReport(scopeOf(r), level, r.params.id, query);
      },
    );
  }
  app.get(
    '/companies/:id/report-overview/:report',
    doc(
      'getCompanyReportOverview',
      'One of the company reports (lookups `report_types`) over a date range (JSON or CSV)',
      {
        params: reportOverviewParams,
        querystring: reportOverviewQuerySchema,
        response: { 200: jsonOrCsv(reportOverviewSchema), 400: errorSchema, 404: errorSchema },
      },
    ),
    async (r, reply) => {
      const { format, ...query } = r.query;
      if (format === 'csv') {
        return sendCsv(
          reply,
          await service.reportOverviewCsv(scopeOf(r), r.params.id, r.params.report, query),
        );
      }
      return service.reportOverview(scopeOf(r), r.params.id, r.params.report, query);
    },
  );
  app.get(
    '/overview',
    doc('getOverview', 'The whole system at a glance (system roles)', {
      response: { 200: overviewSchema },
    }),
    (r) => service.overview(scopeOf(r)),
  );
};
