import englishFrame from 'virtual:english/frame';
import type { Session } from '@flowsight/domain/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type ApiBody, answer, type MockApi, type MockApiHandler, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  harborCompany,
  managerRole as manager,
  roleFixture,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const contact: ApiBody<'/users/{id}/notification-contacts'>[number] = {
  id: 3,
  user_id: 7,
  notification_method_id: 1,
  destination: 'daniel@example.test',
  enabled: true,
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: null,
  property_name: null,
  building_id: null,
  building_name: null,
  unit_id: null,
  unit_name: null,
  last_text: null,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
};

/** What the dashboard reads beside its figures: the person's contacts, as `contacts` answers. */
const withContacts = (contacts: MockApiHandler) => (session: Session) => ({
  [`GET /users/${session.user.id}/notification-contacts`]: contacts,
  'GET /companies/1': answer('/companies/{id}', 'get', harborCompany),
});

const contactCalls = (api: MockApi) =>
  api.calls().filter((call) => call === 'GET /users/7/notification-contacts').length;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard’s prompt to add a notification contact', () => {
  it('asks a manager without contacts to add one, links to Settings and stays dismissed', async () => {
    const api = signedInApi(
      manager,
      withContacts(() => reply(200, [])),
    );
    const view = renderRoutes(appRoutes, { path: '/dashboard' });
    const prompt = await screen.findByTestId('add-contact-prompt');
    expect(prompt.textContent).toContain('Where should alerts reach you?');
    expect(within(prompt).getByRole('link', { name: 'Add a contact' }).getAttribute('href')).toBe(
      '/settings#contacts',
    );

    fireEvent.click(within(prompt).getByRole('button', { name: 'Hide this tip' }));
    expect(screen.queryByTestId('add-contact-prompt')).toBeNull();
    view.unmount();

    // Dismissed for good in this browser: not shown, not even asked for, on the next visit.
    const calls = contactCalls(api);
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('company-dashboard');
    expect(screen.queryByTestId('add-contact-prompt')).toBeNull();
    expect(contactCalls(api)).toBe(calls);
  });

  it('opens the contacts section of Settings from the prompt', async () => {
    signedInApi(
      manager,
      withContacts(() => reply(200, [])),
    );
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('link', { name: 'Add a contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.hash).toBe('#contacts');
    expect((await screen.findByTestId('settings-contacts')).id).toBe('contacts');
  });

  it('says nothing to a manager who has a contact', async () => {
    const api = signedInApi(
      manager,
      withContacts(() => reply(200, [contact])),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('company-dashboard');
    await waitFor(() => expect(contactCalls(api)).toBe(1));
    // Let the answer reach the page before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('add-contact-prompt')).toBeNull();
  });

  it('shows nothing while the contacts load, and nothing when they cannot be read', async () => {
    let respond: (response: Response) => void = () => {};
    const api = signedInApi(
      manager,
      withContacts(
        () =>
          new Promise<Response>((resolve) => {
            respond = resolve;
          }),
      ),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('company-dashboard');
    await waitFor(() => expect(contactCalls(api)).toBe(1));
    expect(screen.queryByTestId('add-contact-prompt')).toBeNull();
    respond(reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'Failed' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('add-contact-prompt')).toBeNull();
  });

  it('is not shown on a company’s dashboard tab to system staff', async () => {
    const api = signedInApi(
      systemAdmin,
      withContacts(() => reply(200, [])),
    );
    renderRoutes(appRoutes, { path: '/companies/1/dashboard' });
    await screen.findByTestId('company-dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('add-contact-prompt')).toBeNull();
    expect(contactCalls(api)).toBe(0);
  });

  it('needs no English beyond the part bundled with the app frame', async () => {
    signedInApi(
      manager,
      withContacts(() => reply(200, [])),
    );
    const missing: string[] = [];
    const frameOnly = i18next.createInstance();
    void frameOnly.use(initReactI18next).init({
      resources: { en: { translation: englishFrame } },
      lng: 'en',
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
    });
    renderRoutes(appRoutes, { path: '/dashboard', i18n: frameOnly });
    const prompt = await screen.findByTestId('add-contact-prompt');
    expect(within(prompt).getByRole('link', { name: 'Add a contact' })).toBeTruthy();
    expect(missing.filter((key) => key.startsWith('usage.dashboard.'))).toEqual([]);
  });
});

describe('the dashboard of site staff', () => {
  it('names the company to a whole-company manager', async () => {
    signedInApi(
      manager,
      withContacts(() => reply(200, [contact])),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect((await screen.findByTestId('dashboard-place')).textContent).toBe('Harbor Homes');
  });

  it('labels the figures of a manager narrowed to a property as that property’s totals', async () => {
    const siteManager = roleFixture({
      id: 35,
      user_role_type_id: 5,
      company_id: 1,
      property_id: 7,
      property_name: 'Maple Court',
    });
    signedInApi(
      siteManager,
      withContacts(() => reply(200, [contact])),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect((await screen.findByTestId('dashboard-place')).textContent).toBe(
      'Totals of Maple Court',
    );
  });
});
