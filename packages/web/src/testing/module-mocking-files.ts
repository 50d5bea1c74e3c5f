// Which web test files mock modules (`vi.mock` / `vi.doMock`). Vitest's module mocks belong to a
// file's own module graph, so such a file runs in the `web-mocks` project, isolated as Vitest's
// default has it; every other file shares its worker's window and packages (vitest.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MOCKS_MODULES = /\bvi\.(?:do)?[mM]ock\(/;

/** The test files under `root/src` that mock modules, relative to `root`. */
export function moduleMockingFiles(root: string): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path))
    .filter((path) => MOCKS_MODULES.test(readFileSync(join(root, 'src', path), 'utf8')))
    .map((path) => join('src', path))
    .sort();
}
