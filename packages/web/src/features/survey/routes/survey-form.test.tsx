import { SurveyStatus } from '@flowsight/domain/lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { signedInApi } from '@/testing/signed-in';
import {
  buildingPath,
  lastBody,
  surveyFixture,
  surveyHandlers,
  technicianRole,
  tower,
} from './survey-test-fixtures';

const formPath = `${buildingPath}/survey?form=survey`;
const unsavedKey = 'flowsight.survey.unsaved.9';
const saved = () => reply(200, surveyFixture());
const unavailable = () =>
  reply(503, { statusCode: 503, error: 'Service Unavailable', message: 'Try again' });

/** The save state shown under a fixture's question. */
const stateOf = (fixture: HTMLElement) => within(fixture).getByTestId('answer-state');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the unit-by-unit survey form', () => {
  it('opens on the next unsurveyed unit and saves each answer as it is given', async () => {
    const api = signedInApi(technicianRole, {
      ...surveyHandlers(),
      'PUT /buildings/9/survey': saved,
    });
    renderRoutes(appRoutes, { path: formPath });
    const form = await screen.findByTestId('survey-form');
    expect(within(form).getByTestId('form-progress').textContent).toBe('1 of 3 units surveyed');
    expect((within(form).getByTestId('unit-picker') as HTMLInputElement).value).toBe('12');
    const kitchen = within(form).getByTestId('fixture-1');

    fireEvent.click(within(kitchen).getByTestId('answer-supply_size-1/2'));
    expect(within(kitchen).getByTestId('answer-supply_size-1/2').getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() => expect(stateOf(kitchen).textContent).toBe('Saved'));
    expect(await lastBody(api.requests, 'PUT /buildings/9/survey')).toEqual({
      unit_id: 12,
      appliance_type_id: 1,
      item: 'supply_size',
      value: '1/2',
    });

    fireEvent.click(within(kitchen).getByTestId('answer-access-Yes'));
    await waitFor(() =>
      expect(within(form).getByTestId('form-progress').textContent).toBe('2 of 3 units surveyed'),
    );
    expect(within(form).getByTestId('unit-state').textContent).toBe('Apt 102 is surveyed.');
    fireEvent.click(within(form).getByTestId('next-unit'));
    await waitFor(() =>
      expect((within(form).getByTestId('unit-picker') as HTMLInputElement).value).toBe('13'),
    );
  });

  it('puts the building in survey with its first answer: the title chip follows', async () => {
    const api = signedInApi(technicianRole, surveyHandlers(surveyFixture(SurveyStatus.None)));
    api.on('PUT /buildings/9/survey', () => {
      api.on('GET /buildings/9', () =>
        reply(200, { ...tower, survey_status: SurveyStatus.InProgress }),
      );
      return reply(200, surveyFixture(SurveyStatus.InProgress));
    });
    renderRoutes(appRoutes, { path: formPath });
    const kitchen = within(await screen.findByTestId('survey-form')).getByTestId('fixture-1');
    expect(screen.queryByTestId('survey-chip')).toBeNull();
    fireEvent.click(within(kitchen).getByTestId('answer-supply_size-1/2'));
    expect((await screen.findByTestId('survey-chip')).textContent).toBe('In Survey');
  });

  it('hides a fixture’s other questions once it is not there', async () => {
    signedInApi(technicianRole, { ...surveyHandlers(), 'PUT /buildings/9/survey': saved });
    renderRoutes(appRoutes, { path: formPath });
    const shower = within(await screen.findByTestId('survey-form')).getByTestId('fixture-6');
    expect(within(shower).getByTestId('answer-pipe_material-Copper')).toBeTruthy();
    fireEvent.click(within(shower).getByTestId('answer-outlet_size-No'));
    expect(within(shower).queryByTestId('answer-pipe_material-Copper')).toBeNull();
    expect(within(shower).getByTitle('Fixture complete')).toBeTruthy();
  });

  it('shows a failed save as not saved, keeps it, and saves it on retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = signedInApi(technicianRole, {
      ...surveyHandlers(),
      'PUT /buildings/9/survey': unavailable,
    });
    renderRoutes(appRoutes, { path: formPath });
    const form = await screen.findByTestId('survey-form');
    const kitchen = within(form).getByTestId('fixture-1');
    fireEvent.click(within(kitchen).getByTestId('answer-supply_size-5/8'));
    expect(stateOf(kitchen).textContent).toBe('Saving…');

    // Tried again by itself after 1, 2 and 4 seconds, then shown as not saved.
    await vi.advanceTimersByTimeAsync(7500);
    await waitFor(() => expect(stateOf(kitchen).textContent).toContain('Not saved'));
    expect(api.calls().filter((call) => call === 'PUT /buildings/9/survey')).toHaveLength(4);
    const unsaved = within(form).getByTestId('unsaved-answers');
    expect(unsaved.textContent).toContain('Apt 102 · Kitchen cold · Supply line size · 5/8');
    expect(JSON.parse(window.sessionStorage.getItem(unsavedKey) ?? '[]')).toEqual([
      { unit_id: 12, appliance_type_id: 1, item: 'supply_size', value: '5/8' },
    ]);

    api.on('PUT /buildings/9/survey', saved);
    fireEvent.click(within(kitchen).getByTestId('answer-retry'));
    await waitFor(() => expect(stateOf(kitchen).textContent).toBe('Saved'));
    expect(within(form).queryByTestId('unsaved-answers')).toBeNull();
    await waitFor(() => expect(window.sessionStorage.getItem(unsavedKey)).toBeNull());
  });

  it('shows a refused answer with the server’s reason, not retried by itself', async () => {
    const api = signedInApi(technicianRole, {
      ...surveyHandlers(),
      'PUT /buildings/9/survey': () =>
        reply(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'The survey is Completed: answers can change only while it is in progress',
        }),
    });
    renderRoutes(appRoutes, { path: formPath });
    const kitchen = within(await screen.findByTestId('survey-form')).getByTestId('fixture-1');
    fireEvent.click(within(kitchen).getByTestId('answer-supply_size-No'));
    await waitFor(() =>
      expect(stateOf(kitchen).textContent).toContain(
        'Not saved: The survey is Completed: answers can change only while it is in progress',
      ),
    );
    expect(api.calls().filter((call) => call === 'PUT /buildings/9/survey')).toHaveLength(1);

    // Closing the form keeps it listed on the tab.
    fireEvent.click(screen.getByRole('button', { name: 'Close the survey form' }));
    await waitFor(() => expect(screen.queryByTestId('survey-form')).toBeNull());
    expect((await screen.findByTestId('unsaved-answers')).textContent).toContain(
      'Apt 102 · Kitchen cold · Supply line size · No (Not saved)',
    );
  });

  it('sends again the answers a previous page left unsaved', async () => {
    window.sessionStorage.setItem(
      unsavedKey,
      JSON.stringify([{ unit_id: 13, appliance_type_id: 5, item: 'supply_size', value: '3/8' }]),
    );
    const api = signedInApi(technicianRole, {
      ...surveyHandlers(),
      'PUT /buildings/9/survey': saved,
    });
    renderRoutes(appRoutes, { path: `${formPath}&unit=13` });
    const toilet = within(await screen.findByTestId('survey-form')).getByTestId('fixture-5');
    await waitFor(() => expect(stateOf(toilet).textContent).toBe('Saved'));
    expect(await lastBody(api.requests, 'PUT /buildings/9/survey')).toEqual({
      unit_id: 13,
      appliance_type_id: 5,
      item: 'supply_size',
      value: '3/8',
    });
    await waitFor(() => expect(window.sessionStorage.getItem(unsavedKey)).toBeNull());
  });

  it('offers the camera for photos and shows the unit’s photos', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }),
    );
    signedInApi(technicianRole, {
      ...surveyHandlers(),
      'GET /buildings/9/uploads': () =>
        reply(200, [
          {
            id: 40,
            building_id: 9,
            unit_id: 12,
            purpose: 'survey-photo',
            content_type: 'image/jpeg',
            size_bytes: 3,
            uploaded_by: 7,
            created_at: '2026-11-20T10:00:00.000Z',
            url: '/api/uploads/40',
          },
        ]),
      'GET /uploads/40': () => new Response(new Blob(['jpg'], { type: 'image/jpeg' })),
    });
    renderRoutes(appRoutes, { path: formPath });
    const photos = within(await screen.findByTestId('survey-form')).getByTestId('unit-photos');
    const input = within(photos).getByTestId('photo-input');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect((await within(photos).findByTestId('photo-40')).getAttribute('src')).toBe('blob:photo');
  });

  it('removes a photo after a confirmation, and shows a refusal', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }),
    );
    const stored = [41, 42].map((id) => ({
      id,
      building_id: 9,
      unit_id: 12,
      purpose: 'survey-photo',
      content_type: 'image/jpeg',
      size_bytes: 3,
      uploaded_by: 7,
      created_at: '2026-11-20T10:00:00.000Z',
      url: `/api/uploads/${id}`,
    }));
    let listed = stored;
    const api = signedInApi(technicianRole, {
      ...surveyHandlers(),
      'GET /buildings/9/uploads': () => reply(200, listed),
      'GET /uploads/41': () => new Response(new Blob(['jpg'], { type: 'image/jpeg' })),
      'GET /uploads/42': () => new Response(new Blob(['jpg'], { type: 'image/jpeg' })),
      'DELETE /uploads/41': () => {
        listed = listed.filter((photo) => photo.id !== 41);
        return new Response(null, { status: 204 });
      },
      'DELETE /uploads/42': () =>
        reply(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Only its uploader may remove it',
        }),
    });
    renderRoutes(appRoutes, { path: formPath });
    const photos = within(await screen.findByTestId('survey-form')).getByTestId('unit-photos');
    await within(photos).findByTestId('photo-41');

    // Cancel keeps it; Ok removes it.
    fireEvent.click(within(photos).getByRole('button', { name: 'Remove photo 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove this photo?' })).toBeNull(),
    );
    expect(api.calls()).not.toContain('DELETE /uploads/41');
    fireEvent.click(within(photos).getByRole('button', { name: 'Remove photo 41' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove this photo?' })).getByRole(
        'button',
        {
          name: 'Ok',
        },
      ),
    );
    await waitFor(() => expect(within(photos).queryByTestId('photo-41')).toBeNull());
    expect(api.calls()).toContain('DELETE /uploads/41');

    // A refusal is said, and the photo stays.
    fireEvent.click(await within(photos).findByRole('button', { name: 'Remove photo 42' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove this photo?' })).getByRole(
        'button',
        {
          name: 'Ok',
        },
      ),
    );
    expect(
      await within(photos).findByText(
        /The photo was not removed\. Only its uploader may remove it/,
      ),
    ).toBeTruthy();
    expect(within(photos).getByTestId('photo-42')).toBeTruthy();
  });
});
