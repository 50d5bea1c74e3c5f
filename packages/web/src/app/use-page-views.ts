// Reports a page view on every location change (see `lib/analytics.ts` for when it really sends).
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readAnalyticsId, reportPageView } from '@/lib/analytics';

export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    reportPageView(pathname + search, {
      production: import.meta.env.PROD,
      analyticsId: readAnalyticsId(),
    });
  }, [pathname, search]);
}
