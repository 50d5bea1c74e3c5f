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

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

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
