// Direct API calls for test set-up: sign-ins, a fresh invited user per test (so tests that change
// a password or MFA never touch the shared demo users), MFA and token checks.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, newestMailTo } from './mail.ts';

export const DEMO_PASSWORD = 'Demo!2026flow';

export type SessionRole = {
  id: number;
  user_role_type_id: number;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  company_type_id: number | null;
  allow_assignment: boolean;
  description: string;
};

export type Session = {
  user: { id: number; email: string; first_name: string; last_name: string; mfa: number };
  roles: SessionRole[];
  active_role_id: number;
  access_token: string;
};

export type TestUser = { email: string; password: string; firstName: string; lastName: string };

const COMPANY_ADMIN_ROLE_TYPE = 4;

/** The header that carries an access token. */
export function auth(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** A GET that must answer 200, its body parsed; a failure names the path and the answer. */
export async function getJson<T>(
  request: APIRequestContext,
  path: string,
  token: string,
): Promise<T> {
  const answer = await request.get(path, { headers: auth(token) });
  expect(answer.status(), `GET ${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/** Signs in through the API; the account must not use MFA. */
export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Session> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const session = (await response.json()) as Session & { mfa_enabled: boolean };
  expect(session.mfa_enabled, `${email} signs in without MFA`).toBe(false);
  return session;
}

// One admin session and company per worker: sign-ins are rate limited per client address.
let inviter: Promise<{ token: string; companyId: number }> | undefined;

function inviterFor(request: APIRequestContext) {
  inviter ??= (async () => {
    const admin = await signInThroughApi(request, 'admin@flowsight.test');
    // There is no companies API yet: the first demo company is company.admin's.
    const companyAdmin = await signInThroughApi(request, 'company.admin@flowsight.test');
    const companyId = companyAdmin.roles[0]?.company_id;
    if (companyId === null || companyId === undefined) {
      throw new Error('company.admin@flowsight.test has no company');
    }
    return { token: admin.access_token, companyId };
  })();
  return inviter;
}

/**
 * A new Company Admin of the first demo company, invited by the system admin and registered
 * through the invitation link the invitation email carries.
 */
export async function createRegisteredUser(request: APIRequestContext): Promise<TestUser> {
  const { token, companyId } = await inviterFor(request);
  const user: TestUser = {
    email: `e2e-${randomUUID().slice(0, 12)}@flowsight.test`,
    password: 'Fresh!2026flow',
    firstName: 'Robin',
    lastName: 'Tester',
  };
  const since = Date.now();
  const created = await request.post('/api/users', {
    headers: auth(token),
    data: {
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      roles: [{ user_role_type_id: COMPANY_ADMIN_ROLE_TYPE, company_id: companyId }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const invitation = await newestMailTo(user.email, { since });
  const link = new URL(linkIn(invitation, '/register'), 'http://e2e.invalid');
  const registered = await request.post('/api/auth/register', {
    data: {
      token: link.searchParams.get('token'),
      first_name: user.firstName,
      last_name: user.lastName,
      password: user.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return user;
}

export async function setMfa(request: APIRequestContext, token: string, enabled: boolean) {
  const response = await request.put(`/api/users/update-mfa-status/${enabled ? 1 : 0}`, {
    headers: auth(token),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The status `GET /api/auth/me` answers for a token. */
export async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/auth/me', { headers: auth(token) })).status();
}
