// One way to open the database: PGlite (embedded Postgres, files in DATA_DIR or in memory) or a
// PostgreSQL server (DATABASE_URL). Both get the same Drizzle API and the same migrations.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPGliteThread, type RequestPriority } from './pglite-thread.ts';

export type Database = PgDatabase<PgQueryResultHKT>;

/** A transaction opened by `db.transaction`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a repository method runs on: the database, or the caller's transaction when a service
 * composes several writes that commit together (`tx ?? db`).
 */
export type Executor = Database | Transaction;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when an idle pooled connection fails (e.g. the server restarted); the pool heals. */
      onIdleError?: (error: Error) => void;
    }
  | {
      kind: 'pglite';
      dataDir: string;
      /** A tarball (`dump`) to start an empty data directory from (tests). */
      loadDataDir?: Blob;
    }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export type DatabaseHandle = {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** PGlite only: a tarball of the data directory, used to clone a prepared test database. */
  dump(): Promise<Blob>;
  /**
   * The on-disk PGlite only: people's requests before background work (its one connection serves
   * both). Elsewhere requests have connections of their own.
   */
  readonly priority?: RequestPriority;
  /**
   * Receives `NOTIFY` payloads of a channel (every replica's, its own included) until the
   * returned function is called. PostgreSQL: on a dedicated connection that reconnects.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// Resolves to packages/server/src/db/migrations from both src/db and dist/db.
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const MIGRATION_LOCK_KEY = 7_311_042;

export async function createDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    return openPostgres(target.url, target.poolSize ?? 10, target.onIdleError);
  }
  if (target.kind === 'pglite') return openPGliteOnDisk(target.dataDir, target.loadDataDir);
  const client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    // PGlite is single-connection and in-process: nothing else can migrate concurrently.
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    dump: async () => {
      const dumped = await client.dumpDataDir('none');
      return dumped;
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        await stop();
      };
    },
    close: () => client.close(),
  };
}

/**
 * The on-disk PGlite (`npm start`) runs on a worker thread so that its statements never block the
 * server's event loop (pglite-thread.ts); Drizzle talks to it through the thread's client.
 */
async function openPGliteOnDisk(dataDir: string, load?: Blob): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const client = await openPGliteThread(dataDir, load && new Uint8Array(await load.arrayBuffer()));
  // The thread's client speaks the part of PGlite's interface Drizzle uses.
  const asPGlite = client as unknown as PGlite;
  const db = drizzlePglite({ client: asPGlite }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    // One PGlite, one thread: nothing else can migrate concurrently.
    migrate: () => migratePglite(drizzlePglite({ client: asPGlite }), { migrationsFolder }),
    dump: () => Promise.reject(new Error('dump is only available on the in-memory PGlite')),
    priority: client.priority,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  onIdleError: ((error: Error) => void) | undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener an idle client's failure would crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  // Fail fast with the server's own message when the URL is wrong.
  await pool.query('select 1');
  const db = drizzleNodePg({ client: pool }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Several replicas may start together: one migrates, the others wait on the lock.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    dump: () => Promise.reject(new Error('dump is only available on PGlite')),
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload, onIdleError),
    close: () => pool.end(),
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError: ((error: Error) => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A lost connection (server restart) reconnects; notifications sent meanwhile are missed,
    // which live views tolerate (they refetch on reconnect).
    next.on('error', (error) => {
      onError?.(error);
      if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`listen "${channel.replaceAll('"', '')}"`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

/** PGlite's client, in this thread or on its worker: a COPY reads its rows from a blob. */
type BlobCopyClient = {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
};

/**
 * A function that streams rows in COPY text format (see `copyField`) into `target` on the
 * transaction's connection, settling once the database has answered: `copy … from stdin` on
 * node-postgres, `copy … from '/dev/blob'` on PGlite (in this thread or on its worker). Undefined
 * on a node-postgres pool: a COPY needs one connection, a transaction's.
 */
export function copyWriter(
  tx: Executor,
): ((target: string, text: string) => Promise<void>) | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) {
    return (target, text) =>
      new Promise<void>((resolve, reject) => {
        const stream = client.query(copyFrom(`copy ${target} from stdin`));
        stream.once('finish', resolve);
        stream.once('error', reject);
        stream.end(text);
      });
  }
  if (!isPGliteClient(client)) return undefined;
  return async (target, text) => {
    await client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([text]) });
  };
}

/** PGlite's client or one of its transactions (here or on the worker): node-postgres has no `exec`. */
function isPGliteClient(client: unknown): client is BlobCopyClient {
  return (
    client !== null &&
    typeof client === 'object' &&
    typeof (client as { query?: unknown }).query === 'function' &&
    typeof (client as { exec?: unknown }).exec === 'function'
  );
}

const dialect = new PgDialect();
/** Statement names by SQL text; past the cap, new texts run unnamed (no per-connection growth). */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
};
// Dates, times and intervals come back as PostgreSQL's text, as `db.execute` returns them.
const asText = new Set([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const rowTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    asText.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format),
} as pg.CustomTypesConfig;

/**
 * The rows of a raw statement run on the database or a transaction: the one place that reads
 * `execute`'s driver-specific result shape.
 */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The rows of a read. On PostgreSQL it runs as a named prepared statement (one per SQL text): each
 * connection parses and plans it once, which is most of the time of a small chart query. PGlite
 * runs it as `db.execute` does. Rows have the same shape either way.
 */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  const result = await client.query<T & pg.QueryResultRow>({
    ...(name === undefined ? {} : { name }),
    text,
    values: params,
    types: rowTypes,
  });
  return result.rows;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
/** One field of a COPY text row: `\N` for null, backslash, tab and line breaks escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return COPY_SPECIAL.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\',
      )
    : value;
}

/** The pool's connections on PostgreSQL (the metrics); undefined on PGlite's single connection. */
export function poolUse(
  db: Database,
): { total: number; idle: number; waiting: number } | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Pool)) return undefined;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}

/** True when the database answers; used by `/api/ready`. */
export async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
