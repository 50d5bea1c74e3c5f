// The header's field before the combobox has loaded (a file of its own: once loaded, the combobox
// stays loaded for the other tests).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { GlobalSearch } from './global-search';

describe('global search before its combobox has loaded', () => {
  it('shows the same closed combobox and hands over the focus and what was typed', async () => {
    mockApi({
      'GET /search/Har': () =>
        reply(200, {
          companies: [
            {
              id: 3,
              name: 'Harbor Homes',
              company_id: 3,
              property_id: null,
              building_id: null,
              context: null,
            },
          ],
          properties: [],
          buildings: [],
          units: [],
        }),
    });
    renderRoutes([{ path: '/', element: <GlobalSearch compact={false} /> }], { path: '/' });
    const waiting = screen.getByRole('combobox', { name: /search companies/i });
    expect(waiting.getAttribute('aria-expanded')).toBe('false');
    expect(waiting.getAttribute('placeholder')).toBe('Search by name…');

    waiting.focus();
    fireEvent.change(waiting, { target: { value: 'Har' } });

    expect(await screen.findByRole('option', { name: 'Harbor Homes' })).toBeTruthy();
    const combobox = screen.getByRole('combobox', { name: /search companies/i });
    expect(combobox).not.toBe(waiting);
    expect((combobox as HTMLInputElement).value).toBe('Har');
    await waitFor(() => expect(document.activeElement).toBe(combobox));
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
  });
});
