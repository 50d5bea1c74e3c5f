// Where the e2e server listens and keeps its data; tests read the mail outbox from here.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = join(tmpdir(), `flowsight-e2e-${E2E_PORT}`);
/** The fake Flume API the e2e server talks to (e2e/support/fake-flume-server.ts). */
export const E2E_FLUME_PORT = E2E_PORT + 1000;
/** Gallons the fake Flume meter measures each minute: far above a building's own fixtures. */
export const E2E_FLUME_GALLONS_PER_MINUTE = 5;
