import { describe, expect, it } from 'vitest';
import { type ApiBody, answer } from './mock-api';

const unit: ApiBody<'/units/{id}'> = {
  id: 5,
  name: '403',
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 2,
  property_name: 'Harbor Court',
  building_id: 3,
  building_name: 'North',
  floor: 4,
  unit_category_id: 1,
  unit_type_id: null,
  unit_state_id: null,
  tenants: 2,
  sensors_count: 1,
  created_at: '2026-01-05T10:00:00.000Z',
};

describe('typed mock answers', () => {
  it('answer with the body, as JSON', async () => {
    const response = await answer('/units/{id}', 'get', unit)(new Request('http://x/api/units/5'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(unit);
  });

  it('refuse, at typecheck, a body that is not the operation’s answer', () => {
    // @ts-expect-error a unit has no `colour`
    answer('/units/{id}', 'get', { ...unit, colour: 'blue' });
    // @ts-expect-error `tenants` is a number
    answer('/units/{id}', 'get', { ...unit, tenants: 'two' });
    // @ts-expect-error `name` is missing
    answer('/units/{id}', 'get', { ...unit, name: undefined });
    // @ts-expect-error no such path
    answer('/unit/{id}', 'get', unit);
    expect(true).toBe(true);
  });
});
