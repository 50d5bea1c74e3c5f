import { defineProject, mergeConfig } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';
import viteConfig from './vite.config.ts';

// The `web` project of the root Vitest workspace: same plugins and resolution as the app.
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      // The root config's workers do not reach a project that does not extend it; with Vitest's
      // default (one worker on two cores) this project ran alone, one file at a time, after the
      // others.
      maxWorkers: testWorkers,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup-tests.ts'],
      testTimeout: 30_000,
    },
  }),
);
