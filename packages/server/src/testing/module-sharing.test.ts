// The node project's workers keep their modules from one test file to the next (`isolate: false`
// in vitest.config.ts). That is only sound while no file changes what the next one imports or
// reads: no module mocks, no stubbed globals or environment, no fake clock left behind.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const sources = ['packages/domain/src', 'packages/server/src', 'packages/simulator/src'];

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (entry.name.endsWith('.test.ts') && !entry.name.endsWith('.measure.test.ts'))
      yield path;
  }
}

/** What one file would leave behind for the files after it in the same worker. */
const leftBehind: [string, RegExp][] = [
  ['a module mock', /\bvi\.(mock|doMock|hoisted)\(/],
  ['a stubbed global or variable', /\bvi\.(stubGlobal|stubEnv)\(/],
  ['a fake clock', /\bvi\.(useFakeTimers|setSystemTime)\(/],
  ['a changed environment variable', /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/],
  ['a deleted environment variable', /\bdelete\s+process\.env\b/],
];

describe('test files of the node project', () => {
  it('leave nothing behind for the next file in their worker', () => {
    const files = sources.flatMap((dir) => [...testFiles(join(root, dir))]);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return leftBehind
        .filter(([, pattern]) => pattern.test(text))
        .map(([what]) => `${relative(root, file)}: ${what}`);
    });
    expect(found).toEqual([]);
  });
});
