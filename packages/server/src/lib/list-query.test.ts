// The list query piece, exercised through a real list (cities) so each operator is checked
// against the rows it must return, computed here from the unfiltered list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';

type City = {
  id: number;
  name: string;
  state_id: number;
  latitude: number | null;
  longitude: number | null;
};

describe('list query language', () => {
  let t: TestApp;
  let stateId: number;
  let cities: City[];

  let token = '';
  const get = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const list = async (query: string) => {
    const response = await get(
      `/api/location/cities?filter.state_id=${stateId}&limit=500&${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as City[]).map((c) => c.id).sort((a, b) => a - b);
  };
  const expected = (keep: (c: City) => boolean) =>
    cities
      .filter(keep)
      .map((c) => c.id)
      .sort((a, b) => a - b);
  const problem = async (query: string) => {
    const response = await get(`/api/location/cities?${query}`);
    expect(response.statusCode).toBe(400);
    return response.json().message as string[];
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    token = await t.signIn('support@flowsight.test');
    const us = (
      (await get('/api/location/countries')).json() as { id: number; iso2: string }[]
    ).find((c) => c.iso2 === 'US');
    const states = (await get(`/api/location/states/country/${us?.id}`)).json() as {
      id: number;
      code: string;
    }[];
    stateId = states.find((s) => s.code === 'VT')?.id ?? 0;
    cities = (await get(`/api/location/cities/state/${stateId}`)).json();
    expect(cities.length).toBeGreaterThan(20);
  });
  afterAll(() => t.close());

  it('applies every comparison operator', async () => {
    const pivot = [...cities].sort((a, b) => a.id - b.id)[Math.floor(cities.length / 2)];
    const id = pivot?.id ?? 0;
    expect(await list(`filter.id=${id}`)).toEqual([id]);
    expect(await list(`filter.id=$eq:${id}`)).toEqual([id]);
    expect(await list(`filter.id=$ne:${id}`)).toEqual(expected((c) => c.id !== id));
    expect(await list(`filter.id=$gt:${id}`)).toEqual(expected((c) => c.id > id));
    expect(await list(`filter.id=$gte:${id}`)).toEqual(expected((c) => c.id >= id));
    expect(await list(`filter.id=$lt:${id}`)).toEqual(expected((c) => c.id < id));
    expect(await list(`filter.id=$lte:${id}`)).toEqual(expected((c) => c.id <= id));
  });

  it('applies list, range, text and null operators', async () => {
    const [a, b, c] = cities;
    const ids = [a?.id ?? 0, b?.id ?? 0, c?.id ?? 0];
    expect(await list(`filter.id=$in:${ids.join(',')}`)).toEqual([...ids].sort((x, y) => x - y));
    expect(await list(`filter.id=$nin:${ids.join(',')}`)).toEqual(
      expected((x) => !ids.includes(x.id)),
    );
    const [low, high] = [Math.min(...ids), Math.max(...ids)];
    expect(await list(`filter.id=$btw:${low},${high}`)).toEqual(
      expected((x) => x.id >= low && x.id <= high),
    );
    expect(await list('filter.name=$ilike:BURL')).toEqual(
      expected((x) => x.name.toLowerCase().includes('burl')),
    );
    expect(await list(`filter.name=${encodeURIComponent('$regex:^south')}`)).toEqual(
      expected((x) => /^south/i.test(x.name)),
    );
    expect(await list('filter.name=$null')).toEqual([]);
    expect(await list('filter.name=$not:$null')).toEqual(expected(() => true));
    expect(await list('search=ville')).toEqual(
      expected((x) => x.name.toLowerCase().includes('ville')),
    );
  });

  it('combines repeated filters on one field', async () => {
    const sorted = [...cities].sort((a, b) => a.id - b.id);
    const low = sorted[2]?.id ?? 0;
    const high = sorted[8]?.id ?? 0;
    expect(await list(`filter.id=$gte:${low}&filter.id=$lt:${high}`)).toEqual(
      expected((x) => x.id >= low && x.id < high),
    );
  });

  it('names each problem of a bad query', async () => {
    expect(await problem('filter.id=$like:5')).toEqual(['filter.id: unknown operator $like']);
    expect(await problem('filter.id=abc')).toEqual(["filter.id: 'abc' is not a valid number"]);
    expect(await problem('filter.id=$btw:1')).toEqual([
      'filter.id: $btw needs exactly two values: $btw:from,to',
    ]);
    expect(await problem('filter.id=$ilike:5')).toEqual([
      'filter.id: $ilike applies to text fields only; id is a number',
    ]);
    expect(await problem('sortBy=colour:ASC')).toEqual(["sortBy: unknown field 'colour'"]);
    expect(await problem('sortBy=name:UP')).toEqual([
      "sortBy: sort direction must be ASC or DESC, not 'UP'",
    ]);
    expect(await problem('sortBy=colour&filter.id=$x:1')).toHaveLength(2);
    const unknownField = await problem('filter.colour=red');
    expect(unknownField.join(' ')).toMatch(/filter\.colour/);
    expect((await problem('limit=501')).join(' ')).toMatch(/^querystring\.limit: /);
    expect((await problem('page=0')).join(' ')).toMatch(/^querystring\.page: /);
  });
});
