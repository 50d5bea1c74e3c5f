// Writes the lookup seed and the partition-maintenance function into a custom migration file
// prepared by `drizzle-kit generate --custom`. Usage: tsx write-lookup-migration.ts <file.sql>
import { writeFileSync } from 'node:fs';
import { lookupSeedStatements } from '../lookup-seed.ts';

const partitionFunction = `CREATE OR REPLACE FUNCTION ensure_submissions_partition(at timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  part text := 'submissions_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
BEGIN
  IF to_regclass(part) IS NULL THEN
    -- Two writers may reach a new month at once; the lock makes the second wait and find it.
    PERFORM pg_advisory_xact_lock(hashtext(part));
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF submissions FOR VALUES FROM (%L) TO (%L)',
      part, month_start, month_start + interval '1 month');
  END IF;
  RETURN part;
END $$;`;

const file = process.argv[2];
if (!file) throw new Error('usage: write-lookup-migration.ts <migration.sql>');
const header = '-- Generated from @flowsight/domain by src/db/tools/write-lookup-migration.ts.\n';
writeFileSync(
  file,
  `${header}${[...lookupSeedStatements(), partitionFunction].join('\n--> statement-breakpoint\n')}\n`,
);
