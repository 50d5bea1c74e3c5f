// Single-record reads of companies, properties, buildings and units (spec section 7, "Single-record
// reads for navigation"). Their lists, writes and the rest of the portfolio calls arrive with the
// portfolio issue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import { bearerSecurity, errorSchema } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { PortfolioRepository } from './portfolio.repository.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const nullableId = z.number().int().nullable();
const address = {
  street: z.string().nullable(),
  city_id: nullableId,
  postal: z.string().nullable(),
};

const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_type_id: z.number().int(),
  allow_assignment: z.boolean(),
  timezone_id: nullableId,
  ...address,
});
const propertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  timezone_id: z.number().int(),
  water_price_per_kgal: z.number(),
  ...address,
});
const buildingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  property_id: z.number().int(),
  survey_status: z.number().int(),
  ...address,
});
const unitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  property_id: z.number().int(),
  building_id: z.number().int(),
  unit_category_id: z.number().int(),
  unit_type_id: nullableId,
  unit_state_id: nullableId,
  floor: nullableId,
});

const found = <T>(row: T | undefined, what: string): T => {
  if (!row) throw new NotFound(`${what} not found`);
  return row;
};

export const portfolioReadsModule: FastifyPluginAsyncZod<{
  repository: PortfolioRepository;
}> = async (app, { repository }) => {
  const schema = <T extends z.ZodType>(tags: string, summary: string, response: T) => ({
    tags: [tags],
    summary,
    security: bearerSecurity,
    params: idParams,
    response: { 200: response, 404: errorSchema },
  });
  app.get(
    '/companies/:id',
    { schema: schema('companies', 'One company', companySchema) },
    async (r) => found(await repository.company(scopeOf(r), r.params.id), 'Company'),
  );
  app.get(
    '/properties/:id',
    { schema: schema('properties', 'One property', propertySchema) },
    async (r) => found(await repository.property(scopeOf(r), r.params.id), 'Property'),
  );
  app.get(
    '/buildings/:id',
    { schema: schema('buildings', 'One building', buildingSchema) },
    async (r) => found(await repository.building(scopeOf(r), r.params.id), 'Building'),
  );
  app.get('/units/:id', { schema: schema('units', 'One unit', unitSchema) }, async (r) =>
    found(await repository.unit(scopeOf(r), r.params.id), 'Unit'),
  );
};
