// The single guard of every /api route. At registration each route must have an entry in the
// access table of `@flowsight/domain/access` (otherwise the app refuses to start). At request time
// the bearer token is verified, its user, role and token version are checked against the database,
// the role type is checked against the table, and the caller's scope is resolved once and put on
// the request for the data layer. Ingest routes take an integration API key instead of a token.
import { type Access, accessFor, mayCall } from '@flowsight/domain/access';
import { CompanyType, UserStatus } from '@flowsight/domain/lookups';
import { restrictedMayCall } from '@flowsight/domain/restricted-companies';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, Unauthorized } from '../lib/errors.ts';
import { type Scope, scopeOfRole } from '../lib/tenant-scope.ts';
import type { TokenService, VerifiedToken } from '../lib/tokens.ts';
import type { AuthRepository, SessionRecord } from '../modules/auth/auth.repository.ts';
import type { VerifiedKey } from '../modules/integrations/integration-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's resolved scope; null on public and integration routes. */
    scope: Scope | null;
    /** The integration API key that authenticated an ingest call, with its scope. */
    integrationKey: VerifiedKey | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The route's key in the access tables, `METHOD /path` below the prefix. */
    accessKey?: string;
  }
}

export type AuthPluginOptions = {
  prefix: string;
  tokens: TokenService;
  repository: AuthRepository;
  /** Resolves an integration API key to its id and scope, or null when unknown or revoked. */
  verifyIntegrationKey: (key: string) => Promise<VerifiedKey | null>;
};

/** The token of `Authorization: Bearer <token>`, if the call carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
}

/** The key an integration presents: `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  return bearerToken(request);
}

/**
 * The session an access token stands for, checked against the database: the user active, the
 * token's version current, its role still the user's and the token not signed out; otherwise 401.
 * The guard runs it on every call, and the live alert stream again while it stays open.
 */
export async function currentSession(
  tokens: TokenService,
  repository: AuthRepository,
  token: string,
): Promise<{ claims: VerifiedToken; session: SessionRecord }> {
  const claims = await tokens.verify(token);
  const session = await repository.findSession(claims.userId, claims.roleId, claims.tokenId);
  if (
    !session ||
    session.user_status_id !== UserStatus.Active ||
    session.token_version !== claims.tokenVersion
  ) {
    throw new Unauthorized('Session expired');
  }
  return { claims, session };
}

/** The caller's scope on a route that requires sign-in. */
export function scopeOf(request: FastifyRequest): Scope {
  if (!request.scope) throw new Unauthorized('Authentication required');
  return request.scope;
}

export const authPlugin = fp(async function auth(app: FastifyInstance, options: AuthPluginOptions) {
  const { prefix, tokens, repository, verifyIntegrationKey } = options;
  app.decorateRequest('scope', null);
  app.decorateRequest('integrationKey', null);

  // Each /api route has one method and its rule. Fastify adds a HEAD route for each GET, which
  // runs the GET handler: HEAD takes the GET rule.
  app.addHook('onRoute', (route) => {
    const path = route.url.slice(prefix.length) || '/';
    const methods = [route.method].flat();
    const [method] = methods;
    if (methods.length !== 1 || !method)
      throw new Error(`Route ${path} must have exactly one method, each with its access rule`);
    const ruled = method === 'HEAD' ? 'GET' : method;
    const access = accessFor(ruled, path);
    if (!access) throw new Error(`No access rule for ${ruled} ${path} in @flowsight/domain/access`);
    route.config = { ...route.config, access, accessKey: `${ruled} ${path}` };
  });

  app.addHook('onRequest', async (request) => {
    // An unknown path reaches the not-found handler; a route without a rule is refused.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw new Forbidden('You do not have access to this');
    if (access === 'public') return;
    if (access === 'integration') {
      const key = presentedKey(request);
      const verified = key ? await verifyIntegrationKey(key) : null;
      if (verified === null) throw new Unauthorized('A valid integration API key is required');
      request.integrationKey = verified;
      return;
    }
    const token = bearerToken(request);
    if (!token) throw new Unauthorized('Authentication required');
    const { claims, session } = await currentSession(tokens, repository, token);
    // A restricted (type 3) company's roles call only what its allow-list names.
    const restricted =
      session.company_type_id === CompanyType.Restricted &&
      !restrictedMayCall(request.routeOptions.config.accessKey ?? '', session.user_role_type_id);
    if (!mayCall(access, session.user_role_type_id) || restricted) {
      throw new Forbidden('You do not have access to this');
    }
    request.scope = scopeOfRole(claims.userId, session);
  });
});
