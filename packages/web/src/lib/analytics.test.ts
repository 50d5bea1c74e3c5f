import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_META_NAME, readAnalyticsId, reportPageView } from './analytics';

afterEach(() => {
  delete window.__FLOWSIGHT__;
  document.head.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)?.remove();
});

describe('page views', () => {
  it('reports nothing without an analytics id, even in production', () => {
    const send = vi.fn();
    expect(reportPageView('/companies', { production: true, analyticsId: null, send })).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('reports nothing in development, even with an id', () => {
    const send = vi.fn();
    expect(reportPageView('/companies', { production: false, analyticsId: 'G-1', send })).toBe(
      false,
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('reports the path in production when an id is set', () => {
    const send = vi.fn();
    reportPageView('/dashboard?x=1', { production: true, analyticsId: 'G-1', send });
    expect(send).toHaveBeenCalledWith('G-1', '/dashboard?x=1');
  });

  it('reads the id from the runtime config first, then from the meta tag', () => {
    expect(readAnalyticsId()).toBeNull();
    const meta = document.createElement('meta');
    meta.name = ANALYTICS_META_NAME;
    meta.content = 'G-META';
    document.head.append(meta);
    expect(readAnalyticsId()).toBe('G-META');
    window.__FLOWSIGHT__ = { analyticsId: 'G-WINDOW' };
    expect(readAnalyticsId()).toBe('G-WINDOW');
  });
});
