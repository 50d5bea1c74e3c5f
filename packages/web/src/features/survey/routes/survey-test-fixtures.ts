// The survey tab's page-test places and answers: Harbor Homes' North Tower (building 9) with three
// units, a survey in progress with one unit surveyed, and the building's installers, shipments and
// shipping contact; handlers for a signed-in mock API.
import { SurveyStatus } from '@flowsight/domain/lookups';
import type {
  BuildingSurvey,
  Installer,
  Shipment,
  ShippingContact,
  SurveyAction,
} from '@flowsight/domain/survey';
import { answer, type MockApiHandler } from '@/testing/mock-api';
import { harborAddress, roleFixture } from '@/testing/session-fixtures';

export const buildingPath = '/companies/1/properties/7/buildings/9';

export const technicianRole = roleFixture({
  id: 23,
  user_role_type_id: 3,
  company_id: null,
  company_type_id: null,
  company_name: null,
});

export const tower = {
  id: 9,
  name: 'North Tower',
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  floors: 12,
  building_type_id: 4,
  installation_type_id: 1,
  survey_status: 1,
  ...harborAddress,
  units_count: 3,
  tenants_count: 3,
  created_at: '2026-01-05T10:00:00.000Z',
};

const savedAnswer = (unit_id: number, appliance_type_id: number, item: string, value: string) => ({
  unit_id,
  appliance_type_id,
  item,
  value,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: 7,
});

const actionsOf: Record<number, SurveyAction[]> = {
  [SurveyStatus.None]: ['answer'],
  [SurveyStatus.InProgress]: ['answer', 'send', 'customer_approve'],
  [SurveyStatus.ApprovedByCustomer]: ['dx_approve', 'reopen'],
  [SurveyStatus.Completed]: ['reopen'],
};

/** The survey of North Tower in `status`: Apt 101 surveyed (kitchen cold on 1/2″), two to go. */
export function surveyFixture(status: number = SurveyStatus.InProgress): BuildingSurvey {
  return {
    building_id: 9,
    status,
    status_name: ['None', 'In Survey', 'Survey approved by customer', 'Completed'][status] ?? '',
    updated_at: '2026-11-20T10:00:00.000Z',
    actions: actionsOf[status] ?? [],
    progress: { surveyed: 1, units: 3 },
    units: [
      { unit_id: 11, name: 'Apt 101', answers: 2, surveyed: true },
      { unit_id: 12, name: 'Apt 102', answers: 0, surveyed: false },
      { unit_id: 13, name: 'Apt 103', answers: 0, surveyed: false },
    ],
    answers: [savedAnswer(11, 1, 'supply_size', '1/2'), savedAnswer(11, 1, 'access', 'Yes')],
    micrometers_needed: { '1/2': 1 },
    dx_plan: null,
    history: [
      {
        at: '2026-11-20T10:00:00.000Z',
        action: 'answer',
        from_status: 0,
        to_status: 1,
        user_id: 7,
        user_name: 'Dana Ortiz',
        detail: null,
      },
    ],
  };
}

export const installer: Installer = {
  id: 5,
  building_id: 9,
  user_id: null,
  name: 'Pipe Pros',
  phone: '+1 617 555 0100',
  email: null,
  scheduled_date: '2026-12-03',
  status: 'scheduled',
};

export const shipment: Shipment = {
  id: 3,
  building_id: 9,
  shipped_on: '2026-11-02',
  carrier: 'UPS',
  tracking_number: '1Z999',
  micrometers: { '1/2': 24 },
  micrometers_count: 24,
  gateways_count: 0,
  macs: [],
  created_at: '2026-11-02T10:00:00.000Z',
};

export const contact: ShippingContact = {
  building_id: 9,
  name: 'Front desk',
  phone: null,
  email: 'desk@harbor.test',
  street: '1 Harbor Way',
  city_id: 10,
  postal: '02110',
};

/** The building page's and the survey tab's reads, typed against the generated API. */
export function surveyHandlers(survey: BuildingSurvey = surveyFixture()) {
  return {
    'GET /buildings/9': answer('/buildings/{id}', 'get', {
      ...tower,
      survey_status: survey.status,
    }),
    'GET /buildings/9/survey': answer('/buildings/{id}/survey', 'get', survey),
    'GET /buildings/9/installer': answer('/buildings/{id}/installer', 'get', [installer]),
    'GET /buildings/9/shipping': answer('/buildings/{id}/shipping', 'get', [shipment]),
    'GET /buildings/9/shipping-contact': answer('/buildings/{id}/shipping-contact', 'get', contact),
    'GET /buildings/9/uploads': answer('/buildings/{id}/uploads', 'get', []),
    'GET /properties/7/shipping-date': answer('/properties/{id}/shipping-date', 'get', {
      property_id: 7,
      shipping_date: shipment.shipped_on,
      planned: false,
      building_id: 9,
    }),
  } satisfies Record<string, MockApiHandler>;
}

/** The JSON body of the last `route` request the page made. */
export async function lastBody(
  requests: readonly Request[],
  route: string,
): Promise<Record<string, unknown>> {
  const [method, path] = route.split(' ');
  const request = requests
    .filter((r) => r.method === method && new URL(r.url).pathname === `/api${path}`)
    .at(-1);
  if (!request) throw new Error(`no ${route} request`);
  return (await request.clone().json()) as Record<string, unknown>;
}
