// A local fake of Twilio's Messages API for tests, on node:http port 0: `POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form-encoded To, From (or
// MessagingServiceSid) and Body, under HTTP Basic auth of the account SID and auth token. It
// answers 201 with a message `sid`, 401 (Twilio's code 20003) to wrong credentials, and, when told
// to, a 429 or a 400 with Twilio's error body (`code`, `message`, `more_info`, `status`). Every
// request is recorded.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_AUTH_TOKEN = 'fake-twilio-auth-token-0123456789';

export type FakeTwilioRequest = {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  /** The form fields (To, From, MessagingServiceSid, Body). */
  readonly form: Readonly<Record<string, string>>;
};

export type FakeTwilioFailure = { status: number; code: number; message: string };

export type FakeTwilio = {
  readonly url: string;
  readonly requests: readonly FakeTwilioRequest[];
  /** The messages it accepted, with the sid it gave each. */
  readonly accepted: readonly { sid: string; to: string; body: string }[];
  /** The next requests answer these failures, one each, in order. */
  failNext(...failures: FakeTwilioFailure[]): void;
  close(): Promise<void>;
};

/** Twilio's answer to too many requests. */
export const TOO_MANY_REQUESTS: FakeTwilioFailure = {
  status: 429,
  code: 20429,
  message: 'Too Many Requests',
};
/** Twilio's answer to a number it cannot text. */
export const INVALID_TO_NUMBER: FakeTwilioFailure = {
  status: 400,
  code: 21211,
  message: "Invalid 'To' Phone Number",
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? FAKE_TWILIO_ACCOUNT_SID;
  const authToken = options.authToken ?? FAKE_TWILIO_AUTH_TOKEN;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const requests: FakeTwilioRequest[] = [];
  const accepted: { sid: string; to: string; body: string }[] = [];
  const failures: FakeTwilioFailure[] = [];

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, failure: FakeTwilioFailure) =>
    answer(response, failure.status, {
      code: failure.code,
      message: failure.message,
      more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
      status: failure.status,
    });

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = (request.url ?? '').split('?')[0] ?? '';
    const form = Object.fromEntries(new URLSearchParams(text));
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    });
    if (request.method !== 'POST' || path !== messagesPath) {
      answer(response, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
      return;
    }
    if (request.headers.authorization !== expectedAuth) {
      error(response, { status: 401, code: 20003, message: 'Authenticate' });
      return;
    }
    const failure = failures.shift();
    if (failure) {
      error(response, failure);
      return;
    }
    if (!form.To || !form.Body || !(form.From || form.MessagingServiceSid)) {
      error(response, { status: 400, code: 21604, message: "A 'To' phone number is required." });
      return;
    }
    const sid = `SM${randomBytes(16).toString('hex')}`;
    accepted.push({ sid, to: form.To, body: form.Body });
    answer(response, 201, {
      sid,
      account_sid: accountSid,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: 'queued',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accepted,
    failNext: (...next) => {
      failures.push(...next);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((problem) => (problem ? reject(problem) : resolve()));
      }),
  };
}
