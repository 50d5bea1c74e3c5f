import { describe, expect, it } from 'vitest';
import { changeLines, humanize, lookupOf } from './event-change';
import { eventApiFilters, eventParamsFrom, eventSearchFrom } from './event-list-params';

describe('event list parameters', () => {
  it('round-trips the address, leaving defaults out and dropping malformed values', () => {
    const params = eventParamsFrom(
      new URLSearchParams('page=2&limit=50&type=gateway&company=3&from=2026-01-01&to=bad'),
    );
    expect(params).toEqual({
      page: 2,
      limit: 50,
      search: '',
      entityType: 'gateway',
      action: '',
      companyId: 3,
      from: '2026-01-01',
      to: '',
    });
    expect(eventSearchFrom(params).toString()).toBe(
      'page=2&limit=50&type=gateway&company=3&from=2026-01-01',
    );
    expect(eventSearchFrom(eventParamsFrom(new URLSearchParams('limit=7'))).toString()).toBe('');
  });

  it('turns the filters into the list language, the whole "to" day included', () => {
    const filters = eventApiFilters({
      ...eventParamsFrom(new URLSearchParams()),
      entityType: 'company_appliance_threshold',
      action: ' set ',
      companyId: 4,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(filters['filter.entity_type']).toBe('$eq:company_appliance_threshold');
    expect(filters['filter.action']).toBe('$ilike:set');
    expect(filters['filter.company_id']).toBe('$eq:4');
    expect(filters['filter.occurred_at']).toEqual([
      `$gte:${new Date(2026, 2, 1).toISOString()}`,
      `$lt:${new Date(2026, 3, 1).toISOString()}`,
    ]);
    expect(eventApiFilters(eventParamsFrom(new URLSearchParams()))).toEqual({});
  });
});

describe('changeLines', () => {
  it('compares objects field by field, keeping the raw values for the presenter', () => {
    expect(changeLines({ threshold: null }, { threshold: 140 })).toEqual([
      { field: 'threshold', from: null, to: 140 },
    ]);
    expect(changeLines(null, { name: 'Roof', building_id: 4 })).toEqual([
      { field: 'name', from: undefined, to: 'Roof' },
      { field: 'building_id', from: undefined, to: 4 },
    ]);
  });

  it('shows other values whole, and nothing when both sides are empty', () => {
    expect(changeLines(1, 2)).toEqual([{ field: null, from: 1, to: 2 }]);
    expect(changeLines(null, [1, 2])).toEqual([{ field: null, from: undefined, to: [1, 2] }]);
    expect(changeLines(null, null)).toEqual([]);
  });
});

describe('lookupOf and humanize', () => {
  it('finds the lookup of a field, or of a bare value from the entity and action', () => {
    expect(lookupOf('alert', 'opened', 'type')).toBe('alerts.lookups.types');
    expect(lookupOf('alert', 'status', null)).toBe('alerts.lookups.statuses');
    expect(lookupOf('sensor', 'status', null)).toBe('micrometers.lookups.statuses');
    expect(lookupOf('gateway', 'status-changed', 'gateway_status_id')).toBe('gateways');
    expect(lookupOf('company', 'updated', 'name')).toBeNull();
  });

  it('makes an unknown name readable', () => {
    expect(humanize('office-assignment-cancelled')).toBe('Office assignment cancelled');
    expect(humanize('survey_status_id')).toBe('Survey status');
  });
});
