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
import { csvExportSchemas, sendCsv } from '../../lib/csv.ts';
import {
  atPrefix,
  byId,
  changeById,
  errorResponses,
  pascalCase,
  routeDoc,
} from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { type listEnvelope, listResponseSchema, pagedListSchemas } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
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

type Api = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One portfolio level as its routes describe it: its names, its schemas and the service calls
 * behind them. `levelRoutes` turns it into the seven routes every level has; each module adds
 * the routes only its level has.
 */
type LevelDescription<Q extends z.ZodType, I extends z.ZodType, U extends z.ZodType> = {
  level: PortfolioLevel;
  /** The path's word and the OpenAPI tag: `companies`. */
  tag: string;
  /** One record in words, and its operation ids' noun: `company` (`createCompany`). */
  noun: string;
  schemas: {
    listQuery: Q;
    listRow: z.ZodType;
    row: z.ZodType;
    /** What GET /:id answers, when more than the row. */
    detail?: z.ZodType;
    input: I;
    update: U;
  };
  /** The summaries that say more than the level's name. */
  says: { create: string; get?: string; update?: string };
  list(scope: Scope, query: z.infer<Q>, url: string): Promise<ReturnType<typeof listEnvelope>>;
  create(scope: Scope, body: z.infer<I>): Promise<unknown>;
  get(scope: Scope, id: number): Promise<unknown>;
  update(scope: Scope, id: number, body: z.infer<U>): Promise<unknown>;
  remove(scope: Scope, id: number): Promise<{ message: string }>;
  exportCsv: PortfolioService['exportCompanies'];
};

/**
 * The routes every level shares: its list, a new record, search-top, the CSV export, and one
 * record read, changed and deleted.
 */
