// Usage analytics routes: HTTP only.
import { idParamSchema } from '@flowsight/domain/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { levelPaths, pascalCase, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  applianceGallonsSchema,
  gallonsChartSchema,
  gallonsCountQuerySchema,
  gallonsCountSchema,
  granularityQuerySchema,
  predictionsSchema,
  rangeQuerySchema,
  topPropertiesQuerySchema,
  topPropertiesSchema,
  topUnitsQuerySchema,
  topUnitsSchema,
  unitsByCategorySchema,
  unitsGallonsSchema,
} from './usage.schemas.ts';
import type { UsageService } from './usage.service.ts';

const doc = routeDocs('usage');
const fixtureParams = idParams.extend({ applianceId: idParamSchema });
const answers = <T extends z.ZodType>(schema: T) => ({
  200: schema,
  400: errorSchema,
  404: errorSchema,
});

export const usageModule: FastifyPluginAsyncZod<{ service: UsageService }> = async (
  app,
  { service },
) => {
  for (const [path, level] of levelPaths) {
    app.get(
      `/${path}/:id/gallons`,
      doc(
        `get${pascalCase(level)}Gallons`,
        `Chart of the ${level}'s gallons: 12 months, 12 ISO weeks, 12 days or 24 hours`,
        {
          params: idParams,
          querystring: granularityQuerySchema,
          response: answers(gallonsChartSchema),
        },
      ),
      (r) => service.gallons(scopeOf(r), level, r.params.id, r.query),
    );
    app.get(
      `/${path}/:id/appliance-gallons`,
      doc(
        `get${pascalCase(level)}FixtureGallons`,
        `Gallons of the ${level} per fixture type (local dates, both ends included)`,
        {
          params: idParams,
          querystring: rangeQuerySchema,
          response: answers(applianceGallonsSchema),
        },
      ),
      (r) => service.applianceGallons(scopeOf(r), level, r.params.id, r.query),
    );
  }
  app.get(
    '/buildings/:id/units-gallons',
    doc('getBuildingUnitGallons', "Gallons of each of the building's units", {
      params: idParams,
      querystring: rangeQuerySchema,
      response: answers(unitsGallonsSchema),
    }),
    (r) => service.unitsGallons(scopeOf(r), r.params.id, r.query),
  );
  app.get(
    '/buildings/:id/units-gallons/grouped-by-category',
    doc('getBuildingUnitGallonsByCategory', "Gallons of the building's units per unit category", {
      params: idParams,
      querystring: rangeQuerySchema,
      response: answers(unitsByCategorySchema),
    }),
    (r) => service.unitsGallonsByCategory(scopeOf(r), r.params.id, r.query),
  );
  app.get(
    '/companies/:id/top-gallons-units',
    doc('listCompanyTopUnits', "The company's units that used most water", {
      params: idParams,
      querystring: topUnitsQuerySchema,
      response: answers(topUnitsSchema),
    }),
    (r) => service.topUnits(scopeOf(r), r.params.id, r.query),
  );
  app.get(
    '/companies/:id/top-gallons-properties',
    doc('listCompanyTopProperties', "The company's properties by gallons used", {
      params: idParams,
      querystring: topPropertiesQuerySchema,
      response: answers(topPropertiesSchema),
    }),
    (r) => service.topProperties(scopeOf(r), r.params.id, r.query),
  );
  app.get(
    '/units/:id/gallons-count',
    doc(
      'getUnitGallonsCount',
      "The unit's gallons and readings (local dates, both ends included)",
      {
        params: idParams,
        querystring: gallonsCountQuerySchema,
        response: answers(gallonsCountSchema),
      },
    ),
    (r) => service.gallonsCount(scopeOf(r), r.params.id, r.query),
  );
  app.get(
    '/units/:id/gallons-count/:applianceId',
    doc('getUnitFixtureGallonsCount', "The unit's gallons and readings of one fixture type", {
      params: fixtureParams,
      querystring: gallonsCountQuerySchema,
      response: answers(gallonsCountSchema),
    }),
    (r) =>
      service.gallonsCount(scopeOf(r), r.params.id, r.query, {
        applianceTypeId: r.params.applianceId,
      }),
  );
  app.get(
    '/units/:id/gallons-count/:applianceId/:sensor_mac',
    doc(
      'getUnitSensorGallonsCount',
      "The unit's gallons and readings of one micrometer on one fixture type",
      {
        params: fixtureParams.extend({ sensor_mac: z.string().min(1).max(64) }),
        querystring: gallonsCountQuerySchema,
        response: answers(gallonsCountSchema),
      },
    ),
    (r) =>
      service.gallonsCount(scopeOf(r), r.params.id, r.query, {
        applianceTypeId: r.params.applianceId,
        mac: r.params.sensor_mac,
      }),
  );
  app.get(
    '/units/:id/gallons-predictions',
    doc(
      'getUnitGallonsPredictions',
      "The unit's projected gallons and cost at the end of this month",
      {
        params: idParams,
        response: answers(predictionsSchema),
      },
    ),
    (r) => service.predictions(scopeOf(r), r.params.id),
  );
};
