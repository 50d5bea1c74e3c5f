// Which node test files open a test database: those whose value imports reach the module that
// picks the test backend (`testing/backend.ts`). Only they can behave differently on PostgreSQL,
// so only they run again in the PostgreSQL pass; a file that builds an in-memory PGlite of its
// own, or none, would run the same code twice.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { moduleImports } from '../packages/web/src/testing/module-imports.ts';

const BACKEND = 'packages/server/src/testing/backend.ts';
const ROOTS = ['packages/domain/src', 'packages/server/src', 'packages/simulator/src'];

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** The node project's test files (`*.test.ts`), as paths relative to `root`. */
export function nodeTestFiles(root) {
  return ROOTS.flatMap((dir) => [...walk(join(root, dir))])
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => relative(root, path))
    .sort();
}

/** The relative imports of `file` that load code, resolved to files that exist. */
function localImports(file) {
  const { loaded, lazy } = moduleImports(file, readFileSync(file, 'utf8'));
  return [...loaded, ...lazy]
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier))
    .filter((path) => existsSync(path));
}

/** The files of `files` (relative to `root`) whose imports reach the test backend. */
export function databaseTestFiles(root, files = nodeTestFiles(root)) {
  const backend = resolve(root, BACKEND);
  const reaches = new Map();
  const reachesBackend = (file) => {
    if (file === backend) return true;
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // an import cycle adds nothing
    const found = localImports(file).some(reachesBackend);
    reaches.set(file, found);
    return found;
  };
  return files.filter((file) => reachesBackend(resolve(root, file)));
}
