// A feature folder (`src/features/<name>`) is used by the app and by itself; what two features
// share belongs in `src/components`, `src/lib` or `src/hooks`. The few imports across features
// that stand are named here with the reason, so a new one fails this test until it moves to a
// shared place or is added, with its reason, to the list.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webRoot } from '@/testing/web-root';

const src = join(webRoot, 'src');
const features = join(src, 'features');

/** `importing feature → imported module`, each with why it stands. */
const allowed: Record<string, string> = {
  // The settings page turns the second factor on and off with the sign-in feature's own call.
  'settings → features/auth/api/update-mfa-status': 'MFA belongs to sign-in',
  // A property's Users tab is a tab of the portfolio's record page.
  'users → features/portfolio/api/get-records': 'the record the tab sits on',
  'users → features/portfolio/routes/record-page-parts': 'the record the tab sits on',
};

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The source files (not tests) under `dir`. */
const sources = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .map((path) => join(dir, path));

/** The feature a module specifier of `file` points into, with the module, if any. */
function featureTarget(file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('@/')) target = join(src, specifier.slice(2));
  else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
  else return undefined;
  const inFeatures = relative(features, target);
  if (inFeatures.startsWith('..')) return undefined;
  return `features/${inFeatures.split('\\').join('/')}`;
}

describe('feature boundaries', () => {
  it('imports across features only where the list says why', () => {
    const found = new Set<string>();
    for (const feature of readdirSync(features)) {
      for (const file of sources(join(features, feature))) {
        for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
          const target = featureTarget(file, specifier);
          if (target && !target.startsWith(`features/${feature}/`)) {
            found.add(`${feature} → ${target.replace(/\.tsx?$/, '')}`);
          }
        }
      }
    }
    expect([...found].sort()).toEqual(Object.keys(allowed).sort());
  });
});
