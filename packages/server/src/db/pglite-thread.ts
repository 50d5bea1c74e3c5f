// The on-disk PGlite of `npm start` on a worker thread (docs/decisions.md, "The embedded database
// on its own thread"). PGlite is PostgreSQL compiled to WebAssembly and runs synchronously: in the
// server's thread every statement — a simulator batch, a chart — blocked the event loop, so every
// request waited. `openPGliteThread` starts pglite-worker.ts and answers with an object that speaks
// the part of PGlite's client interface Drizzle and `createDatabase` use (query, exec,
// transaction, listen, close), each call a message to the worker.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest } from './pglite-protocol.ts';

type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
  /** What `copy … from '/dev/blob'` reads; crosses to the worker as text. */
  blob?: Blob;
};
type Results = { rows: unknown[]; affectedRows?: number; fields: unknown[] };

/** What a transaction callback gets: statements that run inside the transaction. */
export type ThreadTransaction = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
};

/**
 * People's requests before background work (docs/decisions.md, "Requests before the history"):
 * PGlite has one connection, so a request's statement waits for whatever transaction runs. The
 * server marks each HTTP request (`asRequest`); background work (the simulator's history, jobs,
 * MQTT) asks `yieldToRequests` before each of its transactions.
 */
export type RequestPriority = {
  /** Runs `work` as a person's request: the statements it sends, in any await of it, count. */
  asRequest<T>(work: () => T): T;
  /**
   * Resolves once no request's statement is running or queued and the requests' statements have
   * been quiet for a moment; answers whether requests came recently (someone is using the
   * product), so the caller can keep its next transaction short.
   */
  yieldToRequests(): Promise<{ requestsRecently: boolean }>;
};

export type PGliteThread = ThreadTransaction & {
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  priority: RequestPriority;
};

/** A gap this long between a request's statements means the request is done with the database. */
const REQUEST_QUIET_MS = 15;
/**
 * Requests within this long mean someone is using the product: a person reads a page for a while
 * before the next click, and that click should not wait for a long batch either.
 */
const REQUESTS_RECENT_MS = 30_000;

/** A PostgreSQL error from the worker, with its fields (code, constraint, detail, …). */
function rebuiltError(fields: Record<string, unknown> | undefined): Error {
  const error = new Error(String(fields?.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

// Resolves to pglite-worker.ts from src (tests, tools) and to pglite-worker.js from dist.
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** Opens PGlite in `dataDir` on a worker; an empty directory may start from a tarball `load`. */
export async function openPGliteThread(dataDir: string, load?: Uint8Array): Promise<PGliteThread> {
  const worker = new Worker(workerUrl, { workerData: { dataDir, load } });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | undefined;
  const inRequest = new AsyncLocalStorage<true>();
  let requestStatements = 0;
  let lastRequestAt = Number.NEGATIVE_INFINITY;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      if (reply.op === 'ready') return resolve();
      if (reply.op === 'notify') {
        for (const listener of channels.get(reply.channel) ?? []) listener(reply.payload);
        return;
      }
      if (reply.op !== 'answer') return;
      const pending = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (reply.ok) pending?.resolve(reply.value);
      else pending?.reject(rebuiltError(reply.error));
    });
    // The worker died (PGlite failed to open, or crashed): every waiting call fails.
    const fail = (error: Error) => {
      failure = error;
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));
  });
  await ready;

  function call<T>(request: Request): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
    if (!inRequest.getStore()) return answer;
    requestStatements += 1;
    lastRequestAt = performance.now();
    const settled = () => {
      requestStatements -= 1;
      lastRequestAt = performance.now();
    };
    answer.then(settled, settled);
    return answer;
  }

  const priority: RequestPriority = {
    asRequest: (work) => inRequest.run(true, work),
    async yieldToRequests() {
      for (;;) {
        const quietFor = performance.now() - lastRequestAt;
        if (requestStatements === 0 && quietFor >= REQUEST_QUIET_MS) {
          return { requestsRecently: quietFor < REQUESTS_RECENT_MS };
        }
        await new Promise((resolve) => setTimeout(resolve, REQUEST_QUIET_MS));
      }
    },
  };

  const statements = (tx?: number): ThreadTransaction => ({
    query: async (sql, params, options) =>
      call<Results>({
        op: 'query',
        sql,
        ...(params ? { params } : {}),
        ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
        // Drizzle's parsers only keep dates and intervals as text: the worker does the same.
        ...(options?.parsers ? { textTypes: Object.keys(options.parsers).map(Number) } : {}),
        ...(options?.blob ? { copyText: await options.blob.text() } : {}),
        ...(tx === undefined ? {} : { tx }),
      }),
    exec: (sql) => call<Results[]>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }),
  });

  return {
    ...statements(),
    priority,
    async transaction(callback) {
      const tx = await call<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(statements(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
        await call({ op: 'listen', channel });
      }
      listeners.add(onPayload);
      return async () => {
        listeners.delete(onPayload);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      if (!failure) await call({ op: 'close' });
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
