// Which database the tests run on. PGlite always; PostgreSQL when TEST_DB=postgres and
// TEST_DATABASE_URL names a server where the test user may create databases.

export const TEMPLATE_DATABASE = 'flowsight_test_template';
export const DEMO_TEMPLATE_DATABASE = 'flowsight_test_demo_template';

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
