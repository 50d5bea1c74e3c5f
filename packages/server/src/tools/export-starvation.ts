// Measures how a long readings export shares the embedded database: a PGlite in DIR (made on the
// first run: the demo portfolio and ROWS readings of company 1 in the last 29 days); one manager
// streams the company's export while ordinary API calls are timed every 250 ms.
//   DIR=/tmp/export-db ROWS=200000 node --conditions=@flowsight/source --import tsx \
//     packages/server/src/tools/export-starvation.ts
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { testConfig } from '../testing/app.ts';

const ROWS = Number(process.env.ROWS ?? 300_000);

const DIR = process.env.DIR ?? '/tmp/export-db';
const fresh = !existsSync(DIR);
const database = await createDatabase({ kind: 'pglite', dataDir: DIR });
if (fresh) {
  await prepareDatabase(database);
  await seedDemo(database.db);
  const t0 = performance.now();
  await database.db.execute(sql`
    with s as (select row_number() over (order by id) as n, * from sensors
               where company_id = 1 and unit_id is not null),
         c as (select count(*) as total from s)
    insert into submissions (measured_at, mac_address, seq, kind, transport, volume_mgal,
      interval_s, battery, gateway_serial, sensor_id, company_id, property_id, building_id,
      unit_id, appliance_type_id)
    select now() - (g * interval '1 second') * (29 * 86400 / ${ROWS}::float8),
      s.mac_address, g, 'usage', 'mqtt', 1500, 300, 90, 'GW-1', s.id, s.company_id,
      s.property_id, s.building_id, s.unit_id, s.appliance_type_id
    from generate_series(1, ${ROWS}) g cross join c join s on s.n = g % c.total + 1`);
  console.log(`loaded ${ROWS} readings in ${Math.round(performance.now() - t0)} ms`);
}

const app = await buildApp({ config: testConfig(), logger: false, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'manager@flowsight.test', password: demoPassword }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const headers = { authorization: `Bearer ${token}` };

async function timed(path: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${address}/api${path}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - start;
}
const calls = ['/auth/me', '/companies/1/properties', '/companies/1/alerts/count'];
async function sample(rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const path of calls) times.push(await timed(path));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return times;
}
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `n=${sorted.length} median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`;
};

console.log(`idle:          ${stats(await sample(5))}`);

let done = false;
const exportStart = performance.now();
const exporting = (async () => {
  const response = await fetch(`${address}/api/companies/1/submissions/export?timeZone=UTC`, {
    headers,
  });
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
  done = true;
  return { status: response.status, bytes, ms: performance.now() - exportStart };
})();
const during: number[] = [];
while (!done) {
  for (const path of calls) {
    if (done) break;
    during.push(await timed(path));
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const result = await exporting;
console.log(
  `export:        ${result.status}, ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s`,
);
console.log(`during export: ${stats(during)}`);
await app.close();
await database.close();
