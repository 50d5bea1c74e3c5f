// Known devices: a signed note, kept by the browser in an HttpOnly cookie, that it completed a
// whole sign-in (the second factor included) of an account. A sign-in from a known device is not
// held to the account-wide bound on password failures, so failures spread over many addresses
// cannot lock the owner out of the browser they use (docs/security.md, "Guessing").
//
// A note is `userId.tokenVersion.deviceId.issuedAt.mac`, HMAC-SHA256 under the server's signing
// secret with a label of its own; the cookie holds the notes of up to five accounts, `~` apart.
// Changing the password bumps the token version, which voids the account's notes with its sessions.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'flowsight_device';
export const KNOWN_DEVICE_TTL_SECONDS = 90 * 24 * 60 * 60;
/** Accounts one browser is remembered for; the least recently signed in is dropped. */
const MAX_ACCOUNTS = 5;
const NOTE = /^(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type KnownDevice = { userId: number; tokenVersion: number; deviceId: string };

/** The value of cookie `name` in a Cookie header, if it is there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export function createKnownDevices(secret: string, now: () => Date = () => new Date()) {
  const mac = (input: string) =>
    createHmac('sha256', `known-device\0${secret}`).update(input).digest();

  /** The notes of a cookie value whose signature holds and that have not expired, in order. */
  function notes(value: string | undefined): (KnownDevice & { note: string })[] {
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const found: (KnownDevice & { note: string })[] = [];
    for (const note of (value ?? '').split('~').slice(0, MAX_ACCOUNTS)) {
      const match = NOTE.exec(note);
      if (!match) continue;
      const [, userId, tokenVersion, deviceId, issuedAt, signature] = match as unknown as string[];
      const expected = mac(note.slice(0, note.lastIndexOf('.')));
      const given = Buffer.from(signature ?? '', 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      const age = nowSeconds - Number(issuedAt);
      if (age < -60 || age > KNOWN_DEVICE_TTL_SECONDS) continue;
      found.push({
        userId: Number(userId),
        tokenVersion: Number(tokenVersion),
        deviceId: deviceId ?? '',
        note,
      });
    }
    return found;
  }

  return {
    /** This browser's note for the account, when it holds a valid one of its current version. */
    find(value: string | undefined, userId: number, tokenVersion: number): KnownDevice | undefined {
      const note = notes(value).find((n) => n.userId === userId);
      return note && note.tokenVersion === tokenVersion
        ? { userId, tokenVersion, deviceId: note.deviceId }
        : undefined;
    },

    /**
     * The cookie value after a whole sign-in of the account: a fresh note for it first (the
     * device keeps its id), then the other accounts' valid notes.
     */
    remember(value: string | undefined, userId: number, tokenVersion: number): string {
      const held = notes(value);
      const deviceId =
        held.find((n) => n.userId === userId)?.deviceId ?? randomBytes(9).toString('base64url');
      const signed = `${userId}.${tokenVersion}.${deviceId}.${Math.floor(now().getTime() / 1000)}`;
      const fresh = `${signed}.${mac(signed).toString('base64url')}`;
      const others = held.filter((n) => n.userId !== userId).map((n) => n.note);
      return [fresh, ...others].slice(0, MAX_ACCOUNTS).join('~');
    },
  };
}
export type KnownDevices = ReturnType<typeof createKnownDevices>;

/** The Set-Cookie header keeping `value`: for the sign-in calls only, never readable by scripts. */
export function knownDeviceCookie(value: string, secure: boolean): string {
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    'Path=/api/auth',
    `Max-Age=${KNOWN_DEVICE_TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
