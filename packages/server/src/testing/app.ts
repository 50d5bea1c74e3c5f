// An application on a fresh test database, for API tests through `app.inject`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { type App, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from './database.ts';
import { type Mailbox, startMailbox } from './mailbox.ts';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  /** Present when the app was built with `mailbox: true`. */
  mailbox: Mailbox | undefined;
  /** Signs in through the API and answers the access token (demo password by default). */
  signIn(email: string, password?: string): Promise<string>;
  /** Signs in (demo password by default) and answers requests as that person (`authorized`). */
  as(email: string, password?: string): Promise<AuthorizedRequest>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Start from the seeded demo portfolio. */
  demo?: boolean;
  /** Send mail over SMTP to an in-process server the test can read. */
  mailbox?: boolean;
  webRoot?: string;
  env?: Record<string, string>;
  /** An existing test database (e.g. to start the app again on the same data). */
  database?: DatabaseHandle;
  /** Heartbeat (and session re-check) interval of live alert streams. */
  alertStreamHeartbeatMs?: number;
  /** The clock the use figures are read at (`BuildAppOptions.figuresClock`). */
  figuresClock?: () => Date;
  /** The clock alert texts are queued and retried at (`BuildAppOptions.smsClock`). */
  smsClock?: () => Date;
  /** The clock of webhook events and deliveries (`BuildAppOptions.webhooksClock`). */
  webhooksClock?: () => Date;
  /** Log at info level into this stream instead of silencing the log. */
  logStream?: { write(line: string): void };
};

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'flowsight-data-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://flowsight.test',
    WEBHOOKS_ALLOW_LOOPBACK: '1',
    ...overrides,
  });
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ demo: options.demo }));
  const mailbox = options.mailbox ? await startMailbox() : undefined;
  const config = testConfig({
    ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
    ...(options.logStream ? { LOG_LEVEL: 'info' } : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    database,
    webRoot: options.webRoot,
    ...(options.alertStreamHeartbeatMs
      ? { alertStreamHeartbeatMs: options.alertStreamHeartbeatMs }
      : {}),
    ...(options.figuresClock ? { figuresClock: options.figuresClock } : {}),
    ...(options.smsClock ? { smsClock: options.smsClock } : {}),
    ...(options.webhooksClock ? { webhooksClock: options.webhooksClock } : {}),
  });
  await app.ready();
  const signIn = async (email: string, password = demoPassword) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const body = response.json() as { access_token?: string };
    if (response.statusCode !== 200 || !body.access_token) {
      throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    }
    return body.access_token;
  };
  return {
    app,
    database,
    mailbox,
    signIn,
    as: async (email, password) => authorized(app, await signIn(email, password)),
    close: async () => {
      await app.close();
      await database.close();
      await mailbox?.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as the holder of `token`. */
export function authorized(app: App, token: string) {
  return (url: string, options: { method?: Method; payload?: object } = {}) =>
    app.inject({
      url,
      method: options.method ?? 'GET',
      ...(options.payload ? { payload: options.payload } : {}),
      headers: { authorization: `Bearer ${token}` },
    });
}
export type AuthorizedRequest = ReturnType<typeof authorized>;
