// Reads the mail the e2e server "sent": without SMTP_URL it writes one .eml file per message to
// `${E2E_DATA_DIR}/outbox`. Tests wait for the newest message to an address and read its text.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './environment.ts';

export const OUTBOX_DIR = join(E2E_DATA_DIR, 'outbox');

export type Mail = {
  file: string;
  to: string;
  subject: string;
  /** The decoded plain-text body. */
  text: string;
  writtenAt: number;
};

/** Header name (lower case) → value, with folded lines joined. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  let current: string | null = null;
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current !== null) {
      headers.set(current, `${headers.get(current) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    current = line.slice(0, colon).trim().toLowerCase();
    headers.set(current, line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < soft.length; index += 1) {
    const char = soft.charAt(index);
    const hex = soft.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The plain-text part of a message (the message itself when it is not multipart). */
function plainText(headers: Map<string, string>, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || boundary === undefined) {
    return decodeBody(body, headers.get('content-transfer-encoding'));
  }
  for (const part of body.split(`--${boundary}`)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (split === null) continue;
    const partHeaders = parseHeaders(part.slice(0, split.index));
    if (/^text\/plain/i.test(partHeaders.get('content-type') ?? '')) {
      return plainText(partHeaders, part.slice(split.index + split[0].length));
    }
  }
  return '';
}

export function parseEml(file: string, raw: string, writtenAt: number): Mail {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split === null ? raw : raw.slice(0, split.index);
  const body = split === null ? '' : raw.slice(split.index + split[0].length);
  const headers = parseHeaders(headerBlock);
  return {
    file,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: plainText(headers, body),
    writtenAt,
  };
}

async function readOutbox(): Promise<Mail[]> {
  let files: string[];
  try {
    files = (await readdir(OUTBOX_DIR)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (name) => {
      const file = join(OUTBOX_DIR, name);
      const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      return parseEml(file, raw, info.mtimeMs);
    }),
  );
}

function isAddressedTo(mail: Mail, address: string): boolean {
  const wanted = address.toLowerCase();
  return mail.to
    .toLowerCase()
    .split(',')
    .some((recipient) => (/<([^>]+)>/.exec(recipient)?.[1] ?? recipient.trim()) === wanted);
}

export type MailQuery = {
  /** Only messages whose subject matches. */
  subject?: RegExp;
  /** Only messages written at or after this time (ms since the epoch). */
  since?: number;
  timeoutMs?: number;
};

/** Waits for the newest message to `address` that matches the query. */
export async function newestMailTo(address: string, query: MailQuery = {}): Promise<Mail> {
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  // Files carry a millisecond mtime; allow for a clock tick between the test and the server.
  const since = (query.since ?? 0) - 50;
  for (;;) {
    const matches = (await readOutbox())
      .filter((mail) => isAddressedTo(mail, address))
      .filter((mail) => query.subject === undefined || query.subject.test(mail.subject))
      .filter((mail) => mail.writtenAt >= since)
      .sort((a, b) => b.writtenAt - a.writtenAt || b.file.localeCompare(a.file));
    const [newest] = matches;
    if (newest !== undefined) return newest;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${address} in ${OUTBOX_DIR} matching ${String(query.subject)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The one 6-digit number in a sign-in code email. */
export function mfaCodeIn(mail: Mail): string {
  const codes = mail.text.match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1) {
    throw new Error(`Expected one 6-digit code in ${mail.file}, found ${codes.length}`);
  }
  return codes[0] ?? '';
}

/** The first link in a message whose path is `path`, as path and search (host-independent). */
export function linkIn(mail: Mail, path: string): string {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname === path) return url.pathname + url.search;
  }
  throw new Error(`No ${path} link in ${mail.file}`);
}
