// The web package's folder, for tests that read its sources: they run from the repository or
// from the package, and jsdom's `import.meta.url` is not a file URL.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const webRoot =
  [resolve(process.cwd(), 'packages/web'), process.cwd()].find((path) =>
    existsSync(resolve(path, 'src/main.tsx')),
  ) ?? process.cwd();
