// Outgoing text messages behind one small interface: Twilio's Messages API when SMS_PROVIDER is
// twilio; otherwise each message is written as a text file to DATA_DIR/sms-outbox and logged, as
// mail goes to DATA_DIR/outbox, so the demo shows what would have been sent. A send never throws
// for the provider's refusal: it answers a typed failure saying whether trying again may help.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsConfig } from '../config.ts';

export type SmsMessage = { readonly to: string; readonly body: string };

export type SmsResult =
  | { readonly ok: true; readonly providerMessageId: string }
  | {
      readonly ok: false;
      /** A refusal that may pass later (rate limit, provider down, network), not a bad number. */
      readonly retryable: boolean;
      /** What went wrong in the provider's words, for the contact's "last text failed". */
      readonly error: string;
    };

export type SmsSender = {
  readonly provider: SmsConfig['provider'];
  send(message: SmsMessage): Promise<SmsResult>;
};

type SmsLog = { info(object: unknown, message: string): void };

/** How long a provider call may take before it counts as a retryable failure. */
const TIMEOUT_MS = 15_000;

export function createSmsSender(
  config: SmsConfig,
  dataDir: string,
  log: SmsLog,
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  switch (config.provider) {
    case 'twilio':
      return createTwilioSender(config, fetchImpl);
    case 'outbox':
      return createOutboxSender(join(dataDir, 'sms-outbox'), log);
  }
}

/** What Twilio answers (its REST API's JSON): a message's `sid`, or an error `code` and `message`. */
type TwilioAnswer = { sid?: unknown; code?: unknown; message?: unknown };

/** Twilio's error in one line: its message and code, e.g. "Invalid 'To' Phone Number (Twilio 21211)". */
function twilioError(status: number, answer: TwilioAnswer | null): string {
  const message =
    typeof answer?.message === 'string' && answer.message !== ''
      ? answer.message
      : `HTTP ${status}`;
  const code = typeof answer?.code === 'number' || typeof answer?.code === 'string';
  return code ? `${message} (Twilio ${String(answer?.code)})` : `${message} (Twilio)`;
}

function createTwilioSender(
  config: Extract<SmsConfig, { provider: 'twilio' }>,
  fetchImpl: typeof fetch,
): SmsSender {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = config.messagingServiceSid
    ? { MessagingServiceSid: config.messagingServiceSid }
    : { From: config.from ?? '' };
  return {
    provider: 'twilio',
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, ...sender, Body: body }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, retryable: true, error: `Twilio unreachable: ${reason}` };
      }
      const answer = (await response.json().catch(() => null)) as TwilioAnswer | null;
      if (response.ok && typeof answer?.sid === 'string') {
        return { ok: true, providerMessageId: answer.sid };
      }
      return {
        ok: false,
        // Too many requests and Twilio's own troubles pass; any other refusal is about the message.
        retryable: response.status === 429 || response.status >= 500 || response.ok,
        error: twilioError(response.status, answer),
      };
    },
  };
}

function createOutboxSender(outbox: string, log: SmsLog): SmsSender {
  return {
    provider: 'outbox',
    async send({ to, body }) {
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(3).toString('hex')}.txt`;
      const file = join(outbox, name);
      await writeFile(file, `To: ${to}\n\n${body}\n`);
      log.info({ to, file }, 'text message written to the outbox');
      return { ok: true, providerMessageId: `outbox:${name}` };
    },
  };
}