function levelRoutes<Q extends z.ZodType, I extends z.ZodType, U extends z.ZodType>(
  app: Api,
  service: PortfolioService,
  d: LevelDescription<Q, I, U>,
) {
  const { tag, schemas } = d;
  const Noun = pascalCase(d.noun);
  const Plural = pascalCase(tag);
  app.get(
    '/',
    atPrefix(
      routeDoc(
        tag,
        `list${Plural}`,
        `${Plural} the caller can see, paged, with search, filters and sorting`,
        pagedListSchemas(schemas.listQuery, schemas.listRow),
      ),
    ),
    (r) => d.list(scopeOf(r), r.query as z.infer<Q>, r.url),
  );
  app.post(
    '/',
    atPrefix(
      routeDoc(tag, `create${Noun}`, d.says.create, {
        body: schemas.input,
        response: { 201: schemas.row, ...errorResponses },
      }),
    ),
    async (r, reply) => reply.status(201).send(await d.create(scopeOf(r), r.body as z.infer<I>)),
  );
  app.get(
    '/search-top/:text/5',
    routeDoc(
      tag,
      `search${Plural}`,
      `At most 5 ${tag} whose name contains the text, best match first`,
      {
        params: searchTopParams,
        response: { 200: z.array(searchHitSchema) },
      },
    ),
    (r) => service.searchTop(scopeOf(r), d.level, r.params.text),
  );
  app.get(
    '/export-all',
    routeDoc(
      tag,
      `export${Plural}`,
      `Every ${d.noun} the caller can see, as CSV (dates in timeZone)`,
      csvExportSchemas,
    ),
    async (r, reply) => sendCsv(reply, d.exportCsv(scopeOf(r), r.query.timeZone)),
  );
  app.get(
    '/:id',
    routeDoc(tag, `get${Noun}`, d.says.get ?? `One ${d.noun}`, byId(schemas.detail ?? schemas.row)),
    (r) => d.get(scopeOf(r), r.params.id),
  );
  app.put(
    '/:id',
    routeDoc(
      tag,
      `update${Noun}`,
      d.says.update ?? `Change a ${d.noun}`,
      changeById(schemas.update, schemas.row),
    ),
    (r) => d.update(scopeOf(r), r.params.id, r.body as z.infer<U>),
  );
  app.delete(
    '/:id',
    routeDoc(
      tag,
      `delete${Noun}`,
      `Delete a ${d.noun}; refused (409) while anything still belongs to it`,
      {
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    ),
    (r) => d.remove(scopeOf(r), r.params.id),
  );
}

export const companiesModule: FastifyPluginAsyncZod<{ service: PortfolioService }> = async (
  app,
  { service },
) => {
  const tag = 'companies';
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
  levelRoutes(app, service, {
    level: 'company',
    tag,
    noun: 'company',
    schemas: {
      listQuery: companyListQuerySchema,
      listRow: companyRowSchema,
      row: companyRowSchema,
      detail: companyDetailSchema,
      input: companyInputSchema,
      update: companyUpdateSchema,
    },
    says: {
      create: 'Create a company',
      get: 'One company, with the properties it is billed for',
      update: 'Change a company (type and assignment: provider staff only)',
    },
    list: service.listCompanies,
    create: service.createCompany,
    get: service.getCompany,
    update: service.updateCompany,
    remove: service.deleteCompany,
    exportCsv: service.exportCompanies,
  });
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
        byId(countSchema),
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
      byId(countSchema),
    ),
    (r) => service.residentialUnits(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/properties-names',
    routeDoc(
      tag,
      'listCompanyPropertyNames',
      'Id and name of the company’s properties',
      byId(z.array(nameRowSchema)),
    ),
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
      byId(timezoneAnswerSchema),
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
  levelRoutes(app, service, {
    level: 'property',
    tag,
    noun: 'property',
    schemas: {
      listQuery: propertyListQuerySchema,
      listRow: propertyListRowSchema,
      row: propertyRowSchema,
      input: propertyInputSchema,
      update: propertyUpdateSchema,
    },
    says: { create: 'Create a property in a company' },
    list: service.listProperties,
    create: service.createProperty,
    get: service.getProperty,
    update: service.updateProperty,
    remove: service.deleteProperty,
    exportCsv: service.exportProperties,
  });
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
    routeDoc(
      tag,
      'countPropertyBuildings',
      'How many buildings the property has',
      byId(countSchema),
    ),
    (r) => service.propertyCount(scopeOf(r), r.params.id, 'building'),
  );
  app.get(
    '/:id/units-count',
    routeDoc(tag, 'countPropertyUnits', 'How many units the property has', byId(countSchema)),
    (r) => service.propertyCount(scopeOf(r), r.params.id, 'unit'),
  );
  app.get(
    '/:id/buildings-names',
    routeDoc(
      tag,
      'listPropertyBuildingNames',
      'Id and name of the property’s buildings',
      byId(z.array(nameRowSchema)),
    ),
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
  levelRoutes(app, service, {
    level: 'building',
    tag,
    noun: 'building',
    schemas: {
      listQuery: buildingListQuerySchema,
      listRow: buildingListRowSchema,
      row: buildingRowSchema,
      input: buildingInputSchema,
      update: buildingUpdateSchema,
    },
    says: { create: 'Create a building in a property' },
    list: service.listBuildings,
    create: service.createBuilding,
    get: service.getBuilding,
    update: service.updateBuilding,
    remove: service.deleteBuilding,
    exportCsv: service.exportBuildings,
  });
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
    routeDoc(tag, 'countBuildingUnits', 'How many units the building has', byId(countSchema)),
    (r) => service.buildingUnitsCount(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/tenants-count',
    routeDoc(
      tag,
      'countBuildingTenants',
      'How many tenants live in the building’s units',
      byId(countSchema),
    ),
    (r) => service.buildingTenants(scopeOf(r), r.params.id),
  );
  app.get(
    '/:id/units-names',
    routeDoc(
      tag,
      'listBuildingUnitNames',
      'Id and name of the building’s units',
      byId(z.array(nameRowSchema)),
    ),
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
  levelRoutes(app, service, {
    level: 'unit',
    tag,
    noun: 'unit',
    schemas: {
      listQuery: unitListQuerySchema,
      listRow: unitListRowSchema,
      row: unitRowSchema,
      input: unitInputSchema,
      update: unitUpdateSchema,
    },
    says: { create: 'Create a unit in a building' },
    list: service.listUnits,
    create: service.createUnit,
    get: service.getUnit,
    update: service.updateUnit,
    remove: service.deleteUnit,
    exportCsv: service.exportUnits,
  });
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
  app.put(
    '/:id/tenants',
    routeDoc(
      tag,
      'updateUnitTenants',
      'Set how many tenants live in the unit',
      changeById(z.object({ tenants: tenantsSchema }).strict(), unitRowSchema),
    ),
    (r) => service.updateUnit(scopeOf(r), r.params.id, { tenants: r.body.tenants }),
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
