// An application on a fresh test database, for API tests through `app.inject`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = { app: App; database: DatabaseHandle; close(): Promise<void> };

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'flowsight-data-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export async function buildTestApp(
  options: Partial<Omit<BuildAppOptions, 'database'>> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), logger: false, ...options, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
