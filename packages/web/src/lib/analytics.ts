// Page views for the analytics service (spec section 2): reported on every location change, only
// in production builds and only when an analytics id is configured. The id is read at runtime
// from `window.__FLOWSIGHT__.analyticsId`, else from `<meta name="flowsight-analytics-id">`, so
// one build serves every deployment. Views go to Google Analytics (gtag.js), loaded on first use.

declare global {
  interface Window {
    __FLOWSIGHT__?: { analyticsId?: string };
    dataLayer?: unknown[];
  }
}

export const ANALYTICS_META_NAME = 'flowsight-analytics-id';

/** The configured analytics id, or null when none is set. */
export function readAnalyticsId(): string | null {
  if (typeof window === 'undefined') return null;
  const fromWindow = window.__FLOWSIGHT__?.analyticsId?.trim();
  if (fromWindow) return fromWindow;
  const fromMeta = document
    .querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)
    ?.getAttribute('content')
    ?.trim();
  return fromMeta ? fromMeta : null;
}

export type PageViewSender = (analyticsId: string, path: string) => void;

let configuredFor: string | null = null;
let scriptFor: string | null = null;

// gtag.js reads its commands as `arguments` objects, not arrays.
function gtag(..._args: unknown[]) {
  window.dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object
  window.dataLayer.push(arguments);
}

/** Sends one page view to Google Analytics, loading its script once. */
export const sendToGoogleAnalytics: PageViewSender = (analyticsId, path) => {
  if (scriptFor !== analyticsId) {
    scriptFor = analyticsId;
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
    document.head.append(script);
    gtag('js', new Date());
  }
  if (configuredFor !== analyticsId) {
    configuredFor = analyticsId;
    gtag('config', analyticsId, { send_page_view: false });
  }
  gtag('event', 'page_view', { page_path: path, send_to: analyticsId });
};

function writeCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the reset must be done before the next page view; the Cookie Store API is asynchronous and missing in some browsers
  document.cookie = text;
}

function expireCookie(name: string) {
  const gone = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  writeCookie(gone);
  // Google Analytics writes its cookies for the site's domain.
  const labels = window.location.hostname.split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    writeCookie(`${gone}; domain=.${labels.slice(start).join('.')}`);
  }
}

/**
 * Resets analytics when a session ends, by the user or by a 401 (spec section 4): no user id
 * stays set, Google Analytics' visitor and session cookies (`_ga`, `_ga_*`) are dropped and the
 * next page view starts afresh, so whoever uses the browser next is not counted as the last user.
 */
export function resetAnalytics(): void {
  if (typeof window === 'undefined') return;
  if (window.dataLayer !== undefined) gtag('set', { user_id: null });
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=', 1)[0]?.trim() ?? '';
    if (name === '_ga' || name.startsWith('_ga_')) expireCookie(name);
  }
  configuredFor = null;
}

export type PageViewOptions = {
  production: boolean;
  analyticsId: string | null;
  send?: PageViewSender;
};

/** Reports a page view when, and only when, this is a production build with an analytics id. */
export function reportPageView(path: string, options: PageViewOptions): boolean {
  if (!options.production || options.analyticsId === null) return false;
  (options.send ?? sendToGoogleAnalytics)(options.analyticsId, path);
  return true;
}
