// `/api/companies`, `/api/properties`, `/api/buildings`, `/api/units` and the header's `/api/search`
// (spec section 7). HTTP only: each route declares its schemas and calls one service method.
import {
  buildingInputSchema,
  buildingUpdateSchema,
  companyInputSchema,
  companyUpdateSchema,
  type PortfolioLevel,
  propertyInputSchema,
  propertyUpdateSchema,
  tenantsSchema,
  unitInputSchema,
  unitUpdateSchema,
} from '@flowsight/domain/portfolio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportQuerySchema, csvResponseSchema, sendCsv } from '../../lib/csv.ts';
import { errorResponses, pascalCase, routeDoc } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  billingParams,
  buildingListRowSchema,
  buildingRowSchema,
  changeCompanyParams,
  changePropertyParams,
  companyDetailSchema,
  companyRowSchema,
  countSchema,
  globalSearchSchema,
  lookupRowSchema,
  messageSchema,
  moveResultSchema,
  namedSearchParams,
  nameRowSchema,
  namesLimitParams,
  propertyListRowSchema,
  propertyRowSchema,
  searchHitSchema,
  searchTopParams,
  timezoneAnswerSchema,
  unitListRowSchema,
  unitRowSchema,
} from './portfolio.schemas.ts';
import {
  buildingListQuerySchema,
  companyListQuerySchema,
  type PortfolioService,
  propertyListQuerySchema,
  unitListQuerySchema,
} from './portfolio.service.ts';

/** Routes every level shares: search-top and the CSV export. */
function levelRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: PortfolioService,
  level: PortfolioLevel,
  tag: string,
  exportCsv: PortfolioService['exportCompanies'],
) {
  app.get(
    '/search-top/:text/5',
    routeDoc(
      tag,
      `search${pascalCase(tag)}`,
      `At most 5 ${tag} whose name contains the text, best match first`,
      {
        params: searchTopParams,
        response: { 200: z.array(searchHitSchema) },
      },
    ),
    (r) => service.searchTop(scopeOf(r), level, r.params.text),
  );
  app.get(
    '/export-all',
    routeDoc(
      tag,
      `export${pascalCase(tag)}`,
      `Every ${tag.replace(/s$/, '')} the caller can see, as CSV (dates in timeZone)`,
      {
        querystring: csvExportQuerySchema,
        response: { 200: csvResponseSchema, 400: errorSchema },
      },
    ),
    async (r, reply) => sendCsv(reply, exportCsv(scopeOf(r), r.query.timeZone)),
  );
}

