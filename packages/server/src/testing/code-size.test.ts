// Size limits, so that a reader can hold one piece in their head: a function (or arrow, or
// method) of at most 300 lines, and a service file of at most 300 lines — a service decides, and
// a longer one is doing several modules' work. Lines are counted from the declaration's first
// line to its last, comments included. The few pieces still over a limit are listed below with
// their size today; the list may only shrink — a listed piece that grows fails, one that fits
// must leave the list.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const roots = [
  'packages/domain/src',
  'packages/server/src',
  'packages/simulator/src',
  'packages/web/src',
];
const MAX_FUNCTION_LINES = 300;
const MAX_SERVICE_FILE_LINES = 300;

/** Functions over the limit today, by `file:name`, with their size: to be split, never grown. */
const oversizedFunctions: Record<string, number> = {};

/** Service files over the limit today, with their length. */
const oversizedServiceFiles: Record<string, number> = {};

const SOURCE = /\.(?:ts|tsx)$/;
const sources = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (path) =>
        SOURCE.test(path) &&
        !/\.test\.tsx?$/.test(path) &&
        !/(?:^|[\\/])(?:node_modules|dist|generated)[\\/]/.test(path),
    )
    .map((path) => join(dir, path));

/** The name a function goes by: its own, its variable's, its property's or method's. */
function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

/** Every function in `file` with its length in lines. */
function functionSizes(file: string): [string, number][] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sizes: [string, number][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      sizes.push([nameOf(node), last - first + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

const files = roots.flatMap((dir) => sources(join(root, dir)));

/** `found` against the limit and the listed exceptions: what grew, what is new, what now fits. */
function against(found: Map<string, number>, limit: number, listed: Record<string, number>) {
  const problems: string[] = [];
  for (const [key, lines] of found) {
    const allowed = listed[key];
    if (lines <= limit) continue;
    if (allowed === undefined) problems.push(`${key}: ${lines} lines (limit ${limit})`);
    else if (lines > allowed)
      problems.push(`${key}: grew to ${lines} lines (listed at ${allowed})`);
  }
  for (const [key, allowed] of Object.entries(listed)) {
    const lines = found.get(key);
    if (lines === undefined || lines <= limit) {
      problems.push(
        `${key}: listed at ${allowed} lines but now ${lines ?? 'gone'}: take it off the list`,
      );
    } else if (lines < allowed) {
      problems.push(`${key}: shrank to ${lines} lines: lower its listed size from ${allowed}`);
    }
  }
  return problems;
}

describe('code size', () => {
  it(`keeps functions within ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(300);
    const found = new Map<string, number>();
    for (const file of files) {
      for (const [name, lines] of functionSizes(file)) {
        const key = `${relative(root, file)}:${name}`;
        found.set(key, Math.max(lines, found.get(key) ?? 0));
      }
    }
    expect(against(found, MAX_FUNCTION_LINES, oversizedFunctions)).toEqual([]);
  });

  it(`keeps service files within ${MAX_SERVICE_FILE_LINES} lines`, () => {
    const found = new Map<string, number>();
    for (const file of files.filter((path) => path.endsWith('.service.ts'))) {
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n').length;
      found.set(relative(root, file), lines);
    }
    expect(found.size).toBeGreaterThan(10);
    expect(against(found, MAX_SERVICE_FILE_LINES, oversizedServiceFiles)).toEqual([]);
  });
});
