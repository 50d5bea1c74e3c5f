// /statistics/* (all shell roles; spec section 2): usage statistics of a company, or one of its
// properties or buildings. `/statistics` opens on `usage`; the tabs are the next path segment and
// the record (`?company=&property=&building=`), range (`?from=&to=`) and granularity stay in the
// address. Company roles always see their own company.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { BarList } from '@/components/charts/bar-list';
import { PageLoader } from '@/components/page-loader';
import { useUnitTitle } from '@/lib/unit-title';
import { useApplianceGallons } from '../api/get-appliance-gallons';
import { useBuildingUnitsGallons } from '../api/get-building-units-gallons';
import { CompanyUnitRankings } from '../components/company-unit-rankings';
import { QueryState } from '../components/query-state';
import { RankedTable } from '../components/ranked-table';
import { ScopePickers } from '../components/scope-pickers';
import { UsageFigures } from '../components/usage-figures';
import { UsageTrend } from '../components/usage-trend';
import { useStatisticsFormat } from '../utils/statistics-format';
import { useRangeInAddress } from '../utils/use-range-in-address';
import {
  STATISTICS_TABS,
  type StatisticsContext,
  useStatisticsContext,
  useStatisticsScope,
} from '../utils/use-statistics-scope';

/** `/statistics` and any unknown tab: the usage tab, with the address's query kept. */
export function StatisticsIndex() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/statistics/usage', search }} replace />;
}

export function StatisticsLayout() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { activeRole, ownCompanyId, companies, scope, record, current, changeScope } =
    useStatisticsScope();

  return (
    <Stack spacing={2} data-testid="statistics-page">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('statistics.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {ownCompanyId === null
            ? t('statistics.introSystem')
            : t('statistics.introCompany', {
                company: activeRole.company_name ?? '',
              })}
        </Typography>
      </Box>
      <ScopePickers scope={scope} onChange={changeScope} chooseCompany={ownCompanyId === null} />
      <Tabs
        value={current}
        aria-label={t('statistics.tabsLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {STATISTICS_TABS.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={t(`statistics.tabs.${tab}`)}
            component={RouterLink}
            to={{ pathname: `/statistics/${tab}`, search }}
            data-testid={`statistics-tab-${tab}`}
          />
        ))}
      </Tabs>
      {record === null && companies.isPending && ownCompanyId === null ? (
        <PageLoader />
      ) : record === null ? (
        <Paper
          variant="outlined"
          sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed', borderRadius: 2 }}
          data-testid="statistics-choose-company"
        >
          <Typography sx={{ color: 'text.secondary' }}>{t('statistics.chooseCompany')}</Typography>
        </Paper>
      ) : (
        <Outlet context={{ scope, record } satisfies StatisticsContext} />
      )}
    </Stack>
  );
}

export function StatisticsUsageTab() {
  const { record } = useStatisticsContext();
  return (
    <Stack spacing={3} data-testid="statistics-usage">
      <UsageFigures record={record} />
      <UsageTrend record={record} />
    </Stack>
  );
}

export function StatisticsFixturesTab() {
  const { t } = useTranslation();
  const { record } = useStatisticsContext();
  const [, valid, fields] = useRangeInAddress();
  const fixtures = useApplianceGallons(record, valid);
  const format = useStatisticsFormat();
  const rows = fixtures.data?.data ?? [];
  const total = fixtures.data?.total_gallons ?? 0;

  return (
    <Stack spacing={2} data-testid="statistics-fixtures">
      {fields}
      <QueryState query={fixtures} enabled={valid !== null}>
        {rows.length === 0 ? (
          <Typography
            sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
            data-testid="statistics-empty"
          >
            {t('statistics.fixtures.empty')}
          </Typography>
        ) : (
          <Box component="section" aria-labelledby="statistics-fixtures-title">
            <Typography id="statistics-fixtures-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t('statistics.fixtures.title')}
            </Typography>
            <BarList
              title={t('statistics.fixtures.title')}
              items={rows.map((row) => ({
                key: String(row.appliance_type_id),
                label: format.fixture(row.appliance_type_id),
                value: row.gallons,
                secondary: t('statistics.fixtures.barDetail', {
                  sensors: format.count(row.sensors),
                  share: format.share(row.gallons, total),
                }),
              }))}
              formatValue={format.gallons}
              data-testid="statistics-fixtures-chart"
            />
            <Typography sx={{ fontWeight: 600, mt: 2 }} data-testid="statistics-fixtures-total">
              {t('statistics.fixtures.totalLine', { gallons: format.gallons(total) })}
            </Typography>
          </Box>
        )}
      </QueryState>
    </Stack>
  );
}

export function StatisticsUnitsTab() {
  const { t } = useTranslation();
  const { scope } = useStatisticsContext();
  const [, valid, fields] = useRangeInAddress();
  const format = useStatisticsFormat();
  const unitTitle = useUnitTitle();
  const buildingUnits = useBuildingUnitsGallons(scope.buildingId, valid);

  return (
    <Stack spacing={3} data-testid="statistics-units">
      {fields}
      {scope.buildingId !== null ? (
        <QueryState query={buildingUnits} enabled={valid !== null}>
          <RankedTable
            title={t('statistics.unitsTab.buildingUnits')}
            testId="statistics-building-units"
            emptyText={t('statistics.unitsTab.empty')}
            columns={[
              { key: 'unit', label: t('statistics.unitsTab.unit') },
              { key: 'gallons', label: t('statistics.unitsTab.gallons'), numeric: true },
            ]}
            rows={(buildingUnits.data?.data ?? []).map((unit) => ({
              key: unit.unit_id,
              cells: [unitTitle(unit.unit_name), format.decimal(unit.gallons)],
            }))}
          />
        </QueryState>
      ) : (
        <CompanyUnitRankings scope={scope} valid={valid} />
      )}
    </Stack>
  );
}
