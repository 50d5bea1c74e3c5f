import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { ShellBreadcrumbs } from './shell-breadcrumbs';

const routes = [{ path: '*', Component: ShellBreadcrumbs }];

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

  it('keeps the id label when the record cannot be read', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/companies/9' });
    expect(await screen.findByText('Company 9')).toBeTruthy();
  });
});
