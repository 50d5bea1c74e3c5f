import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockApi, mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { ExportAllDialog } from './export-all-dialog';

let saved: string[] = [];
let closed = 0;

beforeEach(() => {
  saved = [];
  closed = 0;
  // jsdom has no object URLs and does not download: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:flowsight/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function csvFile(name: string) {
  return () =>
    new Response('\uFEFFID,Name\r\n1,Harbor Homes\r\n', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
      },
    });
}

function renderDialog() {
  renderRoutes([
    {
      path: '/',
      element: (
        <ExportAllDialog
          open
          onClose={() => {
            closed += 1;
          }}
        />
      ),
    },
  ]);
  return screen.findByRole('dialog', { name: 'Export all to CSV' });
}

function exportButton(dialog: HTMLElement) {
  return within(dialog).getByRole('button', { name: 'Export' }) as HTMLButtonElement;
}

function exportPaths(api: MockApi) {
  return api.requests.map((request) => {
    const url = new URL(request.url);
    return `${url.pathname}?timeZone=${url.searchParams.get('timeZone')}`;
  });
}

describe('Export all to CSV', () => {
  it('keeps Export disabled until a data set is ticked', async () => {
    mockApi();
    const dialog = await renderDialog();
    expect(exportButton(dialog).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Units' }));
    expect(exportButton(dialog).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Units' }));
    expect(exportButton(dialog).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    // Every export-all data set of the specification is offered.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map(
          (box) => box.getAttribute('name') ?? (box as HTMLInputElement).labels?.[0]?.textContent,
        ),
    ).toEqual(expect.arrayContaining(['Micrometers', 'Gateways', 'Companies', 'Users', 'Cities']));
  });

  it('downloads each ticked set under the name the server gives and says all were downloaded', async () => {
    const api = mockApi({
      'GET /companies/export-all': csvFile('companies-2026-05-01.csv'),
      'GET /location/cities/export-all': csvFile('cities-2026-05-01.csv'),
    });
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const dialog = await renderDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Cities' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Companies' }));
    fireEvent.click(exportButton(dialog));

    expect(await screen.findByText('All files were downloaded successfully')).toBeTruthy();
    expect(exportPaths(api)).toEqual([
      `/api/companies/export-all?timeZone=${timeZone}`,
      `/api/location/cities/export-all?timeZone=${timeZone}`,
    ]);
    expect(saved).toEqual(['companies-2026-05-01.csv', 'cities-2026-05-01.csv']);
    expect(closed).toBe(1);
  });

  it('shows the server’s message when an export is refused, and stays open', async () => {
    mockApi({
      'GET /users/export-all': () =>
        reply(403, { statusCode: 403, error: 'Forbidden', message: 'Not allowed for this role' }),
    });
    const dialog = await renderDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Users' }));
    fireEvent.click(exportButton(dialog));
    expect(await screen.findByText('Not allowed for this role')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(closed).toBe(0);
    await waitFor(() => expect(exportButton(dialog).disabled).toBe(false));
  });

  it('says "An error has occurred" when the failure carries no message', async () => {
    mockApi({ 'GET /buildings/export-all': () => new Response('', { status: 502 }) });
    const dialog = await renderDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Buildings' }));
    fireEvent.click(exportButton(dialog));
    expect(await screen.findByText('An error has occurred')).toBeTruthy();
    expect(closed).toBe(0);
  });
});
