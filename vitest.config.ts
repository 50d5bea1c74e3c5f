import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages are consumed from their TypeScript sources in tests (the
// `@flowsight/source` export condition); builds use their compiled `dist`.
const sourceCondition = '@flowsight/source';

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/{domain,server,simulator}/src/**/*.test.ts'],
          globalSetup: ['packages/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'packages/web',
    ],
  },
});
