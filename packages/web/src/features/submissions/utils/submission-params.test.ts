import { describe, expect, it } from 'vitest';
import {
  measuredAtFilter,
  searchFromSubmissionParams,
  submissionListQuery,
  submissionParamsFrom,
  totalsRange,
} from './submission-params';

const parse = (query: string) => submissionParamsFrom(new URLSearchParams(query));

describe('readings list parameters in the address', () => {
  it('defaults to the newest readings first, 25 a page, no filters', () => {
    expect(parse('')).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'measured_at:DESC',
      search: '',
      mac: null,
      kind: null,
      fixture: null,
      from: null,
      to: null,
    });
    expect(searchFromSubmissionParams(parse('')).toString()).toBe('');
  });

  it('normalises a linked MAC and drops values the server would refuse', () => {
    const params = parse(
      'mac=70-b3-d5-00-00-00-00-01&kind=bogus&fixture=999&from=2026-13-45&sort=rssi:ASC&limit=7',
    );
    expect(params.mac).toBe('70B3D50000000001');
    expect(params.kind).toBeNull();
    expect(params.fixture).toBeNull();
    expect(params.from).toBeNull();
    expect(params.sortBy).toBe('measured_at:DESC');
    expect(params.limit).toBe(25);
    expect(parse('mac=not-a-mac').mac).toBeNull();
  });

  it('round-trips what it keeps', () => {
    const query =
      'mac=70B3D50000000001&page=2&limit=50&sort=volume%3AASC&search=gw&kind=malformed&fixture=5&from=2026-03-01&to=2026-03-31';
    expect(searchFromSubmissionParams(parse(query)).toString()).toBe(query);
  });
});

describe('the server queries', () => {
  it('turns the chosen filters into filter.<field> expressions', () => {
    const query = submissionListQuery(
      parse('mac=70B3D50000000001&kind=usage&fixture=5&search=%20GW1%20'),
    );
    expect(query).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'measured_at:DESC',
      search: 'GW1',
      'filter.mac_address': '$eq:70B3D50000000001',
      'filter.kind': '$eq:usage',
      'filter.appliance_type_id': '$eq:5',
    });
  });

  it('covers whole local days, in either order, and leaves the default window to the server', () => {
    const start = new Date('2026-03-01T00:00:00').toISOString();
    const end = new Date('2026-03-31T23:59:59.999').toISOString();
    expect(measuredAtFilter({ from: '2026-03-01', to: '2026-03-31' })).toBe(`$btw:${start},${end}`);
    expect(measuredAtFilter({ from: '2026-03-31', to: '2026-03-01' })).toBe(`$btw:${start},${end}`);
    expect(measuredAtFilter({ from: '2026-03-01', to: null })).toBe(`$gte:${start}`);
    expect(measuredAtFilter({ from: null, to: '2026-03-31' })).toBe(`$lte:${end}`);
    expect(measuredAtFilter({ from: null, to: null })).toBeUndefined();
  });

  it('totals the same dates the list shows', () => {
    const now = new Date('2026-04-30T12:00:00');
    expect(totalsRange({ from: null, to: null }, now)).toEqual({
      start_date: '2026-03-31',
      end_date: '2026-04-30',
    });
    expect(totalsRange({ from: '2026-04-02', to: null }, now)).toEqual({
      start_date: '2026-04-02',
      end_date: '2026-04-30',
    });
    expect(totalsRange({ from: null, to: '2026-04-02' }, now)).toEqual({ end_date: '2026-04-02' });
  });
});
