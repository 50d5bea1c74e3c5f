// A record page's address is built in one place, `@flowsight/domain/paths`, for the web and the
// server alike; anything else that spells `/companies/${…}` out would drift from it the day the
// addresses change. Tests are left out: they write the address they expect on purpose.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webRoot } from '@/testing/web-root';

const root = join(webRoot, '..', '..');
const sources = ['packages/domain/src', 'packages/server/src', 'packages/web/src'];
const BUILT_HERE = 'packages/domain/src/paths.ts';
/** Addresses that are no record page, with why they stand. */
const allowed: Record<string, string> = {
  // The side menu's Properties entry is a tab of the company's page, typed as a menu path.
  'packages/domain/src/web-access.ts': 'the company page’s properties tab in the menu',
  // The report's CSV file is an API address (below /api), not a page.
  'packages/web/src/features/reports/api/get-report-overview.ts': 'an API address',
};
const RECORD_ADDRESS = /`\/(?:companies|properties|buildings|units)\/\$\{/;

const files = sources.flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .map((path) => join(root, dir, path)),
);

describe('record page addresses', () => {
  it('are built by the one paths module', () => {
    expect(files.length).toBeGreaterThan(300);
    const spelled = files
      .map((file) => relative(root, file))
      .filter((file) => file !== BUILT_HERE && allowed[file] === undefined)
      .filter((file) => RECORD_ADDRESS.test(readFileSync(join(root, file), 'utf8')));
    expect(spelled).toEqual([]);
  });
});
