// Which database the tests run on. PGlite always; PostgreSQL when TEST_DB=postgres and
// TEST_DATABASE_URL names a server where the test user may create databases.

/**
 * The run's template databases on PostgreSQL. Each run names its own (`run` is random per run),
 * so two test runs against one server — a CI pass beside someone's local run — never drop each
 * other's templates.
 */
export const templateDatabase = (run: string) => `flowsight_test_template_${run}`;
export const demoTemplateDatabase = (run: string) => `flowsight_test_demo_template_${run}`;

export function testBackend(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The TEST_DATABASE_URL with its database name replaced. */
export function databaseUrlFor(database: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
