// A company's dashboard (spec section 2): headline figures, what needs attention (issue 22: open
// leaks by monthly cost, silent micrometers, gateways offline), usage over time, alerts per month, the
// units using the most water and this month's use by fixture with the water no fixture accounts
// for. It is /dashboard for company roles and the company page's
// "dashboard" tab for system roles.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatistics } from '../api/get-statistics';
import { AlertsChartCard } from '../components/alerts-chart-card';
import { FixtureBreakdownCard } from '../components/fixture-breakdown-card';
import { KpiCards } from '../components/kpi-cards';
import { NeedsAttentionCard } from '../components/needs-attention-card';
import { TopUnitsCard } from '../components/top-units-card';
import { UsageTrendCard } from '../components/usage-trend-card';
import { useChartParams } from '../utils/chart-params';
import type { DateRangeQuery } from '../utils/date-range';

/** The dashboard's fixture rows before "show all": the card stays beside the alerts chart. */
const DASHBOARD_FIXTURE_ROWS = 6;

/** No dates: the API's default range, this month so far, as the headline figure counts. */
const thisMonth: DateRangeQuery = {};

export type CompanyDashboardProps = { companyId: number };

export function CompanyDashboard({ companyId }: CompanyDashboardProps) {
  const place = { level: 'company', id: companyId } as const;
  const statistics = useStatistics(place);
  const { granularity, setGranularity } = useChartParams();
  return (
    <Stack spacing={2} data-testid="company-dashboard">
      <KpiCards query={statistics} />
      <NeedsAttentionCard companyId={companyId} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <UsageTrendCard
          place={place}
          granularity={granularity}
          onGranularityChange={setGranularity}
        />
        <TopUnitsCard companyId={companyId} />
        <AlertsChartCard
          companyId={companyId}
          timeZone={statistics.data?.time_zone}
          zoneFailed={statistics.isError}
          onRetryZone={() => void statistics.refetch()}
        />
        <FixtureBreakdownCard
          place={place}
          range={thisMonth}
          enabled
          limit={DASHBOARD_FIXTURE_ROWS}
        />
      </Box>
    </Stack>
  );
}

export type DashboardPageProps = {
  companyId: number;
  companyName: string | null;
  /** What the person should set up (composed by the app); it floats, taking no room. */
  notice?: ReactNode;
};

/** /dashboard: the active role's company. */
export function DashboardPage({ companyId, companyName, notice }: DashboardPageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('usage.dashboard.title')}
        </Typography>
        {companyName !== null && (
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{companyName}</Typography>
        )}
      </Box>
      {notice}
      <CompanyDashboard companyId={companyId} />
    </Stack>
  );
}
