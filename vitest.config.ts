import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { testWorkers } from './vitest.workers.ts';

// Workspace packages are consumed from their TypeScript sources in tests (the
// `@flowsight/source` export condition); builds use their compiled `dist`.
const sourceCondition = '@flowsight/source';

// Test files that time the code they test (event-loop delay, crash recovery, replica hand-over):
// the `measure` project, run after every other project has finished (`groupOrder`), one file at a
// time, so that no other test file competes for the CPU while they measure.
const measurements = 'packages/server/src/**/*.measure.test.ts';

// Test files that check what the server answers, not how a database engine behaves: the tenant
// isolation matrix, the fuzzer and the password-guessing bounds send thousands of requests through
// the same SQL, and PGlite is PostgreSQL's own engine compiled to WebAssembly, so what differs
// between the two backends (the driver, one connection against a pool) is not what they look at.
// When a PostgreSQL pass follows (`scripts/unit.mjs` sets ON_POSTGRES_ONLY=1 for the PGlite pass),
// they run there only, where they are also faster; without one, they run on PGlite.
export const engineNeutral = [
  'packages/server/src/isolation.test.ts',
  'packages/server/src/fuzz.test.ts',
  'packages/server/src/modules/auth/guessing.test.ts',
];
const onPostgresOnly = process.env.ON_POSTGRES_ONLY === '1' ? engineNeutral : [];

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    maxWorkers: testWorkers,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/{domain,server,simulator}/src/**/*.test.ts'],
          exclude: [measurements, ...onPostgresOnly],
          // A worker keeps the modules it imported from one file to the next: importing the whole
          // server again for each file took half of this project's time. Every file builds its own
          // app and database, and none mocks modules, stubs globals or changes the environment.
          isolate: false,
          globalSetup: ['packages/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'measure',
          environment: 'node',
          include: [measurements],
          globalSetup: ['packages/server/src/testing/global-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'packages/web/vitest.config.ts',
      'packages/web/vitest.mocks.config.ts',
    ],
  },
});
