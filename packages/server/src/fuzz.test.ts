// Every route of the OpenAPI document fuzzed with bad input (testing/fuzz.ts): wrong types, huge
// and unicode strings, NUL bytes, out-of-range numbers and dates, unknown filter operators and
// prototype keys, one bad part per request, as an anonymous caller, a company admin and a system
// admin (ingest routes: an integration key). No answer may be a server error, and every 4xx body
// is `{ statusCode, error, message }`. The seed and the count are fixed, so a run is repeatable;
// FUZZ_SEED and FUZZ_PER_PART widen the search by hand. No route is skipped.
import { accessFor } from '@flowsight/domain/access';
import { RoleType } from '@flowsight/domain/lookups';
import { createRandom } from '@flowsight/simulator/random';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_REFUSAL } from './plugins/errors.ts';
import { buildTestApp, type TestApp } from './testing/app.ts';
import {
  type Case,
  casesOf,
  type Fixtures,
  isErrorShape,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from './testing/fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_117);
/** Bad values drawn per path segment, query parameter and body field. */
const PER_PART = Number(process.env.FUZZ_PER_PART ?? 3);
/** Fuzz requests come from their own address, so sign-in limits never lock the callers out. */
const FUZZ_ADDRESS = '203.0.113.7';

type Caller = { name: string; headers(): Record<string, string> };

describe('every route under bad input', () => {
  let t: TestApp;
  let operations: Operation[];
  let fixtures: Fixtures;
  const tokens = new Map<string, string>();
  let integrationKey = '';

  const signIn = async (email: string) => tokens.set(email, await t.signIn(email));
  const asUser = (email: string): Caller => ({
    name: email,
    headers: () => ({ authorization: `Bearer ${tokens.get(email)}` }),
  });
  const anonymous: Caller = { name: 'anonymous', headers: () => ({}) };
  const integration: Caller = {
    name: 'integration key',
    headers: () => ({ 'x-api-key': integrationKey }),
  };
  const users = ['company.admin@flowsight.test', 'admin@flowsight.test'];

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    // Flume out of reach (a closed port): a fuzzed Flume account never leaves the machine.
    t = await buildTestApp({
      demo: true,
      env: { INGEST_LIMIT_PER_MINUTE: '100000', FLUME_API_URL: 'http://127.0.0.1:9' },
    });
    for (const email of users) await signIn(email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integration-keys',
      payload: { name: 'Fuzz' },
      headers: asUser('admin@flowsight.test').headers(),
    });
    expect(created.statusCode, created.body).toBe(201);
    integrationKey = (created.json() as { key: string }).key;
    operations = operationsOf((await t.app.inject('/api/openapi.json')).json() as OpenApiDocument);

    const [company] = await rows<{ id: number; role_id: number }>(sql`
      select r.company_id as id, r.id as role_id from users u join user_roles r on r.user_id = u.id
      where u.email = 'company.admin@flowsight.test' order by r.id limit 1`);
    if (!company) throw new Error('no company admin in the demo portfolio');
    const first = async (table: string) =>
      (
        await rows<{ id: number }>(sql`select coalesce(min(id), 1)::int as id
          from ${sql.identifier(table)} where company_id = ${company.id}`)
      )[0]?.id ?? 1;
    const [user] = await rows<{ id: number }>(sql`
      insert into users (email, first_name, last_name) values ('fuzz.target@flowsight.test', 'Fuzz', 'Target')
      returning id`);
    await rows(sql`insert into user_roles (user_id, user_role_type_id, company_id)
      values (${user?.id}, ${RoleType.CompanyManager}, ${company.id})`);
    const [sensor] = await rows<{ id: number; mac: string }>(sql`
      select id, mac_address as mac from sensors where company_id = ${company.id} order by id limit 1`);
    fixtures = {
      companyId: company.id,
      propertyId: await first('properties'),
      buildingId: await first('buildings'),
      unitId: await first('units'),
      userId: user?.id ?? 1,
      sensorId: sensor?.id ?? 1,
      sensorMac: sensor?.mac ?? '00:00:00:00:00:00:00:01',
      gatewayId: await first('gateways'),
      alertId: await first('notifications'),
      contactId: await first('notification_contacts'),
      roleId: company.role_id,
    };
  });
  afterAll(() => t?.close());

  // Thousands of requests on the embedded database: minutes on a busy machine.
  it('answers no bad input with a server error, and every refusal in the error shape', {
    timeout: 600_000,
  }, async () => {
    const random = createRandom(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let caseCount = 0;
    let pairs = 0;
    let renewals = 0;
    /** Routes where a signed-in caller or the key got past the guard at least once. */
    const reached = new Set<string>();

    const send = async (operation: Operation, caller: Caller, fuzz: Case) => {
      const response = await t.app.inject({
        method: operation.method,
        url: fuzz.url,
        remoteAddress: FUZZ_ADDRESS,
        headers: {
          ...(fuzz.headers ?? caller.headers()),
          ...(fuzz.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(fuzz.body === undefined ? {} : { payload: fuzz.body }),
        ...(operation.stream ? { payloadAsStream: true } : {}),
      });
      requests += 1;
      if (operation.stream) {
        const stream = response.stream();
        if (response.statusCode === 200) {
          stream.destroy();
          return { status: 200, body: '' };
        }
        return { status: response.statusCode, body: (await stream.toArray()).join('') };
      }
      return { status: response.statusCode, body: response.body };
    };

    for (const operation of operations) {
      const path = operation.path.replace(/\{([^}]+)\}/g, ':$1');
      const access = accessFor(operation.method, path);
      const callers: Caller[] =
        access === 'integration' ? [anonymous, integration] : [anonymous, ...users.map(asUser)];
      const cases = casesOf(operation, fixtures, random, PER_PART);
      for (const caller of callers) {
        pairs += 1;
        for (const fuzz of cases) {
          caseCount += 1;
          const where = `${operation.method} ${fuzz.url.slice(0, 160)} as ${caller.name} (${fuzz.label})`;
          let answer: { status: number; body: string };
          try {
            answer = await send(operation, caller, fuzz);
            // A case may end the caller's session (sign-out, a role or password change): sign in
            // again and repeat it, so later cases still reach the handlers.
            if (
              answer.status === 401 &&
              Array.isArray(access) &&
              tokens.has(caller.name) &&
              !fuzz.headers
            ) {
              renewals += 1;
              await signIn(caller.name);
              answer = await send(operation, caller, fuzz);
            }
          } catch (error) {
            failures.push(`${where}: the request failed: ${String(error)}`);
            continue;
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (caller !== anonymous && answer.status !== 401 && answer.status !== 403) {
            reached.add(`${operation.method} ${operation.path}`);
          }
          if (answer.status >= 500) {
            failures.push(`${where}: ${answer.status} ${answer.body.slice(0, 200)}`);
          } else if (answer.body.includes(DATABASE_REFUSAL)) {
            failures.push(`${where}: reached the database: ${answer.body.slice(0, 200)}`);
          } else if (answer.status >= 400 && !isErrorShape(answer.status, answer.body)) {
            failures.push(
              `${where}: ${answer.status} not in the error shape: ${answer.body.slice(0, 200)}`,
            );
          }
        }
      }
    }

    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b);
    console.log(
      `route fuzz (seed ${SEED}, ${PER_PART} per part): ${operations.length} routes × their callers ` +
        `= ${pairs} pairs, × ${(caseCount / pairs).toFixed(1)} cases on average = ${caseCount} cases ` +
        `(${requests} requests, ${renewals} sessions renewed); answers ` +
        byStatus.map(([status, n]) => `${status}×${n}`).join(' '),
    );
    expect(failures.length, failures.slice(0, 60).join('\n')).toBe(0);
    // The cases reached every handler: no route was only ever refused at the door.
    const unreached = operations
      .map((operation) => `${operation.method} ${operation.path}`)
      .filter((key) => !reached.has(key));
    expect(unreached).toEqual([]);
  });
});
