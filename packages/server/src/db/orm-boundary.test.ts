// The lint rule that keeps the ORM in the data layer (biome.json, the override of
// `noRestrictedImports`): importing `drizzle-orm` or `db/schema` fails outside repositories, `db/`,
// tests and test kits. Probe files are linted with the project's own configuration in a scratch
// copy of the tree's layout, so the working tree is never touched.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');
const run = promisify(execFile);

const ormImports = `import { sql } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/users.ts';
export const probe = [sql, pgTable, users];
`;

type Lint = { failed: boolean; output: string };

describe('only repositories and db/ import the ORM', () => {
  let scratch = '';
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'orm-boundary-'));
    copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function lint(path: string, source = ormImports): Promise<Lint> {
    const file = join(scratch, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
    try {
      const { stdout, stderr } = await run(
        biome,
        ['lint', '--only=style/noRestrictedImports', '--vcs-enabled=false', path],
        { cwd: scratch },
      );
      return { failed: false, output: stdout + stderr };
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return { failed: true, output: stdout + stderr };
    }
  }

  it('fails a service, a route or a lib file that imports drizzle-orm or db/schema', async () => {
    for (const path of [
      'packages/server/src/modules/users/users.service.ts',
      'packages/server/src/modules/users/users.routes.ts',
      'packages/server/src/lib/tenant-scope.ts',
    ]) {
      const result = await lint(path);
      expect(result.failed, path).toBe(true);
      expect(result.output).toContain('Only repositories and db/ know the ORM');
      // All three imports are reported: the package, a subpath and the schema.
      expect(result.output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(3);
    }
  }, 30_000);

  it('passes repositories, db/, tests and test kits', async () => {
    for (const path of [
      'packages/server/src/modules/users/users.repository.ts',
      'packages/server/src/db/queries/probe.ts',
      'packages/server/src/modules/users/users.test.ts',
      'packages/server/src/modules/users/users.isolation.ts',
      'packages/server/src/testing/probe.ts',
    ]) {
      expect((await lint(path)).failed, path).toBe(false);
    }
  }, 30_000);
});
