// A system admin created from the command line: the service on an empty database (the admin and
// their role, a reset link that sets a password through the real change-password call and then
// signs in as system admin; refusals), and `npm run create-admin` itself as a child process: on a
// temporary embedded database in the PGlite run, on a new PostgreSQL database in the PostgreSQL run.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RoleType, UserStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database, rowsOf } from '../../db/client.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { databaseUrlFor, testBackend } from '../../testing/backend.ts';
import { createBackupChannel, embeddedDatabaseDir } from '../backup/backup-channel.ts';
import { NOWHERE } from './placement.ts';
import { createSystemAdmin } from './system-admin.service.ts';
import { createUsersRepository } from './users.repository.ts';

const APP_URL = 'http://flowsight.test';
const NEW_PASSWORD = 'Adm1n!Pass';

describe('createSystemAdmin', () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  const create = (input: { email: string; firstName?: string; lastName?: string }) =>
    createSystemAdmin(
      {
        repository: createUsersRepository(t.database.db),
        mailer: { send: async (message) => void sent.push(message) },
        appUrl: APP_URL,
      },
      input,
    );
  const userCount = async () =>
    (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`))[0]?.n ??
    0;
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the first system admin, who sets a password through the reset link and signs in', async () => {
    expect(await userCount()).toBe(0);
    const before = Date.now();
    const admin = await create({
      email: ' First@Example.com ',
      firstName: 'Ada',
      lastName: 'Byron',
    });
    expect(admin.email).toBe('first@example.com');
    expect(admin.otherAdmins).toBe(0);
    expect(admin.mailError).toBeUndefined();
    expect(admin.expiresAt.getTime() - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
    expect(admin.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    const link = new URL(admin.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/change-password`);
    expect(link.searchParams.get('email')).toBe('first@example.com');
    // The reset email of forgot-password, with the same link.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('first@example.com');
    expect(sent[0]?.subject).toBe('Reset your Flowsight password');
    expect(sent[0]?.text).toContain(admin.link);

    const [user] = await rowsOf<{
      first_name: string;
      last_name: string;
      password_hash: string | null;
      user_status_id: number;
    }>(
      t.database.db,
      sql`select first_name, last_name, password_hash, user_status_id from users where id = ${admin.userId}`,
    );
    expect(user).toEqual({
      first_name: 'Ada',
      last_name: 'Byron',
      password_hash: null,
      user_status_id: UserStatus.Invited,
    });
    const roles = await rowsOf(
      t.database.db,
      sql`select user_role_type_id, company_id, property_id, building_id, unit_id
          from user_roles where user_id = ${admin.userId}`,
    );
    expect(roles).toEqual([
      {
        user_role_type_id: RoleType.SystemAdmin,
        company_id: null,
        property_id: null,
        building_id: null,
        unit_id: null,
      },
    ]);
    // No password yet: nothing signs in.
    expect((await login('first@example.com', NEW_PASSWORD)).statusCode).toBe(401);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password-reset',
      payload: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        newPassword: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login('first@example.com', NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as {
      active_role_id: number;
      roles: { id: number; user_role_type_id: number }[];
    };
    expect(session.roles.find((r) => r.id === session.active_role_id)?.user_role_type_id).toBe(
      RoleType.SystemAdmin,
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: {
        authorization: `Bearer ${(signedIn.json() as { access_token: string }).access_token}`,
      },
    });
    expect(me.statusCode, me.body).toBe(200);
    // The link works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password-reset',
      payload: {
        email: 'first@example.com',
        token: link.searchParams.get('token'),
        newPassword: 'Other2!Pass',
      },
    });
    expect(again.statusCode).toBe(400);
  });

  it('creates a second system admin and tells that others exist', async () => {
    const admin = await create({ email: 'second@example.com' });
    expect(admin.otherAdmins).toBe(1);
    const [user] = await rowsOf<{ first_name: string; last_name: string }>(
      t.database.db,
      sql`select first_name, last_name from users where id = ${admin.userId}`,
    );
    expect(user).toEqual({ first_name: '', last_name: '' });
  });

  it('refuses an email that is already a user, without promoting a user who is not an admin', async () => {
    const count = await userCount();
    await expect(create({ email: 'FIRST@example.com' })).rejects.toThrow(
      'first@example.com is already a system admin',
    );
    const repository = createUsersRepository(t.database.db);
    const support = await repository.createInvitedUser({
      email: 'support@example.com',
      firstName: 'Sam',
      lastName: 'Port',
      phone: null,
      roles: [{ roleTypeId: RoleType.SystemSupport, ...NOWHERE }],
      token: {
        purpose: 'invitation',
        tokenHash: 'x'.repeat(64),
        expiresAt: new Date(),
        createdByUserId: null,
      },
    });
    await expect(create({ email: 'support@example.com' })).rejects.toThrow(
      'support@example.com belongs to a user who is not a system admin: not promoted',
    );
    const roles = await rowsOf<{ user_role_type_id: number }>(
      t.database.db,
      sql`select user_role_type_id from user_roles where user_id = ${support.id}`,
    );
    expect(roles).toEqual([{ user_role_type_id: RoleType.SystemSupport }]);
    expect(await userCount()).toBe(count + 1);
  });

  it('refuses an invalid email and creates nothing', async () => {
    const count = await userCount();
    const mails = sent.length;
    for (const email of ['not-an-email', '', 'a@b@c.com']) {
      await expect(create({ email })).rejects.toMatchObject({
        statusCode: 400,
        message: `Not a valid email address: ${email}`,
      });
    }
    expect(await userCount()).toBe(count);
    expect(sent).toHaveLength(mails);
  });

  it('keeps the admin when the reset email cannot be sent, and says why', async () => {
    const admin = await createSystemAdmin(
      {
        repository: createUsersRepository(t.database.db),
        mailer: { send: () => Promise.reject(new Error('SMTP server refused')) },
        appUrl: APP_URL,
      },
      { email: 'unmailed@example.com' },
    );
    expect(admin.mailError).toBe('SMTP server refused');
    expect(admin.link).toContain('/change-password?');
  });
});

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const tool = fileURLToPath(new URL('../../tools/create-admin.ts', import.meta.url));

