import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockApi, mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import type { PortfolioSearchResult } from '../api/search-portfolio';
import { GlobalSearch } from './global-search';

type Hit = PortfolioSearchResult['units'][number];

function hit(id: number, name: string, overrides: Partial<Hit> = {}): Hit {
  return {
    id,
    name,
    company_id: 3,
    property_id: null,
    building_id: null,
    context: null,
    ...overrides,
  };
}

const harborAnswer: PortfolioSearchResult = {
  companies: [hit(3, 'Harbor Homes')],
  properties: [hit(12, 'Harbor View', { property_id: 12, context: 'Harbor Homes' })],
  buildings: [],
  units: Array.from({ length: 5 }, (_, index) =>
    hit(500 + index, `Harbor Unit ${index + 1}`, {
      property_id: 12,
      building_id: 40,
      context: 'Harbor View · Tower A',
    }),
  ),
};

function searchApi(answer: (text: string) => Response = () => reply(200, harborAnswer)): MockApi {
  const api = mockApi();
  const handler = (request: Request) => {
    const text = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
    return answer(text);
  };
  for (const text of ['H', 'Ha', 'Har', 'Harbor', 'zzz', 'Harbor Unit']) {
    api.on(`GET /search/${encodeURIComponent(text)}`, handler);
  }
  return api;
}

function renderSearch(compact = false) {
  return renderRoutes(
    [
      { path: '/', element: <GlobalSearch compact={compact} /> },
      { path: '*', element: <p data-testid="opened-page">opened</p> },
    ],
    { path: '/' },
  );
}

function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('global search', () => {
  it('titles a numbered unit "Unit 403" in the results', async () => {
    searchApi(() =>
      reply(200, {
        ...harborAnswer,
        units: [hit(503, '403', { property_id: 12, building_id: 40, context: 'Harbor View' })],
      }),
    );
    renderSearch();
    type(screen.getByRole('combobox', { name: /search companies/i }), 'Harbor');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 3000 });
    const units = within(listbox).getByRole('group', { name: 'Units' });
    expect(within(units).getByRole('option').textContent).toBe('Unit 403Harbor View');
  });

  it(`asks once, ${SEARCH_DEBOUNCE_MS} ms after the last key`, async () => {
    const api = searchApi();
    renderSearch();
    const input = screen.getByRole('combobox', { name: /search companies/i });
    type(input, 'H');
    type(input, 'Ha');
    type(input, 'Har');
    type(input, 'Harbor');
    const typedAt = Date.now();
    expect(await screen.findByText('Searching…')).toBeTruthy();
    expect(api.calls()).toEqual([]);

    await screen.findAllByTestId('search-result');
    const askedAt = Date.now();
    expect(api.calls()).toEqual(['GET /search/Harbor']);
    expect(askedAt - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 20);
  });

  it('groups the hits under a heading per level, levels without hits left out', async () => {
    searchApi();
    renderSearch();
    type(screen.getByRole('combobox'), 'Harbor');
    const listbox = await screen.findByRole('listbox');
    const groups = await within(listbox).findAllByRole('group');
    expect(groups).toHaveLength(3);
    expect(
      within(listbox)
        .getAllByTestId('search-group')
        .map((heading) => heading.textContent),
    ).toEqual(['Companies', 'Properties', 'Units']);
    const units = within(listbox).getByRole('group', { name: 'Units' });
    expect(within(units).getAllByRole('option')).toHaveLength(5);
    expect(within(units).getAllByRole('option')[0]?.textContent).toBe(
      'Harbor Unit 1Harbor View · Tower A',
    );
    expect(
      within(within(listbox).getByRole('group', { name: 'Companies' })).getByRole('option')
        .textContent,
    ).toBe('Harbor Homes');
  });

  it('moves through the hits with the arrow keys and opens the highlighted one with Enter', async () => {
    searchApi();
    const { router } = renderSearch();
    type(screen.getByRole('combobox'), 'Harbor');
    const options = await screen.findAllByRole('option');
    // The combobox that answers, which replaces the field typed into when its code first loads.
    const input = screen.getByRole('combobox');
    // The first hit is highlighted as soon as the answer arrives.
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByTestId('opened-page');
    expect(router.state.location.pathname).toBe('/companies/3/properties/12');
  });

  it('opens a unit’s page under its company, property and building', async () => {
    searchApi();
    const { router } = renderSearch();
    type(screen.getByRole('combobox'), 'Harbor');
    fireEvent.click(await screen.findByRole('option', { name: /Harbor Unit 3/ }));
    await screen.findByTestId('opened-page');
    expect(router.state.location.pathname).toBe(
      '/companies/3/properties/12/buildings/40/units/502',
    );
  });

  it('closes the list with Escape', async () => {
    searchApi();
    renderSearch();
    type(screen.getByRole('combobox'), 'Harbor');
    await screen.findByRole('listbox');
    const input = screen.getByRole('combobox');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says "No matches" when nothing matches', async () => {
    searchApi(() => reply(200, { companies: [], properties: [], buildings: [], units: [] }));
    renderSearch();
    type(screen.getByRole('combobox'), 'zzz');
    expect(await screen.findByText('No matches')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('says so when the search fails', async () => {
    searchApi(() => reply(500, { statusCode: 500, error: 'Internal', message: 'x' }));
    renderSearch();
    type(screen.getByRole('combobox'), 'Harbor');
    expect(await screen.findByText('The search did not answer. Try again.')).toBeTruthy();
  });

  it('on a phone opens full screen from the search button and closes after opening a hit', async () => {
    searchApi();
    const { router } = renderSearch(true);
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    type(within(dialog).getByRole('combobox'), 'Harbor Unit');
    fireEvent.click(await within(dialog).findByRole('option', { name: /Harbor Unit 1/ }));
    await screen.findByTestId('opened-page');
    expect(router.state.location.pathname).toBe(
      '/companies/3/properties/12/buildings/40/units/500',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
