import { describe, expect, it } from 'vitest';
import { cookieValue, createKnownDevices, KNOWN_DEVICE_TTL_SECONDS } from './known-devices.ts';

const start = new Date('2026-06-01T12:00:00Z');

describe('known devices', () => {
  it('finds the note it issued, for that account and token version only', () => {
    const devices = createKnownDevices('secret', () => start);
    const cookie = devices.remember(undefined, 7, 3);
    expect(devices.find(cookie, 7, 3)?.deviceId).toMatch(/^[\w-]{12}$/);
    expect(devices.find(cookie, 8, 3)).toBeUndefined();
    // A new password bumps the version: the browser is a stranger again.
    expect(devices.find(cookie, 7, 4)).toBeUndefined();
  });

  it('refuses a note signed under another secret, altered, or older than 90 days', () => {
    const cookie = createKnownDevices('secret', () => start).remember(undefined, 7, 3);
    expect(createKnownDevices('another', () => start).find(cookie, 7, 3)).toBeUndefined();
    const forged = cookie.replace(/^7\./, '8.');
    expect(createKnownDevices('secret', () => start).find(forged, 8, 3)).toBeUndefined();
    const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect(
      createKnownDevices('secret', () => later(KNOWN_DEVICE_TTL_SECONDS)).find(cookie, 7, 3),
    ).toBeDefined();
    expect(
      createKnownDevices('secret', () => later(KNOWN_DEVICE_TTL_SECONDS + 1)).find(cookie, 7, 3),
    ).toBeUndefined();
    expect(createKnownDevices('secret', () => start).find('garbage~7.3', 7, 3)).toBeUndefined();
  });

  it('keeps the device id across sign-ins and remembers five accounts at most', () => {
    const devices = createKnownDevices('secret', () => start);
    const first = devices.remember(undefined, 1, 0);
    const id = devices.find(first, 1, 0)?.deviceId;
    let cookie = first;
    for (const user of [2, 3, 4, 5, 6]) cookie = devices.remember(cookie, user, 0);
    expect(cookie.split('~')).toHaveLength(5);
    expect(devices.find(cookie, 1, 0)).toBeUndefined();
    expect(devices.find(cookie, 6, 0)).toBeDefined();
    const again = devices.remember(first, 1, 0);
    expect(devices.find(again, 1, 0)?.deviceId).toBe(id);
  });

  it('reads its cookie out of a Cookie header', () => {
    expect(cookieValue('a=1; flowsight_device=x.y~z; b=2', 'flowsight_device')).toBe('x.y~z');
    expect(cookieValue('flowsight_devices=1', 'flowsight_device')).toBeUndefined();
    expect(cookieValue(undefined, 'flowsight_device')).toBeUndefined();
  });
});
