import { describe, expect, it } from 'vitest';
import { normalizeMac } from './mac.ts';

describe('normalizeMac', () => {
  it('accepts separators and lower case and returns 16 upper-case hex digits', () => {
    expect(normalizeMac('70:b3:d5:7e:d0:05:1a:2b')).toBe('70B3D57ED0051A2B');
    expect(normalizeMac('70-B3-D5-7E-D0-05-1A-2B')).toBe('70B3D57ED0051A2B');
  });

  it('refuses anything that is not an EUI-64', () => {
    expect(normalizeMac('70B3D57ED0051A')).toBeNull();
    expect(normalizeMac('70B3D57ED0051A2G')).toBeNull();
    expect(normalizeMac('')).toBeNull();
  });
});
