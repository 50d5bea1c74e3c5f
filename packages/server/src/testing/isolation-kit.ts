// Shared pieces of the generated tenant-isolation test (`isolation.test.ts`): what a route sample
// is, the world of fixtures it can point at, and small builders. Modules keep their own samples
// in `<module>.isolation.ts` files that the test merges.
import type { RoleTypeId } from '@flowsight/domain/lookups';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export type Tenant = 'own' | 'foreign';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** What the test sends for a route: its own method, and HEAD as well for a GET (Fastify answers
 * HEAD with the GET handler, so HEAD must meet the same guard and give the same status). */
export const probesOf = (method: Method): readonly (Method | 'HEAD')[] =>
  method === 'GET' ? ['GET', 'HEAD'] : [method];
export type Request = {
  url: string;
  /** A JSON body, or raw bytes (a multipart form) sent with `headers`. */
  payload?: object;
  headers?: Record<string, string>;
};

/**
 * What the fixtures give a sample: the companies and records it may point at. In the site-staff
 * run both tenants are parts of one company (own: property A or a building of it; foreign:
 * property B), and every builder below keeps to its tenant's part.
 */
export type World = {
  own: Company;
  foreign: Company;
  /** A fresh user holding a company-manager role (and a spare installer role) in the tenant's part. */
  freshUser(company: Company): Promise<{ id: number; roleId: number; spareRoleId: number }>;
  freshContact(company: Company): Promise<number>;
  /** The lowest id of a portfolio table's rows in the tenant's part. */
  firstOf(table: 'properties' | 'buildings' | 'units', company: Company): Promise<number>;
  /** A new, empty company (nothing depends on it). */
  freshCompany(): Promise<number>;
  /** A new, empty property, building or unit inside the tenant's part (a property: its company). */
  fresh(level: 'properties' | 'buildings' | 'units', company: Company): Promise<number>;
  /** A new upload (a stored photo) for the company's first building; its id. */
  freshUpload(company: Company): Promise<number>;
  /** The caller's own active role id. */
  callerRoleId: number;
  /** The test database, for samples that find or make their own records. */
  db: Database;
};
export type Company = {
  id: number;
  name: string;
  /** A person of the tenant (for a part: one whose role sits on it) and that role. */
  userId: number;
  roleId: number;
  /** The part of the company the tenant is narrowed to (site staff), if any. */
  propertyId?: number;
  buildingId?: number;
};

/**
 * The tenant's part as SQL over a table's unqualified hierarchy columns: the company, narrowed to
 * its property or building when it has one (in `properties` and `buildings` their own `id`).
 */
export function partOf(company: Company, table?: 'properties' | 'buildings'): SQL {
  const narrow = (column: string | undefined, id: number | undefined) =>
    column === undefined || id === undefined ? sql`` : sql` and ${sql.identifier(column)} = ${id}`;
  const property = table === 'properties' ? 'id' : 'property_id';
  const building =
    table === 'properties' ? undefined : table === 'buildings' ? 'id' : 'building_id';
  return sql`company_id = ${company.id}${narrow(property, company.propertyId)}${narrow(building, company.buildingId)}`;
}

/** The tenant's part as API placement ids (a role's or a contact's place). */
export const placeIds = (company: Company) => ({
  company_id: company.id,
  ...(company.propertyId === undefined ? {} : { property_id: company.propertyId }),
  ...(company.buildingId === undefined ? {} : { building_id: company.buildingId }),
});

export type Sample = {
  /** Builds the request for the caller; 'foreign' points at the other company's records. */
  request(world: World, tenant: Tenant): Promise<Request> | Request;
  /** A Server-Sent Events stream: only its status is checked, then the connection is dropped. */
  stream?: boolean;
  /** Routes about the caller alone or about shared reference data have no foreign variant. */
  tenantless?: boolean;
  /** The call ends the session it is made with (sign-out): each caller makes it with a new one. */
  endsSession?: boolean;
  /** Expected status for an allowed caller; defaults to 2xx for own, 404 for foreign. */
  expect?(roleTypeId: RoleTypeId, tenant: Tenant): number | readonly number[];
};

export const OK = [200, 201, 204] as const;
export const other = (tenant: Tenant): Tenant => (tenant === 'own' ? 'foreign' : 'own');
export const tenantlessGet = (url: string): Sample => ({
  tenantless: true,
  request: () => ({ url }),
});
/** A GET of one record's sub-resource: `/api/<level>/<first id of the tenant>/<rest>`. */
export const firstOfGet = (level: 'properties' | 'buildings' | 'units', rest: string): Sample => ({
  request: async (w, tenant) => ({
    url: `/api/${level}/${await w.firstOf(level, w[tenant])}${rest}`,
  }),
});
export const companyGet = (rest: string): Sample => ({
  request: (w, tenant) => ({ url: `/api/companies/${w[tenant].id}${rest}` }),
});
