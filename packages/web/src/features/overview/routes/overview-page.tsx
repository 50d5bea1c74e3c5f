// /overview (system roles; spec section 2 "dashboard for system roles"): the fleet's and the
// portfolio's health from GET /overview — key figures by group, gallons by day over the last two
// weeks, and one line per company linking to its page. Loading, error and empty states; one card
// per company on phones.

import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChart } from '@/components/charts/column-chart';
import { KpiCard, KpiGrid } from '@/components/kpi-card';
import { PageLoader } from '@/components/page-loader';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useLeakDetail } from '@/lib/leak-count';
import { type FleetOverview, useOverview } from '../api/get-overview';
import { CompaniesTable } from '../components/companies-table';
import { useOverviewFormat } from '../utils/overview-format';

export function OverviewPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const overview = useOverview();

  return (
    <Stack spacing={3} data-testid="overview-page">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('overview.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('overview.intro')}</Typography>
      </Box>
      {overview.isPending && <PageLoader />}
      {overview.isError && (
        <Alert
          severity="error"
          data-testid="overview-error"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<RefreshRounded />}
              onClick={() => void overview.refetch()}
            >
              {t('overview.retry')}
            </Button>
          }
        >
          {errorMessages(overview.error).map(translate).join('\n')}
        </Alert>
      )}
      {overview.data !== undefined && <OverviewFigures overview={overview.data} />}
    </Stack>
  );
}

type OverviewFiguresProps = { overview: FleetOverview };

/** The portfolio group's counts, each a card named and test-id'd after its place level. */
const PLACE_COUNTS = ['companies', 'properties', 'buildings', 'units'] as const;

function OverviewFigures({ overview }: OverviewFiguresProps) {
  const { t } = useTranslation();
  const leakDetail = useLeakDetail();
  const format = useOverviewFormat();
  const { sensors, gateways, alerts } = overview;

  const chartData = overview.usage_by_day.map((day) => ({
    key: day.day,
    label: format.day(day.day),
    detail: format.longDay(day.day),
    value: day.gallons,
  }));

  return (
    <>
      <FigureGroup title={t('overview.groups.portfolio')} id="portfolio">
        {PLACE_COUNTS.map((place) => (
          <KpiCard
            key={place}
            data-testid={`kpi-${place}`}
            label={t(`overview.kpi.${place}`)}
            value={format.count(overview[place])}
          />
        ))}
      </FigureGroup>

      <FigureGroup title={t('overview.groups.sensors')} id="sensors">
        <KpiCard
          data-testid="kpi-transmitting"
          label={t('overview.kpi.transmitting')}
          value={format.count(sensors.transmitting)}
          tone="success"
          detail={t('overview.kpi.ofAssigned', {
            share: format.share(sensors.transmitting, sensors.assigned),
            assigned: format.count(sensors.assigned),
          })}
        />
        <KpiCard
          data-testid="kpi-not-transmitting"
          label={t('overview.kpi.notTransmitting')}
          value={format.count(sensors.not_transmitting)}
          tone={sensors.not_transmitting > 0 ? 'warning' : 'default'}
        />
        <KpiCard
          data-testid="kpi-low-battery"
          label={t('overview.kpi.lowBattery')}
          value={format.count(sensors.low_battery)}
          tone={sensors.low_battery > 0 ? 'warning' : 'default'}
        />
        <KpiCard
          data-testid="kpi-stock"
          label={t('overview.kpi.stock')}
          value={format.count(sensors.stock)}
          detail={t('overview.kpi.totalSensors', { total: format.count(sensors.total) })}
        />
      </FigureGroup>

      <FigureGroup title={t('overview.groups.gatewaysAndAlerts')} id="alerts">
        <KpiCard
          data-testid="kpi-gateways-online"
          label={t('overview.kpi.gatewaysOnline')}
          value={format.count(gateways.online)}
          tone="success"
          detail={t('overview.kpi.ofGateways', { total: format.count(gateways.total) })}
        />
        <KpiCard
          data-testid="kpi-gateways-offline"
          label={t('overview.kpi.gatewaysOffline')}
          value={format.count(gateways.offline)}
          tone={gateways.offline > 0 ? 'error' : 'default'}
        />
        <KpiCard
          data-testid="kpi-open-alerts"
          label={t('overview.kpi.openAlerts')}
          value={format.count(alerts.open)}
          tone={alerts.open > 0 ? 'warning' : 'default'}
          detail={t('overview.kpi.alertStatuses', {
            new: format.count(alerts.new),
            acknowledged: format.count(alerts.acknowledged),
          })}
        />
        <KpiCard
          data-testid="kpi-open-leaks"
          label={t('overview.kpi.openLeaks')}
          value={format.count(alerts.open_leak_incidents)}
          tone={alerts.open_leaks > 0 ? 'error' : 'default'}
          detail={leakDetail(
            alerts,
            t('overview.kpi.leakCost', { cost: format.money(alerts.open_leaks_monthly_cost) }),
          )}
        />
      </FigureGroup>

      <FigureGroup title={t('overview.groups.lastDay')} id="last-day">
        <KpiCard
          data-testid="kpi-readings-24h"
          label={t('overview.kpi.readings24h')}
          value={format.count(overview.readings_last_24h)}
        />
        <KpiCard
          data-testid="kpi-gallons-24h"
          label={t('overview.kpi.gallons24h')}
          value={format.gallons(overview.gallons_last_24h)}
          detail={t('overview.kpi.gallons24hDetail')}
        />
      </FigureGroup>

      <Box component="section" aria-labelledby="overview-usage-title">
        <Typography id="overview-usage-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('overview.usage.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('overview.usage.note')}
        </Typography>
        <ColumnChart
          title={t('overview.usage.title')}
          valueLabel={t('overview.usage.gallons')}
          data={chartData}
          formatValue={format.gallons}
          emptyText={t('overview.usage.empty')}
          data-testid="overview-usage-chart"
        />
      </Box>

      <CompaniesTable companies={overview.companies_list} />
    </>
  );
}

type FigureGroupProps = { title: string; id: string; children: ReactNode };

function FigureGroup({ title, id, children }: FigureGroupProps) {
  const headingId = `overview-${id}-title`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <KpiGrid>{children}</KpiGrid>
    </Box>
  );
}
