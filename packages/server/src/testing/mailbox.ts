// A real SMTP server in the test process: the app sends over SMTP and tests read what arrived.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string; raw: string };

export type Mailbox = {
  readonly url: string;
  readonly messages: readonly ReceivedMail[];
  /** The newest message to that address; fails the test when there is none. */
  latestTo(address: string): ReceivedMail;
  close(): Promise<void>;
};

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim();
}

function body(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const text = rest.join('\n\n');
  const quotedPrintable = /content-transfer-encoding: quoted-printable/i.test(raw);
  return quotedPrintable
    ? text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        )
    : text;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: header(raw, 'To'),
          subject: header(raw, 'Subject'),
          text: body(raw),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    latestTo(address) {
      const found = messages
        .filter((m) => m.to.toLowerCase().includes(address.toLowerCase()))
        .at(-1);
      if (!found) throw new Error(`no mail to ${address}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
