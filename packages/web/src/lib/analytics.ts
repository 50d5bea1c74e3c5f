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

let gtagLoadedFor: string | null = null;

/** Sends one page view to Google Analytics, loading its script once. */
export const sendToGoogleAnalytics: PageViewSender = (analyticsId, path) => {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  // gtag.js reads its commands as `arguments` objects, not arrays.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object
    dataLayer.push(arguments);
  }
  if (gtagLoadedFor !== analyticsId) {
    gtagLoadedFor = analyticsId;
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
    document.head.append(script);
    gtag('js', new Date());
    gtag('config', analyticsId, { send_page_view: false });
  }
  gtag('event', 'page_view', { page_path: path, send_to: analyticsId });
};

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
