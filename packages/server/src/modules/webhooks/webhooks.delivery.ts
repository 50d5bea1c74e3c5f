// Delivery attempts: due messages are leased (another round or replica skips them meanwhile),
// signed with their endpoint's secret at the attempt's time, sent, and recorded with where the
// message stands after: delivered on a 2xx, otherwise due again after the next back-off delay,
// or failed once the attempts run out (a test event gets one attempt).
import type { SealedBox } from '../../lib/sealed-box.ts';
import type { EndpointRow, MessageRow, WebhooksRepository } from './webhooks.repository.ts';
import { TEST_EVENT } from './webhooks.schemas.ts';
import type { SendResult, WebhookSender } from './webhooks.sender.ts';
import { signedHeaders } from './webhooks.signing.ts';

/**
 * Waits before each retry: 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 12 h; a message is given up
 * (failed) after its first attempt and these seven retries, about 19 hours later.
 */
export const RETRY_DELAYS_MS = [
  5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Messages one delivery round sends at most. */
const ROUND_SIZE = 50;

export function createWebhookDelivery({
  repository,
  secrets,
  send,
  timeoutMs,
  now,
}: {
  repository: WebhooksRepository;
  secrets: SealedBox;
  send: WebhookSender;
  timeoutMs: number;
  now: () => Date;
}) {
  /** One attempt of a leased message; records it and where the message stands after it. */
  async function attempt(message: MessageRow, endpoint: EndpointRow) {
    const at = now();
    const number = message.attempts + 1;
    let result: SendResult;
    if (!endpoint.enabled) {
      result = {
        statusCode: null,
        responseBody: null,
        durationMs: 0,
        error: 'The endpoint is disabled',
      };
    } else {
      let secret: string | null = null;
      try {
        secret = secrets.open(endpoint.secretSealed);
      } catch (error) {
        result = {
          statusCode: null,
          responseBody: null,
          durationMs: 0,
          error: error instanceof Error ? error.message : 'The signing secret could not be opened',
        };
      }
      if (secret !== null) {
        result = await send(
          endpoint.url,
          signedHeaders(secret, message.messageId, at, message.body),
          message.body,
        );
      }
    }
    // biome-ignore lint/style/noNonNullAssertion: every branch above sets it
    const outcome = result!;
    const succeeded =
      outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const delay = RETRY_DELAYS_MS[number - 1];
    const retries = endpoint.enabled && message.eventType !== TEST_EVENT && delay !== undefined;
    const next = succeeded
      ? { state: 'succeeded' as const, nextAttemptAt: null }
      : retries
        ? { state: 'pending' as const, nextAttemptAt: new Date(at.getTime() + delay) }
        : { state: 'failed' as const, nextAttemptAt: null };
    await repository.recordAttempt(message, number, { at, ...outcome, succeeded }, next);
    return succeeded;
  }

  /** Leases the due messages (or the one given) and attempts each. */
  async function deliver(only?: number) {
    const at = now();
    const leased = await repository.leaseDue(
      at,
      new Date(at.getTime() + timeoutMs + 30_000),
      ROUND_SIZE,
      only,
    );
    let succeeded = 0;
    for (const { message, endpoint } of leased) {
      if (await attempt(message, endpoint)) succeeded += 1;
    }
    return { attempted: leased.length, succeeded };
  }
  return { deliver };
}
