// What every route module writes the same way: a route's documentation (tag, operationId,
// summary and schemas), the usual refusals, and the path segment of each level of the hierarchy.
// Security and the 400/401/403 answers the plugins give are not written per route: the OpenAPI
// plugin derives them from the access table (`plugins/openapi.ts`).

import { levelPlural } from '@flowsight/domain/level-plurals';
import { type PortfolioLevel, portfolioLevels } from '@flowsight/domain/portfolio';
import { errorSchema, idParams } from './http-schemas.ts';

/** The refusals of a call that changes a record: invalid, not allowed, not found, conflicting. */
export const errorResponses = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** The refusals of a read: a request it cannot take, or nothing the caller sees. */
export const readErrors = { 400: errorSchema, 404: errorSchema };

/** The schemas of a call on one record by `/:id`: its answer, or 404 when the caller sees none. */
export const byId = <A>(answer: A) => ({
  params: idParams,
  response: { 200: answer, 404: errorSchema },
});

/** The schemas of a call that sends a body to one record by `/:id`: its answer, or a refusal. */
export const changeById = <B, A>(body: B, answer: A) => ({
  params: idParams,
  body,
  response: { 200: answer, ...errorResponses },
});

/** `changeById` for a call that creates a record under the one of `/:id`, answered with 201. */
export const createUnderId = <B, A>(body: B, created: A) => ({
  params: idParams,
  body,
  response: { 201: created, ...errorResponses },
});

/**
 * A route's documentation. The operationId is the verb-noun name clients generate their methods
 * from (`listGateways`, `getBuilding`): once published it stays, even when the summary changes.
 */
export const routeDoc = <T extends object>(
  tag: string,
  operationId: string,
  summary: string,
  schema: T,
) => ({ schema: { tags: [tag], operationId, summary, ...schema } });

/** `routeDoc` for a module whose routes share one tag. */
export const routeDocs =
  (tag: string) =>
  <T extends object>(operationId: string, summary: string, schema: T) =>
    routeDoc(tag, operationId, summary, schema);

/** The options of a route at the module's own prefix (`GET /api/users`, no trailing slash). */
export const atPrefix = <T extends object>(options: T) => ({
  prefixTrailingSlash: 'no-slash' as const,
  ...options,
});

/** Path segment of each level, as the hierarchy's own routes name it. */
export const levelPaths: readonly [string, PortfolioLevel][] = portfolioLevels.map((level) => [
  levelPlural[level],
  level,
]);

/** A level or a path segment as it appears inside an operationId: `parsed-old` → `ParsedOld`. */
export const pascalCase = (words: string): string =>
  words
    .split('-')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');
