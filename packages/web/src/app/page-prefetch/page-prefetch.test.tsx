import type { SessionRole } from '@flowsight/domain/auth';
import type { QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPage, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  apt101,
  harborCompany,
  harborPoint,
  managerRole,
  northTower,
  systemAdminRole,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';
import { appRoutes } from '../router';

// Each page's module loads only when its test lets it, so a call made before is its loader's.
// Each module is gated in one test only (a module loads once per file).
const modules = vi.hoisted(() => {
  const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
  const gate = (name: string) => {
    let found = gates.get(name);
    if (found === undefined) {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      found = { opened, open };
      gates.set(name, found);
    }
    return found;
  };
  return { gate, loaded: new Set<string>() };
});

const gated = async <T,>(name: string, load: () => Promise<T>) => {
  await modules.gate(name).opened;
  modules.loaded.add(name);
  return load();
};

vi.mock('@/features/users/routes/users-page', (load) => gated('users-page', load));
vi.mock('@/features/overview/routes/overview-page', (load) => gated('overview-page', load));
vi.mock('@/features/gateways/routes/gateways-page', (load) => gated('gateways-page', load));
vi.mock('@/features/events/routes/events-page', (load) => gated('events-page', load));
vi.mock('@/features/submissions/routes/submission-list-pages', (load) =>
  gated('submission-list-pages', load),
);
vi.mock('@/features/portfolio/routes/list-pages', (load) => gated('list-pages', load));
vi.mock('@/features/portfolio/routes/company-page', (load) => gated('company-page', load));
vi.mock('@/features/portfolio/routes/property-page', (load) => gated('property-page', load));
vi.mock('@/features/portfolio/routes/building-page', (load) => gated('building-page', load));
vi.mock('@/features/portfolio/routes/unit-page', (load) => gated('unit-page', load));
vi.mock('@/features/alerts/routes/record-alerts-tab', (load) => gated('record-alerts-tab', load));
vi.mock('@/features/micrometers/routes/record-micrometers-tab', (load) =>
  gated('record-micrometers-tab', load),
);
vi.mock('@/features/submissions/routes/record-submissions-tab', (load) =>
  gated('record-submissions-tab', load),
);
vi.mock('@/features/users/routes/property-users-tab', (load) => gated('property-users-tab', load));
vi.mock('../routes/dashboard-entry', (load) => gated('dashboard-entry', load));

const callsTo = (api: MockApi, call: string) => api.calls().filter((made) => made === call);

afterEach(() => {
  vi.unstubAllGlobals();
});

type Case = {
  path: string;
  role: SessionRole;
  /** The page's modules (gated until the loader's calls are made). */
  modules: string[];
  /**
   * The calls the loaders make, the cache key (prefix) each one's answer is kept under, and the
   * answer (an empty list page unless given).
   */
  calls: { call: string; key: QueryKey; body?: unknown; status?: number }[];
};

const failure = { statusCode: 500, error: 'Internal Server Error', message: 'Failed' };

/** The records of the address, as the record pages read them. */
const records = {
  company: harborCompany,
  property: harborPoint,
  building: northTower,
  unit: apt101,
};

/**
 * The loaders make each call before the page's code has loaded; once it has, the page reads the
 * entry the loader filled (it observes it) and the cache holds no other under the key: a page
 * and a loader that disagree on a key or on the address's parameters keep two entries.
 */
async function expectPrefetched({ path, role, modules: names, calls }: Case) {
  const handlers = Object.fromEntries(
    calls.map(({ call, body, status }) => [call, () => reply(status ?? 200, body ?? listPage([]))]),
  );
  const api = signedInApi(role, handlers);
  const { queryClient } = renderRoutes(appRoutes, { path });

  for (const { call } of calls) {
    await waitFor(() => expect(callsTo(api, call)).toHaveLength(1));
  }
  for (const name of names) expect(modules.loaded.has(name)).toBe(false);

  for (const name of names) modules.gate(name).open();
  const cache = queryClient.getQueryCache();
  for (const { call, key } of calls) {
    await waitFor(() => {
      const entries = cache.findAll({ queryKey: key });
      expect(entries, call).toHaveLength(1);
      expect(entries[0]?.getObserversCount(), call).toBeGreaterThan(0);
    });
  }
}

describe('page prefetches', () => {
  it('start /users’ first page', () =>
    expectPrefetched({
      path: '/users',
      role: systemAdminRole,
      modules: ['users-page'],
      calls: [{ call: 'GET /users', key: ['users', 'list'] }],
    }));

  it('start every card of /dashboard for a company role (the alerts chart waits for the time zone)', () =>
    expectPrefetched({
      path: '/dashboard',
      role: managerRole,
      modules: ['dashboard-entry'],
      // Failed reads: each card still reads the loader's entry (and shows the error).
      calls: [
        ['GET /companies/1/statistics', ['usage', 'statistics', 'company-1']],
        ['GET /companies/1/needs-attention', ['usage', 'needs-attention', 1]],
        ['GET /companies/1/gallons', ['usage', 'gallons', 'company-1']],
        ['GET /companies/1/top-gallons-units', ['usage', 'top-units', 1]],
        ['GET /companies/1/appliance-gallons', ['usage', 'appliance-gallons', 'company-1']],
      ].map(([call, key]) => ({
        call: call as string,
        key: key as QueryKey,
        status: 500,
        body: failure,
      })),
    }));

  it('start /overview’s figures', () =>
    expectPrefetched({
      path: '/overview',
      role: systemAdminRole,
      modules: ['overview-page'],
      // A failed read: the page still reads the loader's entry (and shows the error).
      calls: [{ call: 'GET /overview', key: ['overview'], status: 500, body: failure }],
    }));

  it('start /gateways’ first page', () =>
    expectPrefetched({
      path: '/gateways?search=gw',
      role: systemAdminRole,
      modules: ['gateways-page'],
      calls: [{ call: 'GET /gateways', key: ['gateways', 'list'] }],
    }));

  it('start /events’ first page', () =>
    expectPrefetched({
      path: '/events',
      role: systemAdminRole,
      modules: ['events-page'],
      calls: [{ call: 'GET /events', key: ['events', 'list'] }],
    }));

  it('start a readings list’s first page', () =>
    expectPrefetched({
      path: '/submissions/keep-alive',
      role: systemAdminRole,
      modules: ['submission-list-pages'],
      calls: [{ call: 'GET /submissions/keepalive', key: ['submissions', 'list'] }],
    }));

  it('start /properties’ first page, as the address sorts it', () =>
    expectPrefetched({
      path: '/properties?sortBy=city_name:DESC',
      role: systemAdminRole,
      modules: ['list-pages'],
      calls: [{ call: 'GET /properties', key: ['portfolio', 'properties'] }],
    }));

  it('start a company’s record and its alerts tab together', () =>
    expectPrefetched({
      path: '/companies/1/alerts',
      role: managerRole,
      modules: ['company-page', 'record-alerts-tab'],
      calls: [
        {
          call: 'GET /companies/1',
          key: ['portfolio', 'record', 'company', 1],
          body: records.company,
        },
        { call: 'GET /companies/1/alerts', key: ['alerts', 'list', 'company-1'] },
      ],
    }));

  it('start a property’s records and its users tab together', () =>
    expectPrefetched({
      path: '/companies/1/properties/7/users',
      role: managerRole,
      modules: ['property-page', 'property-users-tab'],
      calls: [
        {
          call: 'GET /companies/1',
          key: ['portfolio', 'record', 'company', 1],
          body: records.company,
        },
        {
          call: 'GET /properties/7',
          key: ['portfolio', 'record', 'property', 7],
          body: records.property,
        },
        { call: 'GET /properties/7/users', key: ['users', 'list'] },
      ],
    }));

  it('start a building’s micrometers tab', () =>
    expectPrefetched({
      path: '/companies/1/properties/7/buildings/9/micrometers',
      role: managerRole,
      modules: ['building-page', 'record-micrometers-tab'],
      calls: [
        {
          call: 'GET /buildings/9',
          key: ['portfolio', 'record', 'building', 9],
          body: records.building,
        },
        { call: 'GET /buildings/9/sensors', key: ['micrometers', 'list', 'building-9'] },
      ],
    }));

  it('start a unit’s readings tab', () =>
    expectPrefetched({
      path: '/companies/1/properties/7/buildings/9/units/11/submissions',
      role: managerRole,
      modules: ['unit-page', 'record-submissions-tab'],
      calls: [
        { call: 'GET /units/11', key: ['portfolio', 'record', 'unit', 11], body: records.unit },
        { call: 'GET /units/11/submissions', key: ['submissions', 'list', 'unit-11'] },
      ],
    }));
});
