import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('says how long ago in the largest fitting unit', () => {
    expect(timeAgo('2026-03-01T11:59:48Z', now)).toBe('12 seconds ago');
    expect(timeAgo('2026-03-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-02-27T12:00:00Z', now)).toBe('2 days ago');
  });
  it('treats a time slightly ahead of the clock as now', () => {
    expect(timeAgo('2026-03-01T12:00:02Z', now)).toBe('now');
  });
});
