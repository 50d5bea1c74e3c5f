import { describe, expect, it } from 'vitest';
import { gallonsPlaceOf, reportParamsFrom, reportSearchFrom } from './report-params';

const now = new Date(2026, 10, 22);

describe('report choices in the address', () => {
  it('opens on the first report, the month to date and the default company', () => {
    const params = reportParamsFrom(new URLSearchParams(), null, now, 4);
    expect(params.report).toBe(1);
    expect(params.companyId).toBe(4);
    expect(params.range).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(reportParamsFrom(new URLSearchParams(), 2, now, 4).companyId).toBe(2);
    expect(reportParamsFrom(new URLSearchParams('company=9'), null, now, 4).companyId).toBe(9);
    expect(reportParamsFrom(new URLSearchParams(), null, now).companyId).toBeNull();
  });

  it('accepts only the report types of the lookups, or the gallons report', () => {
    expect(reportParamsFrom(new URLSearchParams('report=5'), null, now).report).toBe(5);
    expect(reportParamsFrom(new URLSearchParams('report=6'), null, now).report).toBe(1);
    expect(reportParamsFrom(new URLSearchParams('report=gallons'), null, now).report).toBe(
      'gallons',
    );
  });

  it('keeps a company role on its own company and leaves it out of the address', () => {
    const params = reportParamsFrom(new URLSearchParams('report=1&company=9'), 2, now);
    expect(params.companyId).toBe(2);
    expect(reportSearchFrom(params, 2).toString()).toBe('report=1&from=2026-11-01&to=2026-11-22');
  });

  it('reports on the building when one is chosen, else on the property', () => {
    const search = new URLSearchParams(
      'report=gallons&company=1&property=4&building=7&granularity=1',
    );
    const params = reportParamsFrom(search, null, now);
    expect(gallonsPlaceOf(params)).toEqual({ level: 'building', id: 7 });
    expect(params.granularity).toBe(1);
    expect(gallonsPlaceOf({ ...params, buildingId: null })).toEqual({ level: 'property', id: 4 });
    expect(reportSearchFrom(params, null).get('granularity')).toBe('1');
  });
});
