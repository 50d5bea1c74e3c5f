// What the active role may do, read from the domain's permission matrix (`apiAccess`), the table
// the server's guard enforces, so a control shows exactly when the call behind it would be
// allowed. The one place the web asks it: routes are typed (`ApiRoute`), so a misspelt route is a
// compile error, not a button that never shows.
import { type ApiRoute, apiAccess, mayCall } from '@flowsight/domain/access';

export type { ApiRoute };

/** Whether the role may call the route (`METHOD /path` below /api). */
export const mayCallRoute = (route: ApiRoute, roleTypeId: number): boolean =>
  mayCall(apiAccess[route], roleTypeId);

/** A page's controls at once: each named action's route, answered for the role. */
export function permissionsOf<const A extends string>(
  routes: Readonly<Record<A, ApiRoute>>,
  roleTypeId: number,
): Record<A, boolean> {
  const answer = {} as Record<A, boolean>;
  for (const action of Object.keys(routes) as A[]) {
    answer[action] = mayCallRoute(routes[action], roleTypeId);
  }
  return answer;
}
