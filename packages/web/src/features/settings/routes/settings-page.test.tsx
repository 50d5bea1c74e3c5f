import type { Session } from '@flowsight/domain/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type ApiBody, answer, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { companyAdminRole as companyAdmin, meOf, roleFixture } from '@/testing/session-fixtures';
import { signedInWith } from '@/testing/signed-in';

const systemAdmin = roleFixture({
  id: 33,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
});

/** The settings page's own reads: the person has no notification contacts yet. */
const noContacts = (session: Session) => ({
  [`GET /users/${session.user.id}/notification-contacts`]: answer(
    '/users/{id}/notification-contacts',
    'get',
    [],
  ),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings page', () => {
  it('saves the profile through PUT /auth/me and shows the new name in the session', async () => {
    const { api, session } = signedInWith({ roles: [companyAdmin], handlers: noContacts });
    let body: unknown = null;
    api.on('PUT /auth/me', async (request) => {
      body = await request.json();
      return reply(200, {
        ...meOf(session),
        user: { ...session.user, first_name: 'Danielle', phone: '+1 617 555 0199' },
      });
    });
    renderRoutes(appRoutes, { path: '/settings' });
    const form = await screen.findByTestId('profile-form');
    fireEvent.change(within(form).getByLabelText(/^First name/), {
      target: { value: 'Danielle' },
    });
    fireEvent.change(within(form).getByLabelText(/^Phone/), {
      target: { value: '+1 617 555 0199' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(body).toEqual({ first_name: 'Danielle', last_name: 'Ortiz', phone: '+1 617 555 0199' });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    await waitFor(() =>
      expect(screen.getByTestId('account-summary').textContent).toContain('Danielle Ortiz'),
    );
  });

  it('refuses an empty first name before calling the server', async () => {
    const { api } = signedInWith({ roles: [companyAdmin], handlers: noContacts });
    renderRoutes(appRoutes, { path: '/settings' });
    const form = await screen.findByTestId('profile-form');
    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('First name is required')).toBeTruthy();
    expect(api.calls()).not.toContain('PUT /auth/me');
  });

  it('offers password, MFA, language, appearance and own contacts to a company role', async () => {
    signedInWith({ roles: [companyAdmin], handlers: noContacts });
    renderRoutes(appRoutes, { path: '/settings' });
    const security = await screen.findByTestId('settings-security');
    expect(within(security).getByRole('link', { name: 'Change password' })).toBeTruthy();
    expect(within(security).getByLabelText('Sign-in code by email (MFA)')).toBeTruthy();
    expect(screen.getByTestId('settings-language')).toBeTruthy();
    expect(screen.getByTestId('settings-appearance')).toBeTruthy();
    const contacts = screen.getByTestId('settings-contacts');
    expect(await within(contacts).findByText('No notification contacts yet.')).toBeTruthy();
  });

  it('leaves MFA out for a system role', async () => {
    signedInWith({ roles: [systemAdmin], handlers: noContacts });
    renderRoutes(appRoutes, { path: '/settings' });
    const security = await screen.findByTestId('settings-security');
    expect(within(security).queryByLabelText('Sign-in code by email (MFA)')).toBeNull();
  });

  it('turns MFA on with the specification’s message', async () => {
    const { api } = signedInWith({ roles: [companyAdmin], handlers: noContacts });
    api.on(
      'PUT /users/update-mfa-status/1',
      answer('/users/update-mfa-status/{status}', 'put', {
        message: 'MFA status enabled successfully',
      }),
    );
    renderRoutes(appRoutes, { path: '/settings' });
    const security = await screen.findByTestId('settings-security');
    fireEvent.click(within(security).getByLabelText('Sign-in code by email (MFA)'));
    expect(await screen.findByText('MFA status enabled successfully')).toBeTruthy();
  });

  it('adds one of the person’s own notification contacts in their company', async () => {
    const { api, session } = signedInWith({ roles: [companyAdmin], handlers: noContacts });
    let body: unknown = null;
    api.on(`POST /users/${session.user.id}/notification-contacts`, async (request) => {
      body = await request.json();
      return reply(201, {});
    });
    renderRoutes(appRoutes, { path: '/settings' });
    const contacts = await screen.findByTestId('settings-contacts');
    fireEvent.click(await within(contacts).findByRole('button', { name: 'Add contact' }));
    const form = within(contacts).getByTestId('contact-form');
    fireEvent.change(within(form).getByLabelText(/^Destination/), {
      target: { value: 'alerts@flowsight.test' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact saved')).toBeTruthy();
    expect(body).toEqual({
      company_id: 1,
      notification_method_id: 1,
      destination: 'alerts@flowsight.test',
      enabled: true,
    });
  });

  it('shows what became of each SMS contact’s last alert text', async () => {
    type Contact = ApiBody<'/users/{id}/notification-contacts'>[number];
    const sms = (id: number, destination: string, lastText: Contact['last_text']): Contact => ({
      id,
      user_id: 0,
      notification_method_id: 2,
      destination,
      enabled: true,
      company_id: 1,
      company_name: 'Harbor Homes',
      property_id: null,
      property_name: null,
      building_id: null,
      building_name: null,
      unit_id: null,
      unit_name: null,
      last_text: lastText,
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: '2026-01-05T10:00:00.000Z',
    });
    signedInWith({
      roles: [companyAdmin],
      handlers: (session) => ({
        [`GET /users/${session.user.id}/notification-contacts`]: answer(
          '/users/{id}/notification-contacts',
          'get',
          [
            sms(1, '+16175550100', {
              status: 'failed',
              attempts: 1,
              error: "Invalid 'To' Phone Number (Twilio 21211)",
              at: '2026-03-04T15:00:00.000Z',
            }),
            sms(2, '+16175550101', {
              status: 'queued',
              attempts: 2,
              error: 'Too Many Requests (Twilio 20429)',
              at: '2026-03-04T15:00:00.000Z',
            }),
            sms(3, '+16175550102', {
              status: 'sent',
              attempts: 1,
              error: null,
              at: '2026-03-04T15:00:00.000Z',
            }),
          ],
        ),
      }),
    });
    renderRoutes(appRoutes, { path: '/settings' });
    const contacts = await screen.findByTestId('settings-contacts');
    await within(contacts).findByText('+16175550100');
    expect(
      within(contacts)
        .getAllByTestId('contact-last-text')
        .map((line) => line.textContent),
    ).toEqual([
      "Last text failed: Invalid 'To' Phone Number (Twilio 21211)",
      'Last text not sent yet (Too Many Requests (Twilio 20429)), trying again',
      expect.stringMatching(/^Last text sent Mar 4, 2026/),
    ]);
  });

  it('refuses an SMS number without its country code before calling the server', async () => {
    const { api, session } = signedInWith({ roles: [companyAdmin], handlers: noContacts });
    renderRoutes(appRoutes, { path: '/settings' });
    const contacts = await screen.findByTestId('settings-contacts');
    fireEvent.click(await within(contacts).findByRole('button', { name: 'Add contact' }));
    const form = within(contacts).getByTestId('contact-form');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Method/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'SMS' }));
    fireEvent.change(within(form).getByLabelText(/^Destination/), {
      target: { value: '617 555 0100' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        'Enter the number with + and the country code, e.g. +1 617 555 0100',
      ),
    ).toBeTruthy();
    expect(api.calls()).not.toContain(`POST /users/${session.user.id}/notification-contacts`);
  });

  it('changes the theme mode and keeps it', async () => {
    signedInWith({ roles: [companyAdmin], handlers: noContacts });
    renderRoutes(appRoutes, { path: '/settings' });
    const appearance = await screen.findByTestId('settings-appearance');
    fireEvent.click(within(appearance).getByRole('button', { name: 'Dark' }));
    await waitFor(() =>
      expect(window.localStorage.getItem('flowsight.settings')).toContain('"mode":"dark"'),
    );
  });
});
