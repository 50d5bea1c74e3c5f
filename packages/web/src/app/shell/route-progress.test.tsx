import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { RouteProgress } from './route-progress';

function Slow() {
  return null;
}

describe('route progress', () => {
  it('shows while the next route’s code loads, and not before', async () => {
    let loaded: (value: { Component: () => null }) => void = () => undefined;
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <RouteProgress />
            <Link to="/slow">slow</Link>
            <Outlet />
          </>
        ),
        children: [
          {
            path: 'slow',
            lazy: () =>
              new Promise<{ Component: () => null }>((resolve) => {
                loaded = resolve;
              }),
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText('slow');
    expect(screen.queryByTestId('route-progress')).toBeNull();
    fireEvent.click(screen.getByText('slow'));
    expect(await screen.findByTestId('route-progress')).toBeTruthy();
    loaded({ Component: Slow });
    await screen.findByText('slow');
    await expect.poll(() => screen.queryByTestId('route-progress')).toBeNull();
  });
});
