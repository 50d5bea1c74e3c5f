// The embedded database on its own thread (see pglite-thread.ts): this worker owns the on-disk
// PGlite and answers the server thread's messages, so PGlite's synchronous WebAssembly never
// blocks the server's event loop. One message in, one answer out; a transaction stays open here
// until the server thread ends it, and PGlite's own locks make every other statement wait for it,
// as in-process. Only erasable TypeScript here: Node runs this file from source in tests.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pglite-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, load } = workerData as { dataDir: string; load?: Uint8Array };

/** Open transactions by id: their statements, and how the server thread ends each. */
type Open = { tx: Transaction; end: (commit: boolean) => void };
const open = new Map<number, Open>();
const listening = new Map<string, () => Promise<void>>();
/** Each open transaction's outcome (settles after COMMIT or ROLLBACK). */
const finishing = new Map<number, Promise<void>>();
let nextTx = 1;
/** How the server thread's rollback reaches PGlite's transaction (not an error to report). */
class RolledBack extends Error {}

/** A thrown value as plain data: message plus the PostgreSQL fields (code, constraint, …). */
function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return fields;
}

/** The identity parsers the caller asked for (Drizzle keeps dates and intervals as text). */
const keepText = (types: readonly number[] | undefined) =>
  types ? Object.fromEntries(types.map((oid) => [oid, (value: string) => value])) : undefined;

const db = await PGlite.create({
  dataDir,
  ...(load ? { loadDataDir: new Blob([new Uint8Array(load)]) } : {}),
});

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
      if (!target) throw new Error('the transaction has ended');
      const parsers = keepText(request.textTypes);
      return target.query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(parsers ? { parsers } : {}),
        ...(request.copyText === undefined ? {} : { blob: new Blob([request.copyText]) }),
      });
    }
    case 'exec': {
      const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
      if (!target) throw new Error('the transaction has ended');
      return target.exec(request.sql);
    }
    case 'begin': {
      const id = nextTx++;
      return new Promise<number>((resolve, reject) => {
        let begun = false;
        const finished = db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              begun = true;
              open.set(id, { tx, end: (ok) => (ok ? commit() : rollback(new RolledBack())) });
              resolve(id);
            }),
        );
        finishing.set(id, finished);
        finished
          .catch((error: unknown) => {
            // BEGIN itself failed: the callback never ran.
            if (!begun) reject(error);
          })
          .finally(() => open.delete(id));
      });
    }
    case 'end': {
      const transaction = open.get(request.tx);
      const finished = finishing.get(request.tx);
      finishing.delete(request.tx);
      if (!transaction || !finished) throw new Error('the transaction has ended');
      transaction.end(request.commit);
      try {
        await finished;
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      return null;
    }
    case 'listen': {
      if (listening.has(request.channel)) return null;
      const channel = request.channel;
      const stop = await db.listen(channel, (payload) => {
        const notice: ThreadReply = { op: 'notify', channel, payload };
        port?.postMessage(notice);
      });
      listening.set(channel, stop);
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      await stop?.();
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (value) => port.postMessage({ op: 'answer', id: request.id, ok: true, value }),
    (error: unknown) =>
      port.postMessage({ op: 'answer', id: request.id, ok: false, error: plainError(error) }),
  );
});
port.postMessage({ op: 'ready' } satisfies ThreadReply);
