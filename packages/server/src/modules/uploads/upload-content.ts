// What kind of file an upload is, judged by its first bytes (its "magic number") alone: a file's
// name and the content type its sender claims are whatever the sender likes, so neither is read.
import type { UploadContentType } from '@flowsight/domain/uploads';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Each accepted kind and the test of its leading bytes. */
const signatures: readonly [UploadContentType, (bytes: Uint8Array) => boolean][] = [
  // SOI then the first marker (every JPEG segment starts with 0xFF).
  ['image/jpeg', (b) => startsWith(b, [0xff, 0xd8, 0xff])],
  ['image/png', (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/webp', (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)],
  ['application/pdf', (b) => startsWith(b, ascii('%PDF-'))],
];

/** The kind of file the bytes are, or undefined for anything not accepted. */
export function detectContentType(bytes: Uint8Array): UploadContentType | undefined {
  return signatures.find(([, matches]) => matches(bytes))?.[0];
}
