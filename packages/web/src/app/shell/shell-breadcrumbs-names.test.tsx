import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { ShellBreadcrumbs } from './shell-breadcrumbs';

const routes = [{ path: '*', Component: ShellBreadcrumbs }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('breadcrumb names', () => {
  it('shows the names of the company, property, building and unit in the path', async () => {
    mockApi({
      'GET /companies/1': () => Response.json({ id: 1, name: 'Harborview Residential Group' }),
      'GET /properties/2': () => Response.json({ id: 2, name: 'Beacon Court' }),
      'GET /buildings/3': () => Response.json({ id: 3, name: 'North Tower' }),
      'GET /units/4': () => Response.json({ id: 4, name: 'Apartment 4B' }),
    });
    renderRoutes(routes, { path: '/companies/1/properties/2/buildings/3/units/4' });
    for (const name of ['Harborview Residential Group', 'Beacon Court', 'North Tower']) {
      expect(await screen.findByRole('link', { name })).toBeTruthy();
    }
    expect(await screen.findByText('Apartment 4B')).toBeTruthy();
  });

  it('shows every name of a unit page at desktop width, the unit as "Unit 403"', async () => {
    mockApi({
      'GET /companies/1': () => Response.json({ id: 1, name: 'Harborview Residential Group' }),
      'GET /properties/2': () => Response.json({ id: 2, name: 'Harbor Point Apartments' }),
      'GET /buildings/3': () => Response.json({ id: 3, name: 'Harbor Point North' }),
      'GET /units/4': () => Response.json({ id: 4, name: '403' }),
    });
    renderRoutes(routes, { path: '/companies/1/properties/2/buildings/3/units/4/micrometers' });
    const trail = await screen.findByTestId('breadcrumbs');
    expect(await within(trail).findByRole('link', { name: 'Unit 403' })).toBeTruthy();
    await within(trail).findByRole('link', { name: 'Harbor Point North' });
    expect(within(trail).queryByRole('button', { name: 'Show the whole path' })).toBeNull();
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Companies',
      'Harborview Residential Group',
      'Properties',
      'Harbor Point Apartments',
      'Buildings',
      'Harbor Point North',
      'Units',
      'Unit 403',
      'Micrometers',
    ]);
  });

  it('collapses a long trail on a phone, and expands it on request', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    mockApi({ 'GET /units/4': () => Response.json({ id: 4, name: '403' }) });
    renderRoutes(routes, { path: '/companies/1/properties/2/buildings/3/units/4/micrometers' });
    const trail = await screen.findByTestId('breadcrumbs');
    await within(trail).findByRole('link', { name: 'Unit 403' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Companies', '', 'Unit 403', 'Micrometers']);
    fireEvent.click(within(trail).getByRole('button', { name: 'Show the whole path' }));
    expect(within(trail).getAllByRole('listitem')).toHaveLength(9);
  });

  it('keeps the id label when the record cannot be read', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/companies/9' });
    expect(await screen.findByText('Company 9')).toBeTruthy();
  });
});
