// Code comments say why, never which ticket: an issue number means nothing inside the
// repository, and the reason it stood for belongs in the comment (or in docs/decisions.md).
// This walks every source file of the workspaces, the browser tests, the benchmarks and the
// scripts, and names each line that cites one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const roots = [
  'packages/domain/src',
  'packages/server/src',
  'packages/simulator/src',
  'packages/web/src',
  'e2e',
  'bench/src',
  'scripts',
];
const SOURCE = /\.(?:ts|tsx|mjs)$/;
const TICKET = /\b(?:[Ii]ssues?|[Tt]ickets?) #?\d+/;

/** The source files under `dir`, outside installed packages and build output. */
const sources = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => SOURCE.test(path) && !/(?:^|[\\/])(?:node_modules|dist)[\\/]/.test(path))
    .map((path) => join(dir, path));

/** The comment part of a line: what follows `//`, or a block comment's line. */
function commentOf(line: string): string | undefined {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return trimmed;
  const at = line.indexOf('// ');
  return at >= 0 ? line.slice(at) : undefined;
}

describe('code comments', () => {
  it('cite no issue or ticket numbers', () => {
    const citing: string[] = [];
    for (const dir of roots) {
      for (const file of sources(join(root, dir))) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, index) => {
          const comment = commentOf(line);
          if (comment && TICKET.test(comment)) {
            citing.push(`${relative(root, file)}:${index + 1}: ${comment.trim()}`);
          }
        });
      }
    }
    expect(citing).toEqual([]);
  });
});