/** `npm run create-admin -- …` as npm runs it: the same node flags, from the repository's root. */
function runCreateAdmin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only what the test passes configures the command.
  const { DATABASE_URL: _url, SMTP_URL: _smtp, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=@flowsight/source', '--import', 'tsx', tool, ...args],
      { cwd: repositoryRoot, env: { ...inherited, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What the command prints and refuses, the same on both databases. */
async function expectCreatedAndRefusals(env: Record<string, string>, where: string) {
  const dataDir = env.DATA_DIR ?? '';
  const created = await runCreateAdmin(
    ['Ops@Example.com', '--first-name', 'Olga', '--last-name', 'Ops'],
    env,
  );
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  const [first, expiry, link, mail, ...rest] = created.stdout.trim().split('\n');
  expect(rest).toEqual([]);
  expect(first).toBe(`Created the system admin ops@example.com in ${where}.`);
  expect(expiry).toMatch(
    /^They set their password at this link \(it works once, until \d{4}-\d\d-\d\dT/,
  );
  expect(link).toMatch(
    /^https:\/\/flowsight\.example\/change-password\?email=ops%40example\.com&token=[\w-]{20,}$/,
  );
  const outbox = readdirSync(join(dataDir, 'outbox'));
  expect(outbox).toHaveLength(1);
  expect(mail).toBe(
    `No SMTP_URL: the reset email was written to ${join(dataDir, 'outbox', outbox[0] ?? '')}, not sent.`,
  );

  const duplicate = await runCreateAdmin(['ops@example.com'], env);
  expect(duplicate).toMatchObject({ code: 1, stdout: '' });
  expect(duplicate.stderr.trim().split('\n')).toEqual([
    'ops@example.com is already a system admin (a new password: "Forgot password?" on the sign-in page)',
  ]);
  const invalid = await runCreateAdmin(['ops.example.com'], env);
  expect(invalid).toMatchObject({ code: 1, stdout: '' });
  expect(invalid.stderr.trim()).toBe('Not a valid email address: ops.example.com');
}

const systemAdminEmails = async (db: Database) =>
  (
    await rowsOf<{ email: string }>(
      db,
      sql`select u.email from users u join user_roles r on r.user_id = u.id
          where r.user_role_type_id = ${RoleType.SystemAdmin} order by u.id`,
    )
  ).map((row) => row.email);

describe('npm run create-admin', () => {
  const env = () => ({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'flowsight-create-admin-')),
    APP_URL: 'https://flowsight.example',
  });

  it.runIf(testBackend() === 'pglite')(
    'creates a system admin in the embedded database of DATA_DIR, and refuses clearly',
    async () => {
      const { DATA_DIR: dataDir, APP_URL } = env();
      // A migrated database as a first server start leaves it, without any user.
      const prepared = await createDatabase({
        kind: 'pglite',
        dataDir: embeddedDatabaseDir(dataDir),
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]),
      });
      await prepared.close();
      await expectCreatedAndRefusals({ DATA_DIR: dataDir, APP_URL }, dataDir);

      // PGlite opens its files in one process: refused while a server uses DATA_DIR.
      const database = await createDatabase({
        kind: 'pglite',
        dataDir: embeddedDatabaseDir(dataDir),
      });
      const server = createBackupChannel({
        db: database.db,
        dataDir,
        log: { info: () => {}, warn: () => {} },
      });
      await server.start();
      try {
        const refused = await runCreateAdmin(['third@example.com'], { DATA_DIR: dataDir, APP_URL });
        expect(refused).toMatchObject({ code: 1, stdout: '' });
        expect(refused.stderr.trim()).toBe(
          `a Flowsight server is using ${dataDir}: stop it, then run this again (the embedded database opens in one process only)`,
        );
        expect(await systemAdminEmails(database.db)).toEqual(['ops@example.com']);
      } finally {
        await server.stop();
        await database.close();
      }
    },
    300_000,
  );

  it.runIf(testBackend() === 'postgres')(
    'creates a system admin in a new PostgreSQL database of DATABASE_URL, migrating it first, and refuses clearly',
    async () => {
      const name = `flowsight_test_create_admin_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        await expectCreatedAndRefusals(
          { ...env(), DATABASE_URL: databaseUrlFor(name) },
          'the PostgreSQL database',
        );
        const database = await createDatabase({
          kind: 'postgres',
          url: databaseUrlFor(name),
          poolSize: 1,
        });
        try {
          expect(await systemAdminEmails(database.db)).toEqual(['ops@example.com']);
        } finally {
          await database.close();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    300_000,
  );
});
