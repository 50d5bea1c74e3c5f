import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';
import { moduleMockingFiles } from './src/testing/module-mocking-files.ts';
import viteConfig from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const include = ['src/**/*.test.{ts,tsx}'];
const mocking = moduleMockingFiles(root);

const common = {
  // The root config's workers do not reach a project that does not extend it; with Vitest's
  // default (one worker on two cores) this project ran alone, one file at a time, after the
  // others.
  maxWorkers: testWorkers,
  environment: 'jsdom' as const,
  setupFiles: ['src/testing/setup-tests.ts'],
  testTimeout: 30_000,
};

/**
 * The `web` project of the root Vitest workspace: same plugins and resolution as the app. Its
 * files share their worker's jsdom window and installed packages (`isolate: false`): a window
 * and React and MUI set up again for every file took half of the project's time (159 s against
 * 75 s for 100 files on this machine). The setup file evaluates the app's own modules afresh
 * and empties the page, storage and address for each file. Files that mock modules run
 * isolated, in `web-mocks` (vitest.mocks.config.ts).
 */
export const webProject = (name: 'web' | 'web-mocks') =>
  mergeConfig(
    viteConfig,
    defineProject({
      test: {
        ...common,
        name,
        ...(name === 'web'
          ? { include, exclude: mocking, isolate: false }
          : { include: mocking.length > 0 ? mocking : ['no-file-mocks-modules'] }),
      },
    }),
  );

export default webProject('web');
