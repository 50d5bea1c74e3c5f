// Which web test files mock modules (`vi.mock` / `vi.doMock`). Vitest's module mocks belong to a
// file's own module graph, so such a file runs in the `web-mocks` project, isolated as Vitest's
// default has it; every other file shares its worker's window and packages (vitest.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const MOCKS_MODULES = /\bvi\.(?:do)?[mM]ock\(/;

/** The test files under `root/src` that mock modules, relative to `root`. */
export function moduleMockingFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && MOCKS_MODULES.test(readFileSync(path, 'utf8'))) {
        found.push(relative(root, path));
      }
    }
  };
  walk(join(root, 'src'));
  return found.sort();
}
