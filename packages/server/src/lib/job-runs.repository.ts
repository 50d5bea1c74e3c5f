// The claim of a periodic job's round (db/schema/job-runs.ts): one statement, so that every
// replica on the database asks the same row and one of them wins each period.
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client.ts';

/**
 * Claims `job`'s round: records a run now (the database's clock, the transaction's start) unless
 * the last one is less than `minGapMs` old; answers whether this caller claimed it. Taken on a
 * job's own transaction, the claim commits or rolls back with the round's work; two claims at once
 * queue on the row, and the second sees the first's run once it commits.
 */
export async function claimJobRun(ex: Executor, job: string, minGapMs: number): Promise<boolean> {
  const claimed = await rowsOf<{ job: string }>(
    ex,
    sql`insert into job_runs as r (job, last_run_at) values (${job}, now())
        on conflict (job) do update set last_run_at = excluded.last_run_at
          where r.last_run_at <= excluded.last_run_at - make_interval(secs => ${minGapMs / 1000})
        returning r.job`,
  );
  return claimed.length === 1;
}
