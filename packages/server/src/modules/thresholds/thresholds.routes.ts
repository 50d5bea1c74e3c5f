// `/api/companies/{id}/appliances-thresholds` (spec section 7 "Companies"): the company's daily
// gallon threshold per fixture type, read and set, and beside them (`…/unaccounted-water`) its
// unaccounted-water threshold. HTTP only: each route declares its schemas and calls one service
// method.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { ThresholdsService } from './thresholds.service.ts';

const gallons = z.number().describe('Gallons per day');
const thresholdSchema = z.object({
  appliance_type_id: z.number().int(),
  name: z.string(),
  threshold: gallons.nullable().describe("The company's threshold; null when it set none"),
  default_threshold: gallons
    .nullable()
    .describe("The fixture type's daily high (applies without a company threshold)"),
});
const setParams = idParams.extend({
  applianceTypeId: z.coerce.number().int(),
  threshold: z
    .string()
    .max(40)
    .describe('Gallons per day, above 0 and at most 100000 (3 decimals); `none` removes it'),
});

const unaccountedSchema = z.object({
  share_percent: z
    .number()
    .nullable()
    .describe("The company's share of building use, per cent; null when it set none"),
  min_gallons_per_day: gallons
    .nullable()
    .describe("The company's least unaccounted gallons a day; null when it set none"),
  default_share_percent: z.number().describe('The share that applies without a company value'),
  default_min_gallons_per_day: gallons.describe('The gallons that apply without a company value'),
  window_days: z
    .number()
    .int()
    .describe('Counted days (main line reporting) in a row the share must stay above'),
});
const unaccountedBody = z.object({
  share_percent: z
    .number()
    .nullable()
    .describe('Per cent of building use, above 0 and at most 100 (1 decimal); null: the default'),
  min_gallons_per_day: z
    .number()
    .nullable()
    .describe('Gallons a day, 0 to 100000 (3 decimals); null: the default'),
});

const doc = routeDocs('companies');

export const thresholdsModule: FastifyPluginAsyncZod<{ service: ThresholdsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/companies/:id/appliances-thresholds',
    doc(
      'listCompanyFixtureThresholds',
      "Every fixture type with the company's daily threshold and the type's default",
      {
        params: idParams,
        response: { 200: z.array(thresholdSchema), 400: errorSchema, 404: errorSchema },
      },
    ),
    (r) => service.list(scopeOf(r), r.params.id),
  );
  app.put(
    '/companies/:id/appliances-thresholds/:applianceTypeId/:threshold',
    doc(
      'updateCompanyFixtureThreshold',
      "Set the company's daily threshold for a fixture type (`none` removes it)",
      {
        params: setParams,
        response: { 200: thresholdSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    ),
    (r) => service.set(scopeOf(r), r.params.id, r.params.applianceTypeId, r.params.threshold),
  );
  app.get(
    '/companies/:id/appliances-thresholds/unaccounted-water',
    doc(
      'getCompanyUnaccountedWater',
      "The company's unaccounted-water threshold (share of building use, gallons a day)",
      {
        params: idParams,
        response: { 200: unaccountedSchema, 400: errorSchema, 404: errorSchema },
      },
    ),
    (r) => service.unaccounted(scopeOf(r), r.params.id),
  );
  app.put(
    '/companies/:id/appliances-thresholds/unaccounted-water',
    doc(
      'updateCompanyUnaccountedWater',
      "Set the company's unaccounted-water threshold (null returns a value to its default)",
      {
        params: idParams,
        body: unaccountedBody,
        response: { 200: unaccountedSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    ),
    (r) => service.setUnaccounted(scopeOf(r), r.params.id, r.body),
  );
};
