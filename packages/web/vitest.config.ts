import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The `web` project of the root Vitest workspace: same plugins and resolution as the app.
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup-tests.ts'],
      testTimeout: 30_000,
    },
  }),
);
