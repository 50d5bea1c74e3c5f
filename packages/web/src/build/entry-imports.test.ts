// What the first script can reach: the modules `main.tsx` imports statically (not with `import()`,
// not types only), followed through the app and the domain package. Libraries kept out of it on
// purpose stay out: zod's schemas are ~180 KB the browser would evaluate before the first render.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleImports } from '@/testing/module-imports';
import { webRoot } from '@/testing/web-root';

const web = webRoot;
const domain = resolve(web, '../domain/src');

function resolveLocal(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = resolve(web, 'src', specifier.slice(2));
  else if (specifier.startsWith('@flowsight/domain/')) {
    base = resolve(domain, specifier.slice('@flowsight/domain/'.length));
  } else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((path) => existsSync(path) && /\.tsx?$/.test(path)) ?? null;
}

/** The packages the entry reaches, each with the chain of files that reaches it first. */
function packagesOfEntry(): Map<string, string[]> {
  const entry = resolve(web, 'src/main.tsx');
  const via = new Map<string, string | null>([[entry, null]]);
  const packages = new Map<string, string[]>();
  const chain = (file: string) => {
    const files: string[] = [];
    for (let at: string | null | undefined = file; at; at = via.get(at)) files.unshift(at);
    return files.map((path) => path.slice(resolve(web, '..').length + 1));
  };
  for (const queue = [entry]; queue.length > 0; ) {
    const file = queue.shift() as string;
    for (const specifier of moduleImports(file, readFileSync(file, 'utf8')).loaded) {
      const local = resolveLocal(file, specifier);
      if (local) {
        if (!via.has(local)) {
          via.set(local, file);
          queue.push(local);
        }
        continue;
      }
      if (specifier.startsWith('@flowsight/')) continue;
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : (specifier.split('/')[0] ?? specifier);
      if (!packages.has(name)) packages.set(name, chain(file));
    }
  }
  return packages;
}

describe('the first script', () => {
  const packages = packagesOfEntry();

  it('is followed through the app (the walk finds its libraries)', () => {
    expect(packages.has('react')).toBe(true);
    expect(packages.has('@tanstack/react-query')).toBe(true);
  });

  it('does not load zod', () => {
    expect(packages.get('zod'), 'reached through').toBeUndefined();
  });
});
