// Backup and restore of both databases: back up, change the data, restore, and find the first
// state. The embedded database is backed up by its running server over DATA_DIR/backup.sock and,
// with no server, by opening it; a restore is refused while a server uses DATA_DIR, and a cut-short
// file is refused without touching the database. A PostgreSQL database goes through pg_dump and
// pg_restore, the restore refused while another session is connected.
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  truncateSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database, rowsOf } from '../../db/client.ts';
import { databaseUrlFor, templateDatabase, testBackend } from '../../testing/backend.ts';
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from './backup.ts';
import { createBackupChannel, embeddedDatabaseDir } from './backup-channel.ts';

const work = mkdtempSync(join(tmpdir(), 'flowsight-backup-'));
const log = { info: () => {}, warn: () => {} };

const companies = async (db: Database) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select name from companies where name like 'Backup %' order by name`,
    )
  ).map((row) => row.name);
const addCompany = (db: Database, name: string) =>
  db.execute(sql`insert into companies (name, company_type_id) values (${name}, 1)`);
/** The second state: one company more, one fewer. */
const change = async (db: Database) => {
  await addCompany(db, 'Backup Gone Co');
  await db.execute(sql`delete from companies where name = 'Backup Kept Co'`);
};

describe('backup and restore', () => {
  it.runIf(testBackend() === 'pglite')(
    'backs up the embedded database while its server runs and restores the first state',
    async () => {
      const dataDir = join(work, 'data');
      const directory = embeddedDatabaseDir(dataDir);
      const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
      let database = await createDatabase({
        kind: 'pglite',
        dataDir: directory,
        loadDataDir: template,
      });
      await addCompany(database.db, 'Backup Kept Co');
      // The server's side: its backup socket, started with its jobs.
      const channel = createBackupChannel({ db: database.db, dataDir, log });
      await channel.start();

      const first = join(work, 'first.tar.gz');
      expect(await backupEmbedded(dataDir, first)).toBe('running server');
      await change(database.db);
      expect(await companies(database.db)).toEqual(['Backup Gone Co']);
      await expect(restoreEmbedded(dataDir, first)).rejects.toThrow(
        `a Flowsight server is using ${dataDir}: stop it, then restore`,
      );

      await channel.stop();
      await database.close();
      // With no server on DATA_DIR the tool opens the database itself.
      const second = join(work, 'second.tar.gz');
      expect(await backupEmbedded(dataDir, second)).toBe('this process');
      const cut = join(work, 'cut.tar.gz');
      copyFileSync(first, cut);
      truncateSync(cut, Math.floor(statSync(first).size / 2));
      await expect(restoreEmbedded(dataDir, cut)).rejects.toThrow();

      const aside = await restoreEmbedded(dataDir, first);
      expect(aside && existsSync(aside)).toBe(true);
      database = await createDatabase({ kind: 'pglite', dataDir: directory });
      expect(await companies(database.db)).toEqual(['Backup Kept Co']);
      await database.close();

      await restoreEmbedded(dataDir, second);
      database = await createDatabase({ kind: 'pglite', dataDir: directory });
      expect(await companies(database.db)).toEqual(['Backup Gone Co']);
      await database.close();
    },
    240_000,
  );

  describe.runIf(testBackend() === 'postgres')('on a PostgreSQL server', () => {
    const name = `flowsight_test_backup_${randomBytes(4).toString('hex')}`;
    const admin = () => {
      const client = new pg.Client({ connectionString: databaseUrlFor('postgres') });
      return client.connect().then(() => client);
    };
    /** Waits until a closed pool's sessions have left the server. */
    const sessionsGone = async () => {
      const client = await admin();
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.end();
    };
    afterAll(async () => {
      const client = await admin();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });

    it('backs up with pg_dump, refuses to restore under a connected session, restores the first state', async () => {
      const client = await admin();
      await client.query(
        `create database ${name} template ${templateDatabase(inject('postgresTemplateRun'))}`,
      );
      await client.end();
      const url = databaseUrlFor(name);
      let database = await createDatabase({ kind: 'postgres', url, poolSize: 2 });
      await addCompany(database.db, 'Backup Kept Co');
      const file = join(work, 'first.pgdump');
      await backupPostgres(url, file);
      await change(database.db);
      expect(await companies(database.db)).toEqual(['Backup Gone Co']);
      await expect(restorePostgres(url, file)).rejects.toThrow(
        /other session\(s\) are connected to the database: stop the Flowsight servers/,
      );

      await database.close();
      await sessionsGone();
      await restorePostgres(url, file);
      database = await createDatabase({ kind: 'postgres', url, poolSize: 2 });
      expect(await companies(database.db)).toEqual(['Backup Kept Co']);
      await database.close();
      await sessionsGone();
    }, 240_000);
  });
});
