import type { MenuItem } from '@flowsight/domain/web-access';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SideMenu } from './side-menu';

function renderMenu(items: readonly MenuItem[]) {
  const router = createMemoryRouter([{ path: '*', element: <SideMenu items={items} /> }], {
    initialEntries: ['/dashboard'],
  });
  return render(<RouterProvider router={router} />);
}

describe('side menu: a misconfigured navigation group (spec section 8)', () => {
  it("reports a group without pages as 'Fix - Navigation Group'", () => {
    renderMenu([
      { id: 'dashboard', path: '/dashboard' },
      { id: 'statistics', path: '/statistics', children: [] },
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Fix - Navigation Group');
    expect(screen.getByTestId('menu-dashboard')).toBeTruthy();
  });

  it('reports a group nested in a group, and shows a well-formed group as a group', () => {
    renderMenu([
      {
        id: 'statistics',
        path: '/statistics',
        children: [{ id: 'reports', path: '/reports', children: [] }],
      },
      { id: 'overview', path: '/overview', children: [{ id: 'events', path: '/events' }] },
    ]);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Fix - Navigation Group',
    ]);
    expect(screen.getByTestId('menu-overview').getAttribute('aria-expanded')).toBe('false');
  });
});
