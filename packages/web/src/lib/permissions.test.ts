import { apiAccess } from '@flowsight/domain/access';
import { RoleType } from '@flowsight/domain/lookups';
import { describe, expect, it } from 'vitest';
import { mayCallRoute, permissionsOf } from './permissions';

const { SystemAdmin, CompanyAdmin, CompanyManager, SensorTester } = RoleType;

describe('permissions', () => {
  it('answers from the API access table the server enforces', () => {
    expect(mayCallRoute('POST /companies', SystemAdmin)).toBe(true);
    expect(mayCallRoute('POST /companies', CompanyAdmin)).toBe(false);
    expect(mayCallRoute('PUT /properties/:id', CompanyAdmin)).toBe(true);
    expect(mayCallRoute('PUT /properties/:id', CompanyManager)).toBe(false);
    expect(mayCallRoute('DELETE /sensors/tested', SensorTester)).toBe(
      (apiAccess['DELETE /sensors/tested'] as readonly number[]).includes(SensorTester),
    );
  });

  it('answers a page of actions at once', () => {
    const routes = { create: 'POST /gateways', read: 'GET /gateways' } as const;
    expect(permissionsOf(routes, SystemAdmin)).toEqual({ create: true, read: true });
    expect(permissionsOf(routes, CompanyManager)).toEqual({
      create: mayCallRoute('POST /gateways', CompanyManager),
      read: mayCallRoute('GET /gateways', CompanyManager),
    });
  });

  it('refuses a route the table does not have, at compile time', () => {
    // @ts-expect-error a misspelt route is no ApiRoute
    expect(() => mayCallRoute('POST /companys', SystemAdmin)).toThrow();
  });
});
