// The single guard of every /api route. At registration each route must have an entry in the
// access table of `@flowsight/domain/access` (otherwise the app refuses to start). At request time
// the bearer token is verified, its user, role and token version are checked against the database,
// the role type is checked against the table, and the caller's scope is resolved once and put on
// the request for the data layer. Ingest routes take an integration API key instead of a token.
import {
  type Access,
  accessFor,
  closedToRestrictedCompanies,
  mayCall,
} from '@flowsight/domain/access';
import { CompanyType, type RoleTypeId, UserStatus } from '@flowsight/domain/lookups';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import type { Scope } from '../lib/tenant-scope.ts';
import type { TokenService } from '../lib/tokens.ts';
import type { AuthRepository } from '../modules/auth/auth.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's resolved scope; null on public and integration routes. */
    scope: Scope | null;
    /** The integration API key that authenticated an ingest call. */
    integrationKeyId: number | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Closed to roles of restricted (type 3) companies. */
    closedToRestricted?: boolean;
  }
}

export type AuthPluginOptions = {
  prefix: string;
  tokens: TokenService;
  repository: AuthRepository;
  /** Resolves an integration API key to its id, or null when unknown or revoked. */
  verifyIntegrationKey: (key: string) => Promise<number | null>;
};

/** The key an integration presents: `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
}

/** The caller's scope on a route that requires sign-in. */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw new Unauthorized('Authentication required');
  return request.scope;
}

export const authPlugin = fp(async function auth(app: FastifyInstance, options: AuthPluginOptions) {
  const { prefix, tokens, repository, verifyIntegrationKey } = options;
  app.decorateRequest('scope', null);
  app.decorateRequest('integrationKeyId', null);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    for (const method of methods) {
      const path = route.url.slice(prefix.length) || '/';
      const access = accessFor(method, path);
      if (!access)
        throw new Error(`No access rule for ${method} ${path} in @flowsight/domain/access`);
      const closedToRestricted = closedToRestrictedCompanies.has(`${method} ${path}`);
      route.config = { ...route.config, access, closedToRestricted };
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (access === 'integration') {
      const key = presentedKey(request);
      const keyId = key ? await verifyIntegrationKey(key) : null;
      if (keyId === null) throw new Unauthorized('A valid integration API key is required');
      request.integrationKeyId = keyId;
      return;
    }
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new Unauthorized('Authentication required');
    const claims = await tokens.verify(token);
    const session = await repository.findSession(claims.userId, claims.roleId);
    if (
      !session ||
      session.user_status_id !== UserStatus.Active ||
      session.token_version !== claims.tokenVersion
    ) {
      throw new Unauthorized('Session expired');
    }
    const restricted =
      request.routeOptions.config.closedToRestricted &&
      session.company_type_id === CompanyType.Restricted;
    if (!mayCall(access, session.user_role_type_id) || restricted) {
      throw new Forbidden('You do not have access to this');
    }
    request.scope = {
      userId: claims.userId,
      roleId: session.role_id,
      roleTypeId: session.user_role_type_id as RoleTypeId,
      companyId: session.company_id,
      companyTypeId: session.company_type_id,
      propertyId: session.property_id,
      buildingId: session.building_id,
      unitId: session.unit_id,
    };
  });
});
