// The messages between the server thread (pglite-thread.ts) and the PGlite worker
// (pglite-worker.ts). Plain data only: they cross threads by structured clone.

export type ThreadRequest = { readonly id: number } & (
  | {
      readonly op: 'query';
      readonly sql: string;
      readonly params?: unknown[];
      readonly rowMode?: 'array' | 'object';
      /** Type OIDs returned as PostgreSQL's text instead of parsed. */
      readonly textTypes?: number[];
      /** What `copy … from '/dev/blob'` reads (COPY text format). */
      readonly copyText?: string;
      readonly tx?: number;
    }
  | { readonly op: 'exec'; readonly sql: string; readonly tx?: number }
  | { readonly op: 'begin' }
  | { readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly op: 'listen'; readonly channel: string }
  | { readonly op: 'unlisten'; readonly channel: string }
  | { readonly op: 'close' }
);

export type ThreadReply =
  | { readonly op: 'ready' }
  | { readonly op: 'failed'; readonly error: Record<string, unknown> }
  | { readonly op: 'notify'; readonly channel: string; readonly payload: string }
  | {
      readonly op: 'answer';
      readonly id: number;
      readonly ok: boolean;
      readonly value?: unknown;
      readonly error?: Record<string, unknown>;
    };
