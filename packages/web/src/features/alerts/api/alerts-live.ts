// Live alerts: one `GET /api/notifications/stream` (Server-Sent Events, read with `fetch` so it
// carries the session's bearer token) shared by every mounted alert view. Each `alerts` event,
// and each reconnect after a drop (events may have been missed), invalidates the alert queries.
// A dropped stream is retried with exponential backoff from the server's `retry:` (5 s) up to a
// minute; while it is down, alert queries fall back to a slow refetch.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { fetchWithSession } from '@/lib/api-client';
import { getServiceToken } from '@/lib/session-storage';
import { createSseParser } from '../utils/sse-parser';
import { alertsQueryKey } from './alert-keys';

/** How often alert queries refetch while the stream is down. */
export const ALERTS_FALLBACK_REFETCH_MS = 60_000;
const DEFAULT_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

export type AlertChangeEvent = {
  alertId: number;
  kind: 'opened' | 'updated' | 'status';
  statusId: number;
};

type StateListener = () => void;

function createAlertStream() {
  /** Query clients to invalidate, with how many views use each. */
  const clients = new Map<QueryClient, number>();
  const stateListeners = new Set<StateListener>();
  let connected = false;
  let everConnected = false;
  let controller: AbortController | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let retryMs = DEFAULT_RETRY_MS;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const listener of stateListeners) listener();
  };
  const invalidate = () => {
    for (const client of clients.keys()) {
      void client.invalidateQueries({ queryKey: alertsQueryKey });
    }
  };

  const scheduleReconnect = () => {
    if (clients.size === 0 || timer !== null) return;
    const base = Math.min(retryMs * 2 ** attempt, MAX_RETRY_MS);
    attempt += 1;
    // Jitter, so browsers that lost one server do not all come back in the same instant.
    timer = setTimeout(
      () => {
        timer = null;
        void connect();
      },
      base * (0.75 + Math.random() * 0.5),
    );
  };

  async function connect() {
    if (clients.size === 0 || controller !== null) return;
    // Signed out: nothing to stream until a page with a session mounts a view again.
    if (getServiceToken() === null) return;
    const own = new AbortController();
    controller = own;
    try {
      const response = await fetchWithSession('/notifications/stream', {
        signal: own.signal,
        headers: { Accept: 'text/event-stream' },
        cache: 'no-store',
      });
      if (response.status === 401 || own.signal.aborted) return;
      if (!response.ok || response.body === null) throw new Error(`stream ${response.status}`);
      const streamReader = response.body.getReader();
      reader = streamReader;
      setConnected(true);
      attempt = 0;
      if (everConnected) invalidate();
      everConnected = true;
      const decoder = new TextDecoder();
      const parser = createSseParser({
        onEvent: ({ event }) => {
          if (event === 'alerts') invalidate();
        },
        onRetry: (ms) => {
          retryMs = Math.max(1_000, ms);
        },
      });
      for (;;) {
        const { done, value } = await streamReader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Refused, unreachable or cut off: retried below.
    } finally {
      // A connection stopped and replaced meanwhile leaves the new one's state alone.
      if (controller === own) {
        controller = null;
        reader = null;
        setConnected(false);
        scheduleReconnect();
      }
    }
  }

  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const current = reader;
    controller?.abort();
    controller = null;
    // A stream that ignores the abort (a test's stand-in) is cancelled directly.
    void current?.cancel().catch(() => {});
    attempt = 0;
    everConnected = false;
    setConnected(false);
  };

  return {
    /** Adds a view using `client`; the stream opens with the first and closes after the last. */
    use(client: QueryClient) {
      clients.set(client, (clients.get(client) ?? 0) + 1);
      void connect();
      return () => {
        const count = (clients.get(client) ?? 1) - 1;
        if (count > 0) clients.set(client, count);
        else clients.delete(client);
        if (clients.size === 0) stop();
      };
    },
    subscribe(listener: StateListener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    isConnected: () => connected,
  };
}

const alertStream = createAlertStream();

/**
 * Keeps the alert queries live while the calling view is mounted. Returns the refetch interval
 * alert queries should use: none while the stream is up, a slow one while it is down.
 */
export function useAlertsLive(): number | false {
  const queryClient = useQueryClient();
  useEffect(() => alertStream.use(queryClient), [queryClient]);
  const connected = useSyncExternalStore(
    alertStream.subscribe,
    alertStream.isConnected,
    () => false,
  );
  return connected ? false : ALERTS_FALLBACK_REFETCH_MS;
}
