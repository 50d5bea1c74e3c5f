// Readings routes: the same five calls under each level of the hierarchy
// (`/{companies|properties|buildings|units}/{id}/submissions[...]`), a unit's first and last
// reading, and the provider's lists of readings outside the hierarchy (`/submissions/...`).
import {
  READINGS_DEFAULT_WINDOW_DAYS,
  READINGS_EXPORT_MAX_DAYS,
  READINGS_EXPORTS_PER_COMPANY,
  READINGS_EXPORTS_PER_SERVER,
  READINGS_EXPORTS_PER_USER,
} from '@flowsight/domain/readings-window';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponseSchema, sendCsv } from '../../lib/csv.ts';
import { levelPaths, pascalCase, routeDocs } from '../../lib/http-routes.ts';
import { countSchema, errorSchema, idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema, pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { SpecialList } from './submissions.repository.ts';
import {
  gallonsRangeQuerySchema,
  placeGallonsSchema,
  sensorGallonsSchema,
  submissionExportQuerySchema,
  submissionListQuerySchema,
  submissionSchema,
} from './submissions.schemas.ts';
import type { SubmissionsService } from './submissions.service.ts';

const doc = routeDocs('submissions');

/** What every readings export states about its window and its limits. */
const exportDescription = [
  `Covers the range of filter.measured_at, at most ${READINGS_EXPORT_MAX_DAYS} days; a wider range`,
  'is refused with 400 naming filter.measured_at. Without a lower bound it covers the',
  `${READINGS_DEFAULT_WINDOW_DAYS} days before its upper bound, without an upper bound it runs to`,
  `now. At most ${READINGS_EXPORTS_PER_USER} exports of one user, ${READINGS_EXPORTS_PER_COMPANY} of one company`,
  `and ${READINGS_EXPORTS_PER_SERVER} on the server run at once; one more is answered 429 with`,
  'Retry-After. Every parameter is checked before the file starts.',
].join(' ');

/** Path segment of each provider list. */
export const specialPaths: readonly [string, SpecialList][] = [
  ['unassigned', 'unassigned'],
  ['keepalive', 'keepalive'],
  ['parsed-old', 'parsed-old'],
];

export const submissionsModule: FastifyPluginAsyncZod<{ service: SubmissionsService }> = async (
  app,
  { service },
) => {
  for (const [path, level] of levelPaths) {
    app.get(
      `/${path}/:id/submissions`,
      doc(
        `list${pascalCase(level)}Submissions`,
        `Readings of the ${level}, newest first (last 30 days unless filter.measured_at is given)`,
        {
          params: idParams,
          querystring: submissionListQuerySchema,
          response: {
            200: listResponseSchema(submissionSchema),
            400: errorSchema,
            404: errorSchema,
          },
        },
      ),
      (r) => service.list(scopeOf(r), level, r.params.id, r.query, r.url),
    );
    app.get(
      `/${path}/:id/submissions/count`,
      doc(
        `count${pascalCase(level)}Submissions`,
        `How many readings of the ${level} match the filters`,
        {
          params: idParams,
          querystring: submissionListQuerySchema,
          response: { 200: countSchema, 400: errorSchema, 404: errorSchema },
        },
      ),
      (r) => service.count(scopeOf(r), level, r.params.id, r.query),
    );
    app.get(
      `/${path}/:id/submissions/export`,
      doc(
        `export${pascalCase(level)}Submissions`,
        `The ${level}'s readings matching the filters, as CSV`,
        {
          description: exportDescription,
          params: idParams,
          querystring: submissionExportQuerySchema,
          response: {
            200: csvResponseSchema,
            400: errorSchema,
            404: errorSchema,
            429: errorSchema,
          },
        },
      ),
      async (r, reply) =>
        sendCsv(reply, await service.exportCsv(scopeOf(r), level, r.params.id, r.query)),
    );
    app.get(
      `/${path}/:id/submissions-gallons-count`,
      doc(
        `get${pascalCase(level)}SubmissionGallons`,
        `Gallons and readings of the ${level} (local dates, both ends included)`,
        {
          params: idParams,
          querystring: gallonsRangeQuerySchema,
          response: { 200: placeGallonsSchema, 400: errorSchema, 404: errorSchema },
        },
      ),
      (r) => service.gallons(scopeOf(r), level, r.params.id, r.query),
    );
    app.get(
      `/${path}/:id/sensors/submissions-gallons-count`,
      doc(
        `get${pascalCase(level)}SensorSubmissionGallons`,
        `Gallons and readings of each micrometer of the ${level}`,
        {
          params: idParams,
          querystring: gallonsRangeQuerySchema,
          response: { 200: z.array(sensorGallonsSchema), 400: errorSchema, 404: errorSchema },
        },
      ),
      (r) => service.gallonsBySensor(scopeOf(r), level, r.params.id, r.query),
    );
  }
  app.get(
    '/units/:id/submissions/:mode',
    doc('getUnitEdgeSubmission', "The unit's first or last reading", {
      params: idParams.extend({ mode: z.enum(['first', 'last']) }),
      response: { 200: submissionSchema, 400: errorSchema, 404: errorSchema },
    }),
    (r) => service.edge(scopeOf(r), r.params.id, r.params.mode),
  );

  for (const [path, list] of specialPaths) {
    app.get(
      `/submissions/${path}`,
      doc(
        `list${pascalCase(path)}Submissions`,
        `Readings: ${path} (last 30 days unless filter.measured_at is given)`,
        pagedListSchemas(submissionListQuerySchema, submissionSchema),
      ),
      (r) => service.listSpecial(scopeOf(r), list, r.query, r.url),
    );
    app.get(
      `/submissions/${path}/count`,
      doc(`count${pascalCase(path)}Submissions`, `How many ${path} readings match the filters`, {
        querystring: submissionListQuerySchema,
        response: { 200: countSchema, 400: errorSchema },
      }),
      (r) => service.countSpecial(scopeOf(r), list, r.query),
    );
    app.get(
      `/submissions/${path}/export`,
      doc(
        `export${pascalCase(path)}Submissions`,
        `The ${path} readings matching the filters, as CSV`,
        {
          description: exportDescription,
          querystring: submissionExportQuerySchema,
          response: { 200: csvResponseSchema, 400: errorSchema, 429: errorSchema },
        },
      ),
      async (r, reply) => sendCsv(reply, await service.exportSpecial(scopeOf(r), list, r.query)),
    );
  }
};
