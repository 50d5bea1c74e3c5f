import { describe, expect, it } from 'vitest';
import { macFromBarcode } from './barcode-mac';

describe('macFromBarcode', () => {
  it('reads a bare EUI in any case, with or without separators', () => {
    expect(macFromBarcode('70b3d57ed0051a2b')).toBe('70B3D57ED0051A2B');
    expect(macFromBarcode(' 70:B3:D5:7E:D0:05:1A:2B ')).toBe('70B3D57ED0051A2B');
    expect(macFromBarcode('70-B3-D5-7E-D0-05-1A-2B')).toBe('70B3D57ED0051A2B');
  });

  it('takes the DevEUI of a LoRa Alliance TR005 QR code, not the JoinEUI', () => {
    expect(macFromBarcode('LW:D0:0000000000000001:70B3D57ED0051A2B:AABB1122')).toBe(
      '70B3D57ED0051A2B',
    );
  });

  it('finds the EUI inside a longer label text', () => {
    expect(macFromBarcode('FLOWSIGHT MICROMETER DEVEUI 70B3D57ED0051A2B REV2')).toBe(
      '70B3D57ED0051A2B',
    );
  });

  it('answers null when no EUI-64 is there', () => {
    expect(macFromBarcode('70B3D57ED0051A')).toBeNull();
    expect(macFromBarcode('70B3D57ED0051A2B3C')).toBeNull();
    expect(macFromBarcode('hello')).toBeNull();
  });
});
