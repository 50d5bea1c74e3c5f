// Preloaded into a server process by the replica test (`--import`): writes one line to stderr each
// time a `pg_try_advisory_xact_lock` answers, so the test can count, per replica, which periodic
// job ran when. It only observes: the query and its answer go through untouched.
import pg from 'pg';

export const LOCK_PROBE_PREFIX = 'flowsight-lock-probe ';

type QueryConfig = { text?: string; values?: unknown[] };
type QueryResult = { rows?: unknown[] };

const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

function firstValue(row: unknown): unknown {
  if (Array.isArray(row)) return row[0];
  if (row && typeof row === 'object') return Object.values(row)[0];
  return undefined;
}

pg.Client.prototype.query = function probedQuery(this: pg.Client, ...args: unknown[]) {
  const config = args[0];
  const text = typeof config === 'string' ? config : (config as QueryConfig | undefined)?.text;
  const result = originalQuery.apply(this, args);
  if (!text?.includes('pg_try_advisory_xact_lock') || !(result instanceof Promise)) return result;
  const values = ((typeof config === 'string' ? undefined : (config as QueryConfig).values) ??
    args[1]) as unknown[] | undefined;
  // The key is the statement's parameter, or written in its text.
  const key = Number(values?.[0] ?? /pg_try_advisory_xact_lock\((\d+)\)/.exec(text)?.[1]);
  return result.then((answer: QueryResult) => {
    const locked = firstValue(answer.rows?.[0]) === true;
    process.stderr.write(
      `${LOCK_PROBE_PREFIX}${JSON.stringify({ key, locked, at: Date.now() })}\n`,
    );
    return answer;
  });
} as typeof pg.Client.prototype.query;
