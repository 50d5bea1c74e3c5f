// Where a signed-in person goes: back to the page they asked for (the `returnUrl` query value,
// with its own search), otherwise their active role's default path (spec section 2).
import type { SessionRole } from '@flowsight/domain/auth';
import { defaultPathFor } from '@flowsight/domain/navigation';

export const RETURN_URL_PARAM = 'returnUrl';

export function defaultPathOf(role: SessionRole): string {
  return defaultPathFor(role.user_role_type_id, role.company_type_id);
}

/**
 * The `returnUrl` of a query string, when it is a path of this app. Anything else (another
 * site, `//host`, a `javascript:` URL) is ignored, so a crafted link cannot send people away.
 */
export function returnUrlFrom(search: string): string | null {
  const returnUrl = new URLSearchParams(search).get(RETURN_URL_PARAM);
  if (returnUrl === null || !returnUrl.startsWith('/') || /^\/[/\\]/.test(returnUrl)) return null;
  return returnUrl;
}

export function landingPath(search: string, role: SessionRole): string {
  return returnUrlFrom(search) ?? defaultPathOf(role);
}

/** The sign-in page that brings the person back to `path` (path and search) afterwards. */
export function loginPathReturningTo(path: string): string {
  return `/login?${new URLSearchParams({ [RETURN_URL_PARAM]: path }).toString()}`;
}
