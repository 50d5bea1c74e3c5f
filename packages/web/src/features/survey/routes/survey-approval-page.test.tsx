import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';

const link = '/survey-approval/9/a-good-token';
const route = 'GET /survey-approval/9/a-good-token';

const valid = {
  building_id: 9,
  valid: true,
  reason: null,
  message: null,
  survey: {
    building_name: 'North Tower',
    status: 1,
    status_name: 'In Survey',
    progress: { surveyed: 40, units: 40 },
    fixtures: 120,
    micrometers_needed: { '1/2': 80, '3/8': 30 },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the survey approval link page', () => {
  it('shows what is approved, changes nothing until asked, then approves once', async () => {
    const api = mockApi({
      [route]: answer('/survey-approval/{id}/{token}', 'get', valid),
      'POST /survey-approval/9/a-good-token': answer('/survey-approval/{id}/{token}', 'post', {
        building_id: 9,
        status: 2,
        status_name: 'Survey approved by customer',
      }),
    });
    renderRoutes(appRoutes, { path: link });
    const facts = await screen.findByTestId('approval-facts');
    expect(facts.textContent).toContain('North Tower');
    expect(facts.textContent).toContain('40 of 40 units surveyed');
    expect(facts.textContent).toContain('Fixtures surveyed: 120');
    expect(facts.textContent).toContain('1/2″ × 80');
    expect(api.calls()).not.toContain('POST /survey-approval/9/a-good-token');
    fireEvent.click(screen.getByTestId('approve-survey'));
    expect((await screen.findByTestId('survey-approved')).textContent).toBe(
      'Thank you: the survey of North Tower is approved.',
    );
    expect(api.calls().filter((call) => call.startsWith('POST'))).toHaveLength(1);
  });

  it('says why a used link cannot approve', async () => {
    mockApi({
      [route]: answer('/survey-approval/{id}/{token}', 'get', {
        ...valid,
        valid: false,
        reason: 'used',
        message: 'This approval link has already been used',
      }),
    });
    renderRoutes(appRoutes, { path: link });
    expect((await screen.findByTestId('approval-unusable')).textContent).toBe(
      'This approval link has already been used',
    );
    expect(screen.queryByTestId('approve-survey')).toBeNull();
  });

  it('shows the refusal when approving fails', async () => {
    mockApi({
      [route]: answer('/survey-approval/{id}/{token}', 'get', valid),
      'POST /survey-approval/9/a-good-token': () =>
        reply(410, { statusCode: 410, error: 'Gone', message: 'This approval link has expired' }),
    });
    renderRoutes(appRoutes, { path: link });
    fireEvent.click(await screen.findByTestId('approve-survey'));
    expect((await screen.findByTestId('approval-refused')).textContent).toBe(
      'This approval link has expired',
    );
  });
});
