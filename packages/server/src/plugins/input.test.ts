// Bad input is refused before the database sees it, with 400 naming the parameter: text the
// database cannot store (NUL, unpaired surrogates) in any part of any request, ids too large for
// the database, dates outside the supported years, prototype keys, and the examples the security
// review found answering 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';

const TEXT = 'must be Unicode text without the NUL character (U+0000) or an unpaired surrogate';

describe('input checks', () => {
  let t: TestApp;
  let token = '';
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const refusal = async (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: string,
  ): Promise<string[]> => {
    const response = await send(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    const body = response.json() as { statusCode: number; error: string; message: string[] };
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    return [body.message].flat();
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    token = await t.signIn('admin@flowsight.test');
  });
  afterAll(() => t.close());

  it('answers the examples of the security review with 400 naming the parameter', async () => {
    expect(
      await refusal('GET', `/api/properties?filter.name=${encodeURIComponent('$regex:(')}`),
    ).toEqual(['filter.name: $regex: not a valid regular expression']);
    expect(await refusal('GET', '/api/users?sortBy=__proto__:ASC')).toEqual([
      "sortBy: unknown field '__proto__'",
    ]);
    expect(await refusal('PUT', '/api/auth/me', '{"first_name":"a\\u0000b"}')).toEqual([
      `body.first_name: ${TEXT}`,
    ]);
    for (const day of ['0000-01-01', '9999-12-31']) {
      const [message] = await refusal('GET', `/api/units/1/appliance-gallons?to=${day}`);
      expect(message).toMatch(/^querystring\.to: must be a date, YYYY-MM-DD, from 1970-01-01/);
      const [count] = await refusal('GET', `/api/units/1/gallons-count?start_date=${day}`);
      expect(count).toMatch(/^querystring\.start_date: /);
    }
  });

  it('refuses text the database cannot store in the body, the query and the path', async () => {
    expect(
      await refusal('PUT', '/api/auth/me', '{"first_name":"Ann","last_name":"\\ud800"}'),
    ).toEqual([`body.last_name: ${TEXT}`]);
    expect(await refusal('GET', '/api/properties?search=a%00b')).toEqual([
      `querystring.search: ${TEXT}`,
    ]);
    expect(await refusal('GET', '/api/search/a%00b')).toEqual([`params.text: ${TEXT}`]);
    expect(await refusal('POST', '/api/companies', '{"name":"x","a\\u0000":1}')).toEqual([
      `body.a\u0000: ${TEXT}`,
    ]);
    // Nested deep inside a body: found all the same.
    const deep = `${'['.repeat(2000)}"\\u0000"${']'.repeat(2000)}`;
    expect((await refusal('POST', '/api/companies', deep))[0]).toMatch(/^body(\.0)+: /);
  });

  it('keeps well-formed text of any script', async () => {
    const response = await send(
      'PUT',
      '/api/auth/me',
      JSON.stringify({ first_name: 'Zoë 💧', last_name: '水野' }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses ids larger than the database holds, in the path and the body', async () => {
    const [path] = await refusal('GET', '/api/companies/2147483648');
    expect(path).toMatch(/^params\.id: /);
    const [body] = await refusal(
      'POST',
      '/api/properties',
      JSON.stringify({ company_id: 2147483648, name: 'Too far', timezone_id: 1 }),
    );
    expect(body).toMatch(/^body\.company_id: /);
  });

  it('refuses prototype keys in bodies', async () => {
    for (const body of [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ]) {
      expect((await send('PUT', '/api/auth/me', body)).statusCode, body).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
