// One delivery attempt over HTTP: a POST of the JSON body with the signature headers, within a
// timeout, to an address the SSRF guard allows (`guardedLookup`). Redirects are not followed (a
// 3xx is a failed attempt, as Standard Webhooks suggests). Answers what the receiver said: its
// status, the start of its body, how long it took, or the error in words.
import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './webhooks.url.ts';

/** Characters of a receiver's answer kept with the attempt. */
export const RESPONSE_KEEP = 2000;

export type SendResult = {
  statusCode: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
};

export type WebhookSender = (
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<SendResult>;

export function createWebhookSender(options: {
  timeoutMs: number;
  allowLoopback: boolean;
  userAgent?: string;
}): WebhookSender {
  const lookup = guardedLookup(options.allowLoopback);
  return (url, headers, body) =>
    new Promise<SendResult>((resolve) => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let settled = false;
      const finish = (result: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': options.userAgent ?? 'Flowsight-Webhooks/1',
            ...headers,
          },
          lookup: lookup as never,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_KEEP * 4) {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP);
            const statusCode = response.statusCode ?? null;
            const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
            finish({
              statusCode,
              responseBody: text,
              error: ok
                ? null
                : statusCode !== null && statusCode >= 300 && statusCode < 400
                  ? `The receiver answered a redirect (${statusCode}); redirects are not followed`
                  : `The receiver answered ${statusCode}`,
            });
          });
          response.on('error', (error) =>
            finish({
              statusCode: response.statusCode ?? null,
              responseBody: null,
              error: error.message,
            }),
          );
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s`));
      }, options.timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          statusCode: null,
          responseBody: null,
          error:
            error.code && !error.message.includes(error.code)
              ? `${error.message} (${error.code})`
              : error.message,
        }),
      );
      request.end(body);
    });
}
