// The SMS senders: Twilio's Messages API (against the local fake) answers the message sid, and
// its refusals as typed failures — a 429 or 5xx retryable, another 4xx (wrong credentials, a bad
// number) permanent, an unreachable API retryable; without a provider each text is a file in
// DATA_DIR/sms-outbox.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  type FakeTwilio,
  INVALID_TO_NUMBER,
  startFakeTwilio,
  TOO_MANY_REQUESTS,
} from '../testing/fake-twilio.ts';
import { createSmsSender } from './sms.ts';

const quiet = { info: () => {} };
const message = { to: '+16175550100', body: 'Flowsight: Continuous flow at 1 Main St.' };

describe('the Twilio sender', () => {
  let twilio: FakeTwilio;
  const sender = (
    overrides: { authToken?: string; apiUrl?: string; messagingServiceSid?: string } = {},
  ) =>
    createSmsSender(
      {
        provider: 'twilio',
        apiUrl: overrides.apiUrl ?? twilio.url,
        accountSid: FAKE_TWILIO_ACCOUNT_SID,
        authToken: overrides.authToken ?? FAKE_TWILIO_AUTH_TOKEN,
        from: overrides.messagingServiceSid ? undefined : '+15005550006',
        messagingServiceSid: overrides.messagingServiceSid,
      },
      '/nonexistent',
      quiet,
    );
  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(() => twilio.close());

  it('posts the message form-encoded and answers Twilio’s message sid', async () => {
    const result = await sender().send(message);
    expect(result).toEqual({ ok: true, providerMessageId: twilio.accepted.at(-1)?.sid });
    expect(twilio.requests.at(-1)?.form).toEqual({
      To: message.to,
      From: '+15005550006',
      Body: message.body,
    });
    const service = `MG${'c3'.repeat(16)}`;
    expect((await sender({ messagingServiceSid: service }).send(message)).ok).toBe(true);
    expect(twilio.requests.at(-1)?.form).toEqual({
      To: message.to,
      MessagingServiceSid: service,
      Body: message.body,
    });
  });

  it('answers a rate limit, a server error and an unreachable API as retryable', async () => {
    twilio.failNext(TOO_MANY_REQUESTS, {
      status: 503,
      code: 20503,
      message: 'Service Unavailable',
    });
    expect(await sender().send(message)).toEqual({
      ok: false,
      retryable: true,
      error: 'Too Many Requests (Twilio 20429)',
    });
    expect(await sender().send(message)).toMatchObject({ ok: false, retryable: true });
    const gone = await sender({ apiUrl: 'http://127.0.0.1:9' }).send(message);
    expect(gone).toMatchObject({
      ok: false,
      retryable: true,
      error: expect.stringMatching(/^Twilio unreachable: /),
    });
  });

  it('answers a bad number and wrong credentials as permanent, without the token in the error', async () => {
    twilio.failNext(INVALID_TO_NUMBER);
    expect(await sender().send(message)).toEqual({
      ok: false,
      retryable: false,
      error: "Invalid 'To' Phone Number (Twilio 21211)",
    });
    const refused = await sender({ authToken: 'a-wrong-auth-token-0000' }).send(message);
    expect(refused).toEqual({ ok: false, retryable: false, error: 'Authenticate (Twilio 20003)' });
  });
});

describe('the outbox sender', () => {
  it('writes each text as a file under DATA_DIR/sms-outbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowsight-sms-'));
    const result = await createSmsSender({ provider: 'outbox' }, dataDir, quiet).send(message);
    const files = readdirSync(join(dataDir, 'sms-outbox'));
    expect(files).toHaveLength(1);
    expect(result).toEqual({ ok: true, providerMessageId: `outbox:${files[0]}` });
    expect(readFileSync(join(dataDir, 'sms-outbox', files[0] ?? ''), 'utf8')).toBe(
      `To: ${message.to}\n\n${message.body}\n`,
    );
  });
});
