// A company's dashboard (spec section 2): headline figures, what needs attention (open
// leaks by monthly cost, silent micrometers, gateways offline), usage over time, alerts per month, the
// units using the most water and this month's use by fixture with the water no fixture accounts
// for. It is /dashboard for company roles and the company page's
// "dashboard" tab for system roles.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRangeQuery, UsagePlace } from '@/lib/place-usage';
import { useStatistics } from '../api/get-statistics';
import { AlertsChartCard } from '../components/alerts-chart-card';
import { FixtureBreakdownCard } from '../components/fixture-breakdown-card';
import { KpiCards } from '../components/kpi-cards';
import { NeedsAttentionCard } from '../components/needs-attention-card';
import { TopUnitsCard } from '../components/top-units-card';
import { UsageTrendCard } from '../components/usage-trend-card';
import { useChartParams } from '../utils/chart-params';

/** The dashboard's fixture rows before "show all": the card stays beside the alerts chart. */
const DASHBOARD_FIXTURE_ROWS = 6;

/** No dates: the API's default range, this month so far, as the headline figure counts. */
const thisMonth: DateRangeQuery = {};

export type CompanyDashboardProps = { companyId: number };

const cardsGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
} as const;

// Render cost: the dashboard itself subscribes to no query and its props are only the
// company, so one query's answer renders only the cards that read it, not the whole page. Each
// card below owns its query; the headline figures and the alerts chart (which needs the company's
// time zone) read the statistics through their own small wrappers.

/** The headline figures: the statistics query's only full reader. */
function DashboardKpis({ place }: { place: UsagePlace }) {
  return <KpiCards query={useStatistics(place)} />;
}

/** The usage trend with the granularity kept in the address (re-renders when the address does). */
function DashboardTrend({ place }: { place: UsagePlace }) {
  const { granularity, setGranularity } = useChartParams();
  return (
    <UsageTrendCard place={place} granularity={granularity} onGranularityChange={setGranularity} />
  );
}

/** Alerts per month, in the company's time zone, which the statistics answer carries. */
function DashboardAlerts({ companyId, place }: { companyId: number; place: UsagePlace }) {
  const statistics = useStatistics(place);
  const { refetch } = statistics;
  const onRetryZone = useCallback(() => void refetch(), [refetch]);
  return (
    <AlertsChartCard
      companyId={companyId}
      timeZone={statistics.data?.time_zone}
      zoneFailed={statistics.isError}
      onRetryZone={onRetryZone}
    />
  );
}

export const CompanyDashboard = memo(function CompanyDashboard({
  companyId,
}: CompanyDashboardProps) {
  const place = useMemo(() => ({ level: 'company', id: companyId }) as const, [companyId]);
  return (
    <Stack spacing={2} data-testid="company-dashboard">
      <DashboardKpis place={place} />
      <NeedsAttentionCard companyId={companyId} />
      <Box sx={cardsGrid}>
        <DashboardTrend place={place} />
        <TopUnitsCard companyId={companyId} />
        <DashboardAlerts companyId={companyId} place={place} />
        <FixtureBreakdownCard
          place={place}
          range={thisMonth}
          enabled
          limit={DASHBOARD_FIXTURE_ROWS}
        />
      </Box>
    </Stack>
  );
});

export type DashboardPageProps = {
  companyId: number;
  companyName: string | null;
  /** The one property or building a narrowed role holds: the figures are its totals. */
  placeName?: string | null;
  /** What the person should set up (composed by the app); it floats, taking no room. */
  notice?: ReactNode;
};

/** /dashboard: the active role's company, or the place of a role narrowed to one. */
export function DashboardPage({
  companyId,
  companyName,
  placeName = null,
  notice,
}: DashboardPageProps) {
  const { t } = useTranslation();
  const subtitle = placeName === null ? companyName : t('common.totalsOf', { place: placeName });
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('usage.dashboard.title')}
        </Typography>
        {subtitle !== null && (
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="dashboard-place">
            {subtitle}
          </Typography>
        )}
      </Box>
      {notice}
      <CompanyDashboard companyId={companyId} />
    </Stack>
  );
}
