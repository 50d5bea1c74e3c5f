import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const quietLog = { info: () => {} } as unknown as FastifyBaseLogger;
const message = {
  to: 'manager@flowsight.test',
  subject: 'Your Flowsight sign-in code',
  text: 'Your code is 123456.',
};

describe('mailer over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message to the SMTP server', async () => {
    const mailer = createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Flowsight <no-reply@flowsight.test>',
        dataDir: '/nowhere',
      },
      quietLog,
    );
    await mailer.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your Flowsight sign-in code');
    expect(received[0]).toContain('To: manager@flowsight.test');
    expect(received[0]).toContain('Your code is 123456.');
  });
});

describe('mailer without SMTP', () => {
  it('writes an .eml file to the outbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowsight-mail-'));
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Flowsight <a@b.test>', dataDir },
      quietLog,
    );
    await mailer.send(message);
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: manager@flowsight.test');
    expect(eml).toContain('Your code is 123456.');
  });
});
