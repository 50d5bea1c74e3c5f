// Prints the OpenAPI document of the server to a file, without listening or preparing a database.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: write-openapi.ts <file.json>');
const database = await createDatabase({ kind: 'pglite-memory' });
const config = loadConfig({ DATA_DIR: '/tmp/flowsight-openapi', JWT_SECRET: 'x'.repeat(32) });
const app = await buildApp({ config, database, logger: false });
await app.ready();
writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
