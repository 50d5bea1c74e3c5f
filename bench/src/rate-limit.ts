// The cost of one rate-limiter hit now that its windows are rows of the database
// (docs/decisions.md, "Rate limits are counted in the database"): 1,000 sequential hits of one key
// (an ingest call) and of three keys (a sign-in's password guess), mean and p95 in µs, on the
// on-disk PGlite the server runs by default and, with BENCH_DATABASE_URL (a server's URL, e.g.
// postgres://postgres@127.0.0.1:5432), on a scratch PostgreSQL database.
// `node --conditions=@flowsight/source --import tsx bench/src/rate-limit.ts`
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type DatabaseHandle } from '@flowsight/server/db/client';
import { RateLimiter } from '@flowsight/server/lib/rate-limiter';
import { createRateLimitRepository } from '@flowsight/server/lib/rate-limiter.repository';
import pg from 'pg';

const HITS = 1000;
const rule = { limit: 1_000_000, windowSeconds: 60 };

async function measure(name: string, handle: DatabaseHandle) {
  await handle.migrate();
  const limiter = new RateLimiter(createRateLimitRepository(handle.db));
  for (const keys of [1, 3]) {
    const entries = Array.from({ length: keys }, (_, i) => ({ key: `bench:${keys}:${i}`, rule }));
    for (let i = 0; i < 50; i++) await limiter.hit(entries); // warm-up: plans, pages
    const times: number[] = [];
    for (let i = 0; i < HITS; i++) {
      const start = process.hrtime.bigint();
      await limiter.hit(entries);
      times.push(Number(process.hrtime.bigint() - start) / 1000);
    }
    times.sort((x, y) => x - y);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    console.log(
      `${name}: ${HITS} hits of ${keys} key(s): mean ${mean.toFixed(0)} µs, p95 ${p95.toFixed(0)} µs`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'flowsight-rate-bench-'));
const pglite = await createDatabase({ kind: 'pglite', dataDir: dir });
try {
  await measure('PGlite (on disk, its thread)', pglite);
} finally {
  await pglite.close();
  rmSync(dir, { recursive: true, force: true });
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `flowsight_rate_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await createDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await measure('PostgreSQL', server);
  } finally {
    await server.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