export const companiesModule: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (
  app,
  { service },
) => {
  const tag = 'companies';
  app.get(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(
        tag,
        'listCompanies',
        'Companies the caller can see, paged, with search, filters and sorting',
        {
          querystring: companyListQuerySchema,
          response: { 200: listResponseSchema(companyRowSchema), 400: errorSchema },
        },
      ),
    },
    (r) => service.listCompanies(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(tag, 'createCompany', 'Create a company', {
        body: companyInputSchema,
        response: { 201: companyRowSchema, ...errorResponses },
      }),
    },
    async (r, reply) => reply.status(201).send(await service.createCompany(scopeOf(r), r.body)),
  );
  app.get(
    '/names',
    routeDoc(tag, 'listCompanyNames', 'Id and name of every visible company', {
      response: { 200: z.array(nameRowSchema) },
    }),
    (r) => service.companyNames(scopeOf(r)),
  );
  app.get(
    '/types',
    routeDoc(tag, 'listCompanyTypes', 'Company types', {
      response: { 200: z.array(lookupRowSchema) },
    }),
    () => service.companyTypes(),
  );
  levelRoutes(app, service, 'company', tag, service.exportCompanies);
  app.get(
    '/:id',
    routeDoc(tag, 'getCompany', 'One company, with the properties it is billed for', {
      params: idParams,
      response: { 200: companyDetailSchema, 404: errorSchema },
    }),
    (r) => service.getCompany(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id',
    routeDoc(tag, 'updateCompany', 'Change a company (type and assignment: provider staff only)', {
      params: idParams,
      body: companyUpdateSchema,
      response: { 200: companyRowSchema, ...errorResponses },
    }),
    (r) => service.updateCompany(scopeOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    routeDoc(
      tag,
      'deleteCompany',
      'Delete a company; refused (409) while anything still belongs to it',
      {
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    ),
    (r) => service.deleteCompany(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/properties',
    routeDoc(tag, 'listCompanyProperties', 'The company’s properties, paged', {
      params: idParams,
      querystring: propertyListQuerySchema,
      response: {
        200: listResponseSchema(propertyListRowSchema),
        400: errorSchema,
        404: errorSchema,
      },
    }),
    (r) => service.companyProperties(scopeOf(r), r.params.id, r.query, r.url),
  );
  for (const [path, level] of [
    ['properties-count', 'property'],
    ['buildings-count', 'building'],
    ['units-count', 'unit'],
  ] as const) {
    app.get(
      `/:id/${path}`,
      routeDoc(
        tag,
        `countCompany${pascalCase(path.replace('-count', ''))}`,
        `How many ${path.replace('-count', '')} the company has`,
        {
          params: idParams,
          response: { 200: countSchema, 404: errorSchema },
        },
      ),
      (r) => service.companyCount(scopeOf(r), r.params.id, level),
    );
  }
  app.get(
    '/:id/residential-units',
    routeDoc(
      tag,
      'listCompanyResidentialUnits',
      'How many residential (internal) units the company has',
      {
        params: idParams,
        response: { 200: countSchema, 404: errorSchema },
      },
    ),
    (r) => service.residentialUnits(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/properties-names',
    routeDoc(tag, 'listCompanyPropertyNames', 'Id and name of the company’s properties', {
      params: idParams,
      response: { 200: z.array(nameRowSchema), 404: errorSchema },
    }),
    (r) => service.propertyNamesOf(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/properties-names/:limit',
    routeDoc(
      tag,
      'listCompanyPropertyNamesUpTo',
      'Id and name of the company’s first properties by name',
      {
        params: namesLimitParams,
        response: { 200: z.array(nameRowSchema), 404: errorSchema },
      },
    ),
    (r) => service.propertyNamesOf(scopeOf(r), r.params.id, r.params.limit),
  );
  app.get(
    '/:id/search-top-properties/:name/5',
    routeDoc(
      tag,
      'searchCompanyProperties',
      'At most 5 of the company’s properties matching the name',
      {
        params: namedSearchParams,
        response: { 200: z.array(searchHitSchema), 404: errorSchema },
      },
    ),
    (r) => service.searchCompanyProperties(scopeOf(r), r.params.id, r.params.name),
  );
  app.get(
    '/:id/search-top-buildings/:name/5',
    routeDoc(
      tag,
      'searchCompanyBuildings',
      'At most 5 of the company’s buildings matching the name',
      {
        params: namedSearchParams,
        response: { 200: z.array(searchHitSchema), 404: errorSchema },
      },
    ),
    (r) => service.searchCompanyBuildings(scopeOf(r), r.params.id, r.params.name),
  );
  app.get(
    '/:id/timezone',
    routeDoc(
      tag,
      'getCompanyTimezone',
      'The time zone of the company’s charts (its own, else its properties’ usual one)',
      {
        params: idParams,
        response: { 200: timezoneAnswerSchema, 404: errorSchema },
      },
    ),
    (r) => service.companyTimezone(scopeOf(r), r.params.id),
  );
  app.post(
    '/:id/billing-company-properties/:propertyId',
    routeDoc(tag, 'addBillingCompanyProperty', 'Bill the company for another company’s property', {
      params: billingParams,
      response: { 200: messageSchema, ...errorResponses },
    }),
    (r) => service.addBillingProperty(scopeOf(r), r.params.id, r.params.propertyId),
  );
  app.delete(
    '/:id/billing-company-properties/:propertyId',
    routeDoc(tag, 'removeBillingCompanyProperty', 'Stop billing the company for a property', {
      params: billingParams,
      response: { 200: messageSchema, ...errorResponses },
    }),
    (r) => service.removeBillingProperty(scopeOf(r), r.params.id, r.params.propertyId),
  );
};

export const propertiesModule: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (
  app,
  { service },
) => {
  const tag = 'properties';
  app.get(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(
        tag,
        'listProperties',
        'Properties the caller can see, paged, with search, filters and sorting',
        {
          querystring: propertyListQuerySchema,
          response: { 200: listResponseSchema(propertyListRowSchema), 400: errorSchema },
        },
      ),
    },
    (r) => service.listProperties(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(tag, 'createProperty', 'Create a property in a company', {
        body: propertyInputSchema,
        response: { 201: propertyRowSchema, ...errorResponses },
      }),
    },
    async (r, reply) => reply.status(201).send(await service.createProperty(scopeOf(r), r.body)),
  );
  levelRoutes(app, service, 'property', tag, service.exportProperties);
  app.get(
    '/:id',
    routeDoc(tag, 'getProperty', 'One property', {
      params: idParams,
      response: { 200: propertyRowSchema, 404: errorSchema },
    }),
    (r) => service.getProperty(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id',
    routeDoc(tag, 'updateProperty', 'Change a property', {
      params: idParams,
      body: propertyUpdateSchema,
      response: { 200: propertyRowSchema, ...errorResponses },
    }),
    (r) => service.updateProperty(scopeOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    routeDoc(
      tag,
      'deleteProperty',
      'Delete a property; refused (409) while anything still belongs to it',
      {
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    ),
    (r) => service.deleteProperty(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/buildings',
    routeDoc(tag, 'listPropertyBuildings', 'The property’s buildings, paged', {
      params: idParams,
      querystring: buildingListQuerySchema,
      response: {
        200: listResponseSchema(buildingListRowSchema),
        400: errorSchema,
        404: errorSchema,
      },
    }),
    (r) => service.propertyBuildings(scopeOf(r), r.params.id, r.query, r.url),
  );
  app.get(
    '/:id/buildings-count',
    routeDoc(tag, 'countPropertyBuildings', 'How many buildings the property has', {
      params: idParams,
      response: { 200: countSchema, 404: errorSchema },
    }),
    (r) => service.propertyCount(scopeOf(r), r.params.id, 'building'),
  );
  app.get(
    '/:id/units-count',
    routeDoc(tag, 'countPropertyUnits', 'How many units the property has', {
      params: idParams,
      response: { 200: countSchema, 404: errorSchema },
    }),
    (r) => service.propertyCount(scopeOf(r), r.params.id, 'unit'),
  );
  app.get(
    '/:id/buildings-names',
    routeDoc(tag, 'listPropertyBuildingNames', 'Id and name of the property’s buildings', {
      params: idParams,
      response: { 200: z.array(nameRowSchema), 404: errorSchema },
    }),
    (r) => service.buildingNamesOf(scopeOf(r), r.params.id),
  );
  app.put(
    '/:property_id/change-company/:company_id/:transfer',
    routeDoc(
      tag,
      'movePropertyToCompany',
      'Move the property to another company; transfer=1 takes its micrometers and history along, 0 unassigns them first',
      {
        params: changeCompanyParams,
        response: { 200: moveResultSchema, ...errorResponses },
      },
    ),
    (r) =>
      service.moveProperty(
        scopeOf(r),
        r.params.property_id,
        r.params.company_id,
        r.params.transfer,
      ),
  );
};

export const buildingsModule: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (
  app,
  { service },
) => {
  const tag = 'buildings';
  app.get(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(
        tag,
        'listBuildings',
        'Buildings the caller can see, paged, with search, filters and sorting',
        {
          querystring: buildingListQuerySchema,
          response: { 200: listResponseSchema(buildingListRowSchema), 400: errorSchema },
        },
      ),
    },
    (r) => service.listBuildings(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(tag, 'createBuilding', 'Create a building in a property', {
        body: buildingInputSchema,
        response: { 201: buildingRowSchema, ...errorResponses },
      }),
    },
    async (r, reply) => reply.status(201).send(await service.createBuilding(scopeOf(r), r.body)),
  );
  levelRoutes(app, service, 'building', tag, service.exportBuildings);
  app.get(
    '/:id',
    routeDoc(tag, 'getBuilding', 'One building', {
      params: idParams,
      response: { 200: buildingRowSchema, 404: errorSchema },
    }),
    (r) => service.getBuilding(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id',
    routeDoc(tag, 'updateBuilding', 'Change a building', {
      params: idParams,
      body: buildingUpdateSchema,
      response: { 200: buildingRowSchema, ...errorResponses },
    }),
    (r) => service.updateBuilding(scopeOf(r), r.params.id, r.body),
  );
  app.delete(
    '/:id',
    routeDoc(
      tag,
      'deleteBuilding',
      'Delete a building; refused (409) while anything still belongs to it',
      {
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    ),
    (r) => service.deleteBuilding(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/units',
    routeDoc(tag, 'listBuildingUnits', 'The building’s units, paged', {
      params: idParams,
      querystring: unitListQuerySchema,
      response: { 200: listResponseSchema(unitListRowSchema), 400: errorSchema, 404: errorSchema },
    }),
    (r) => service.buildingUnits(scopeOf(r), r.params.id, r.query, r.url),
  );
  app.get(
    '/:id/units-count',
    routeDoc(tag, 'countBuildingUnits', 'How many units the building has', {
      params: idParams,
      response: { 200: countSchema, 404: errorSchema },
    }),
    (r) => service.buildingUnitsCount(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/tenants-count',
    routeDoc(tag, 'countBuildingTenants', 'How many tenants live in the building’s units', {
      params: idParams,
      response: { 200: countSchema, 404: errorSchema },
    }),
    (r) => service.buildingTenants(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/units-names',
    routeDoc(tag, 'listBuildingUnitNames', 'Id and name of the building’s units', {
      params: idParams,
      response: { 200: z.array(nameRowSchema), 404: errorSchema },
    }),
    (r) => service.unitNamesOf(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id/change-property/:property_id/:transfer',
    routeDoc(
      tag,
      'moveBuildingToProperty',
      'Move the building to another property; transfer=1 takes its micrometers and history along, 0 unassigns them first',
      {
        params: changePropertyParams,
        response: { 200: moveResultSchema, ...errorResponses },
      },
    ),
    (r) => service.moveBuilding(scopeOf(r), r.params.id, r.params.property_id, r.params.transfer),
  );
};

export const unitsModule: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (
  app,
  { service },
) => {
  const tag = 'units';
  app.get(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(
        tag,
        'listUnits',
        'Units the caller can see, paged, with search, filters and sorting',
        {
          querystring: unitListQuerySchema,
          response: { 200: listResponseSchema(unitListRowSchema), 400: errorSchema },
        },
      ),
    },
    (r) => service.listUnits(scopeOf(r), r.query, r.url),
  );
  app.post(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      ...routeDoc(tag, 'createUnit', 'Create a unit in a building', {
        body: unitInputSchema,
        response: { 201: unitRowSchema, ...errorResponses },
      }),
    },
    async (r, reply) => reply.status(201).send(await service.createUnit(scopeOf(r), r.body)),
  );
  levelRoutes(app, service, 'unit', tag, service.exportUnits);
  for (const [path, list] of [
    ['categories', service.unitCategories],
    ['types', service.unitTypes],
    ['states', service.unitStates],
  ] as const) {
    app.get(
      `/${path}`,
      routeDoc(tag, `listUnit${pascalCase(path)}`, `Unit ${path}`, {
        response: { 200: z.array(lookupRowSchema) },
      }),
      () => list(),
    );
  }
  app.get(
    '/:id',
    routeDoc(tag, 'getUnit', 'One unit', {
      params: idParams,
      response: { 200: unitRowSchema, 404: errorSchema },
    }),
    (r) => service.getUnit(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id',
    routeDoc(tag, 'updateUnit', 'Change a unit', {
      params: idParams,
      body: unitUpdateSchema,
      response: { 200: unitRowSchema, ...errorResponses },
    }),
    (r) => service.updateUnit(scopeOf(r), r.params.id, r.body),
  );
  app.put(
    '/:id/tenants',
    routeDoc(tag, 'updateUnitTenants', 'Set how many tenants live in the unit', {
      params: idParams,
      body: z.object({ tenants: tenantsSchema }).strict(),
      response: { 200: unitRowSchema, ...errorResponses },
    }),
    (r) => service.updateUnit(scopeOf(r), r.params.id, { tenants: r.body.tenants }),
  );
  app.delete(
    '/:id',
    routeDoc(tag, 'deleteUnit', 'Delete a unit; refused (409) while anything still belongs to it', {
      params: idParams,
      response: { 200: messageSchema, ...errorResponses },
    }),
    (r) => service.deleteUnit(scopeOf(r), r.params.id),
  );
};

/** `/api/search/:text`: the header's search across the four levels, limited to the scope. */
export const globalSearchModule: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (
  app,
  { service },
) => {
  app.get(
    '/search/:text',
    routeDoc(
      'search',
      'searchPortfolio',
      'At most 5 companies, properties, buildings and units each whose name contains the text',
      {
        params: searchTopParams,
        response: { 200: globalSearchSchema },
      },
    ),
    (r) => service.searchAll(scopeOf(r), r.params.text),
  );
};
