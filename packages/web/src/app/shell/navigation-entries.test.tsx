// Reports and Statistics in the side menu of the roles that may open them (never for a
// restricted company), and Settings (profile, security, contacts) in the user menu.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const systemAdmin = roleFixture({
  id: 31,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const companyAdmin = roleFixture({ id: 32, user_role_type_id: 4 });
const companyManager = roleFixture({ id: 33, user_role_type_id: 5 });
const restrictedAdmin = roleFixture({ id: 34, user_role_type_id: 4, company_type_id: 3 });
const installer = roleFixture({ id: 35, user_role_type_id: 13 });

async function sideMenu() {
  fireEvent.click(await screen.findByTestId('drawer-toggle'));
  return screen.findByTestId('side-menu');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('side menu: Reports and Statistics', () => {
  it.each([
    ['system admin', systemAdmin, '/companies'],
    ['company admin', companyAdmin, '/reports'],
    ['company manager', companyManager, '/reports'],
  ])('links both pages for a %s, with their names', async (_name, role, path) => {
    signedInApi(role);
    renderRoutes(appRoutes, { path });
    const menu = await sideMenu();
    const reports = within(menu).getByTestId('menu-reports');
    const statistics = within(menu).getByTestId('menu-statistics');
    expect(reports.textContent).toBe('Reports');
    expect(reports.getAttribute('href')).toBe('/reports');
    expect(statistics.textContent).toBe('Statistics');
    expect(statistics.getAttribute('href')).toBe('/statistics');
  });

  it('keeps both out of the menu of a restricted (type 3) company', async () => {
    signedInApi(restrictedAdmin);
    renderRoutes(appRoutes, { path: '/companies/1/properties' });
    const menu = await sideMenu();
    expect(within(menu).getByTestId('menu-properties')).toBeTruthy();
    expect(within(menu).queryByTestId('menu-reports')).toBeNull();
    expect(within(menu).queryByTestId('menu-statistics')).toBeNull();
  });

  it('opens Statistics from the menu on the company’s usage, not an empty page', async () => {
    const api = signedInApi(companyManager);
    const { router } = renderRoutes(appRoutes, { path: '/reports' });
    fireEvent.click(within(await sideMenu()).getByTestId('menu-statistics'));
    await screen.findByTestId('statistics-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/statistics/usage'));
    await waitFor(() => expect(api.calls()).toContain('GET /companies/1/statistics'));
    expect(screen.queryByTestId('statistics-choose-company')).toBeNull();
  });
});

describe('user menu: Settings', () => {
  it.each([
    ['system admin', systemAdmin, '/companies'],
    ['company manager', companyManager, '/reports'],
    ['restricted company admin', restrictedAdmin, '/companies/1/properties'],
  ])('leads a %s to Settings (profile, security, contacts)', async (_name, role, path) => {
    signedInApi(role);
    const { router } = renderRoutes(appRoutes, { path });
    fireEvent.click(await screen.findByTestId('user-menu-button'));
    const entry = await screen.findByTestId('user-menu-settings');
    expect(entry.textContent).toBe('SettingsProfile, security and contacts');
    fireEvent.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByTestId('settings-page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('has no Settings entry for the installer, who may not open the page', async () => {
    signedInApi(installer);
    renderRoutes(appRoutes, { path: '/installation' });
    fireEvent.click(await screen.findByTestId('user-menu-button'));
    expect(await screen.findByTestId('account-summary')).toBeTruthy();
    expect(screen.queryByTestId('user-menu-settings')).toBeNull();
  });
});
