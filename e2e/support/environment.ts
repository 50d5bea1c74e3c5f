// Where the e2e server listens and keeps its data; tests read the mail outbox from here.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = join(tmpdir(), `flowsight-e2e-${E2E_PORT}`);
