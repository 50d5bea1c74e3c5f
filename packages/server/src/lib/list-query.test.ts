// The list query piece, exercised through a real list (cities) so each operator is checked
// against the rows it must return, computed here from the unfiltered list.
import { regexProblem } from '@flowsight/domain/list-query';
import { createRandom } from '@flowsight/simulator/random';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways } from '../db/schema/fleet.ts';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { filterColumns, sortColumns } from './list-query.ts';

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

  it('takes sort fields only from the list, never from the object prototype', async () => {
    for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await problem(`sortBy=${field}:ASC`)).toEqual([`sortBy: unknown field '${field}'`]);
    }
    expect(await problem('filter.__proto__=1')).toHaveLength(1);
  });

  it('matches each accepted regular expression as JavaScript reads it', async () => {
    for (const pattern of [
      '^south',
      'ville$',
      '^(north|south|east|west)\\s+\\w+',
      '(?:ton)$',
      'a(?=n)',
      'e(?!r)',
      '[^a-z ]',
      'l{2,}',
      'burl.*?n',
      '\\.',
    ]) {
      const matcher = new RegExp(pattern, 'iu');
      expect(await list(`filter.name=${encodeURIComponent(`$regex:${pattern}`)}`), pattern).toEqual(
        expected((c) => matcher.test(c.name)),
      );
    }
  });

  it('compiles every pattern of the $regex subset on the database, matching as JavaScript does', async () => {
    // Seeded random patterns from the subset's pieces and a few it refuses; those it accepts must
    // compile on PostgreSQL and pick the same of these ASCII texts as JavaScript does.
    const random = createRandom(5);
    const pieces = ['a', 'Z', '.', '^', '$', '|', '*', '+', '?', '(', ')', '(?:', '(?=', '(?!'];
    pieces.push('[', ']', '[^', '-', '{2}', '{1,3}', '{2,}', '{', '}', '\\d', '\\w', '\\s');
    pieces.push('\\D', '\\.', '\\(', '\\[', '\\\\', '\\/', '\\b', ' ', ',', ':', '=', '<', '_');
    const texts = ['', 'abc', 'AB12', 'a.b', 'b(a)', '[x]', 'a/b\\c', '12-34', 'Zb_ z'];
    let accepted = 0;
    for (let i = 0; i < 1500; i++) {
      const pattern = Array.from({ length: random.int(1, 8) }, () => random.pick(pieces)).join('');
      if (regexProblem(pattern) !== undefined) continue;
      accepted += 1;
      const { rows } = (await t.database.db.execute(
        sql`select array_agg(x ~* ${pattern} order by n) as matches
            from unnest(array[${sql.join(
              texts.map((text) => sql`${text}`),
              sql`, `,
            )}]::text[]) with ordinality as u(x, n)`,
      )) as unknown as { rows: { matches: boolean[] }[] };
      const matcher = new RegExp(pattern, 'iu');
      expect(rows[0]?.matches, pattern).toEqual(texts.map((text) => matcher.test(text)));
    }
    expect(accepted).toBeGreaterThan(300);
  });

  it('refuses before the database a regular expression PostgreSQL would not compile', async () => {
    for (const [pattern, why] of [
      ['(', 'not a valid regular expression'],
      ['[[:nope:]]', '[: is not supported inside [ ]'],
      ['(?<name>a)', 'only (?:…), (?=…) and (?!…) groups'],
      ['\\p{L}', 'the escape \\p is not supported'],
      ['a{1,999}', 'repetition counts are at most 100'],
    ]) {
      expect(await problem(`filter.name=${encodeURIComponent(`$regex:${pattern}`)}`)).toEqual([
        `filter.name: $regex: ${why}`,
      ]);
    }
  });

  it('refuses numbers that do not fit the column', async () => {
    expect(await problem('filter.id=$eq:2147483648')).toEqual([
      "filter.id: '2147483648' is not a whole number from 1 to 2147483647",
    ]);
    expect(await problem('filter.id=$gt:1.5')).toEqual([
      "filter.id: '1.5' is not a whole number from 1 to 2147483647",
    ]);
    expect(await problem('filter.state_id=$in:1,99999999999')).toEqual([
      "filter.state_id: '99999999999' is not a whole number from -2147483648 to 2147483647",
    ]);
  });

  it('refuses dates outside the supported years', async () => {
    const companies = (query: string) => get(`/api/companies?${query}`);
    for (const filter of [
      '$gt:0000-01-01',
      '$lt:9999-12-31T23:59:59Z',
      '$btw:1969-12-31,2026-01-01',
    ]) {
      const response = await companies(`filter.created_at=${encodeURIComponent(filter)}`);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().message[0]).toMatch(
        /^filter\.created_at: '[^']+' is outside the supported years 1970–2100$/,
      );
    }
    const inRange = await companies(
      `filter.created_at=${encodeURIComponent('$btw:1970-01-01,2100-12-31')}`,
    );
    expect(inRange.statusCode).toBe(200);
  });

  it('refuses a bad filter of an export before sending a byte of it', async () => {
    const company = (await get('/api/companies?limit=1')).json().data[0].id as number;
    for (const filter of [
      'filter.mac_address=$regex:(',
      'filter.measured_at=$gt:9999-12-31',
      'filter.battery=$eq:70000',
    ]) {
      const [name, value = ''] = filter.split('=');
      const response = await get(
        `/api/companies/${company}/submissions/export?timeZone=UTC&${name}=${encodeURIComponent(value)}`,
      );
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().message[0]).toMatch(new RegExp(`^${name?.replace('.', '\\.')}: `));
    }
  });
});

describe('fields named after their columns', () => {
  it('spells each column in snake_case and filters it by its kind', () => {
    expect(sortColumns(gateways, ['serialNumber', 'lastSeenAt'])).toEqual({
      serial_number: gateways.serialNumber,
      last_seen_at: gateways.lastSeenAt,
    });
    expect(
      filterColumns(gateways, ['gatewayStatusId', 'name', 'alertsDisabled', 'createdAt']),
    ).toEqual({
      gateway_status_id: { column: gateways.gatewayStatusId, type: 'number' },
      name: { column: gateways.name, type: 'string' },
      alerts_disabled: { column: gateways.alertsDisabled, type: 'boolean' },
      created_at: { column: gateways.createdAt, type: 'date' },
    });
  });
});
