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
          exclude: [measurements],
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
