import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_META_NAME,
  readAnalyticsId,
  reportPageView,
  resetAnalytics,
  sendToGoogleAnalytics,
} from './analytics';

/** Sets a cookie as Google Analytics' script would. */
function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = text;
}

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

describe('analytics reset (spec section 4: sign-out resets analytics)', () => {
  afterEach(() => {
    delete window.dataLayer;
    for (const script of document.head.querySelectorAll('script')) script.remove();
  });

  it('clears the user and the visitor and session cookies, and the next view starts afresh', () => {
    sendToGoogleAnalytics('G-1', '/dashboard');
    setCookie('_ga=GA1.1.111.222; path=/');
    setCookie('_ga_ABC=GS1.1.333; path=/');
    setCookie('kept=1; path=/');
    const commands = () =>
      (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

    resetAnalytics();

    expect(commands()).toContainEqual(['set', { user_id: null }]);
    expect(document.cookie).not.toMatch(/_ga/);
    expect(document.cookie).toContain('kept=1');
    const before = commands().length;
    sendToGoogleAnalytics('G-1', '/login');
    // A new configuration (a new session), the script not loaded twice.
    expect(commands().slice(before)).toEqual([
      ['config', 'G-1', { send_page_view: false }],
      ['event', 'page_view', { page_path: '/login', send_to: 'G-1' }],
    ]);
    expect(document.head.querySelectorAll('script[src*="gtag"]')).toHaveLength(1);
    setCookie('kept=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  });
});
