// /statistics/* (all shell roles; spec section 2): usage statistics of a company, or one of its
// properties or buildings. `/statistics` opens on `usage`; the tabs are the next path segment and
// the record (`?company=&property=&building=`), range (`?from=&to=`) and granularity stay in the
// address. Company roles always see their own company.
import { type GranularityId, granularities } from '@flowsight/domain/granularity';
import { isSystemRole } from '@flowsight/domain/roles';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Navigate,
  Outlet,
  Link as RouterLink,
  useLocation,
  useOutletContext,
  useSearchParams,
} from 'react-router';
import { BarList } from '@/components/charts/bar-list';
import { ColumnChart } from '@/components/charts/column-chart';
import { DateRangeFields } from '@/components/date-range-fields';
import { KpiCard } from '@/components/kpi-card';
import { PageLoader } from '@/components/page-loader';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { type LocalDateRange, rangeFromSearch, rangeProblem } from '@/lib/local-date-range';
import { usePlaceNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import { useApplianceGallons } from '../api/get-appliance-gallons';
import { useBuildingUnitsGallons } from '../api/get-building-units-gallons';
import { useGallonsTrend } from '../api/get-gallons-trend';
import { useRecordStatistics } from '../api/get-record-statistics';
import { useTopProperties } from '../api/get-top-properties';
import { useTopUnits } from '../api/get-top-units';
import type { StatisticsRecord } from '../api/statistics-record';
import { ScopePickers } from '../components/scope-pickers';
import { useStatisticsFormat } from '../utils/statistics-format';
import {
  granularityFromSearch,
  recordOf,
  type StatisticsScope,
  scopeFromSearch,
  searchWithScope,
} from '../utils/statistics-scope';
import { useRangeMessages } from '../utils/use-range-messages';

export const STATISTICS_TABS = ['usage', 'fixtures', 'units'] as const;
type StatisticsTab = (typeof STATISTICS_TABS)[number];

type StatisticsContext = { scope: StatisticsScope; record: StatisticsRecord | null };

const TOP_LIST_SIZE = 10;

/** `/statistics` and any unknown tab: the usage tab, with the address's query kept. */
export function StatisticsIndex() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/statistics/usage', search }} replace />;
}

export function StatisticsLayout() {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const { pathname, search } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const ownCompanyId = isSystemRole(activeRole.user_role_type_id) ? null : activeRole.company_id;
  // A system role opens on the first company it may read until it picks another.
  const companies = usePlaceNames('company', null, ownCompanyId === null);
  const scope = scopeFromSearch(searchParams, ownCompanyId, companies.data?.[0]?.id ?? null);
  const record = recordOf(scope);
  const current = STATISTICS_TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'usage';

  const changeScope = (next: StatisticsScope) =>
    setSearchParams(searchWithScope(searchParams, next, ownCompanyId), { replace: true });

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

function useStatisticsContext() {
  return useOutletContext<StatisticsContext>();
}

type QueryStateProps = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Only while the query may run: a disabled query stays pending. */
  enabled?: boolean;
  children: ReactNode;
};

/** A spinner while loading, the server's message and a retry button on failure, else children. */
function QueryState({ query, enabled = true, children }: QueryStateProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  if (!enabled) return null;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        data-testid="statistics-error"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<RefreshRounded />}
            onClick={() => void query.refetch()}
          >
            {t('statistics.retry')}
          </Button>
        }
      >
        {errorMessages(query.error).map(translate).join('\n')}
      </Alert>
    );
  }
  if (query.isPending) return <PageLoader />;
  return <>{children}</>;
}

function figureGrid(children: ReactNode) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function StatisticsUsageTab() {
  const { t } = useTranslation();
  const { record } = useStatisticsContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const granularity = granularityFromSearch(searchParams);
  const figures = useRecordStatistics(record);
  const trend = useGallonsTrend(record, granularity);
  const format = useStatisticsFormat();

  const chooseGranularity = (id: GranularityId | null) => {
    if (id === null) return;
    const next = new URLSearchParams(searchParams);
    next.set('granularity', String(id));
    setSearchParams(next, { replace: true });
  };

  const chartData =
    trend.data?.data.map((bucket) => ({
      key: bucket.start,
      ...format.bucket(granularity, bucket, trend.data.time_zone),
      value: bucket.gallons,
    })) ?? [];

  return (
    <Stack spacing={3} data-testid="statistics-usage">
      <QueryState query={figures}>
        {figures.data !== undefined &&
          figureGrid(
            <>
              <KpiCard
                data-testid="stat-today"
                label={t('statistics.kpi.today')}
                value={format.gallons(figures.data.today_gallons)}
                detail={
                  figures.data.source === 'fixture-meters-only'
                    ? t('statistics.kpi.sourceFixtures')
                    : figures.data.source === 'mixed'
                      ? t('statistics.kpi.sourceMixed')
                      : undefined
                }
              />
              <KpiCard
                data-testid="stat-this-month"
                label={t('statistics.kpi.thisMonth')}
                value={format.gallons(figures.data.this_month_gallons)}
                detail={
                  figures.data.change_percent === null
                    ? t('statistics.kpi.noComparison')
                    : t('statistics.kpi.changeDetail', {
                        change: format.change(figures.data.change_percent),
                        gallons: format.gallons(figures.data.last_month_same_period_gallons),
                      })
                }
                tone={
                  figures.data.change_percent !== null && figures.data.change_percent > 10
                    ? 'warning'
                    : 'default'
                }
              />
              <KpiCard
                data-testid="stat-last-month"
                label={t('statistics.kpi.lastMonth')}
                value={format.gallons(figures.data.last_month_gallons)}
              />
              <KpiCard
                data-testid="stat-daily-average"
                label={t('statistics.kpi.dailyAverage')}
                value={format.gallons(figures.data.daily_average_gallons)}
                detail={t('statistics.kpi.dailyAverageDetail')}
              />
              <KpiCard
                data-testid="stat-units"
                label={t('statistics.kpi.units')}
                value={format.count(figures.data.units)}
              />
              <KpiCard
                data-testid="stat-transmitting"
                label={t('statistics.kpi.transmitting')}
                value={format.count(figures.data.sensors_transmitting)}
                detail={t('statistics.kpi.ofSensors', {
                  sensors: format.count(figures.data.sensors),
                  share: format.share(figures.data.sensors_transmitting, figures.data.sensors),
                })}
              />
              <KpiCard
                data-testid="stat-open-alerts"
                label={t('statistics.kpi.openAlerts')}
                value={format.count(figures.data.open_alerts)}
                tone={figures.data.open_alerts > 0 ? 'warning' : 'default'}
              />
              <KpiCard
                data-testid="stat-open-leaks"
                label={t('statistics.kpi.openLeaks')}
                value={format.count(figures.data.open_leaks)}
                tone={figures.data.open_leaks > 0 ? 'error' : 'default'}
                detail={t('statistics.kpi.leakCost', {
                  cost: format.money(figures.data.open_leaks_monthly_cost),
                })}
              />
            </>,
          )}
      </QueryState>

      <Box component="section" aria-labelledby="statistics-trend-title">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography id="statistics-trend-title" variant="h6" component="h2">
            {t('statistics.usage.trendTitle')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={granularity}
            onChange={(_event, id: GranularityId | null) => chooseGranularity(id)}
            aria-label={t('statistics.usage.granularity')}
          >
            {granularities.map((row) => (
              <ToggleButton key={row.id} value={row.id} sx={{ px: { xs: 1.25, sm: 2 } }}>
                {t(`statistics.granularities.${row.id}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <QueryState query={trend}>
          {trend.data !== undefined && (
            <>
              <ColumnChart
                title={t('statistics.usage.trendTitle')}
                valueLabel={t('statistics.usage.gallons')}
                data={chartData}
                formatValue={format.gallons}
                emptyText={t('statistics.usage.empty')}
                data-testid="statistics-trend-chart"
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('statistics.usage.timeZone', { zone: trend.data.time_zone })}
              </Typography>
            </>
          )}
        </QueryState>
      </Box>
    </Stack>
  );
}

/** The range fields of a tab, reading and writing `?from=&to=`; `null` while the range is bad. */
function useRangeInAddress(): [range: LocalDateRange, valid: LocalDateRange | null, ReactNode] {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const range = rangeFromSearch(searchParams);
  const problem = rangeProblem(range);
  const messages = useRangeMessages(problem);
  const change = (next: LocalDateRange) => {
    const search = new URLSearchParams(searchParams);
    search.set('from', next.from);
    search.set('to', next.to);
    setSearchParams(search, { replace: true });
  };
  const fields = (
    <Box sx={{ maxWidth: 480 }}>
      <DateRangeFields
        value={range}
        onChange={change}
        fromLabel={t('statistics.range.from')}
        toLabel={t('statistics.range.to')}
        fromError={messages.from}
        toError={messages.to}
        size="small"
        data-testid="statistics-range"
      />
    </Box>
  );
  return [range, problem === null ? range : null, fields];
}

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
/** The first column stays in view while a wide table scrolls sideways on phones. */
const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;

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

type RankedTableProps = {
  title: string;
  columns: readonly { key: string; label: string; numeric?: boolean }[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
  emptyText: string;
  testId: string;
};

function RankedTable({ title, columns, rows, emptyText, testId }: RankedTableProps) {
  const titleId = `${testId}-title`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2 }}>
        <TableContainer>
          <Table size="small" aria-labelledby={titleId} data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((column, index) => (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ ...head, ...(index === 0 ? stickyFirst : {}) }}
                  >
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={columns.length}
                    sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}
                  >
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.key} hover data-testid={`${testId}-row`}>
                  {row.cells.map((cell, index) => (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed columns
                      key={index}
                      align={columns[index]?.numeric ? 'right' : 'left'}
                      sx={
                        index === 0 ? { ...stickyFirst, minWidth: 120 } : { whiteSpace: 'nowrap' }
                      }
                    >
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

export function StatisticsUnitsTab() {
  const { t } = useTranslation();
  const { scope } = useStatisticsContext();
  const [, valid, fields] = useRangeInAddress();
  const format = useStatisticsFormat();
  const companyId = scope.buildingId === null ? scope.companyId : null;
  const topUnits = useTopUnits(companyId, valid, TOP_LIST_SIZE);
  const topProperties = useTopProperties(companyId, valid, TOP_LIST_SIZE);
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
              cells: [unit.unit_name, format.decimal(unit.gallons)],
            }))}
          />
        </QueryState>
      ) : (
        <>
          {scope.propertyId !== null && (
            <Alert severity="info">{t('statistics.unitsTab.companyWide')}</Alert>
          )}
          <QueryState query={topUnits} enabled={valid !== null}>
            <RankedTable
              title={t('statistics.unitsTab.topUnits', { size: TOP_LIST_SIZE })}
              testId="statistics-top-units"
              emptyText={t('statistics.unitsTab.empty')}
              columns={[
                { key: 'unit', label: t('statistics.unitsTab.unit') },
                // Gallons before the place: on a phone the figure is in view without scrolling.
                { key: 'gallons', label: t('statistics.unitsTab.gallons'), numeric: true },
                { key: 'place', label: t('statistics.unitsTab.place') },
              ]}
              rows={(topUnits.data?.data ?? []).map((unit) => ({
                key: unit.unit_id,
                cells: [
                  <Link key="unit" component={RouterLink} to={unit.link} sx={{ fontWeight: 600 }}>
                    {unit.unit_name}
                  </Link>,
                  format.decimal(unit.gallons),
                  `${unit.property_name} › ${unit.building_name}`,
                ],
              }))}
            />
          </QueryState>
          <QueryState query={topProperties} enabled={valid !== null}>
            <RankedTable
              title={t('statistics.unitsTab.topProperties', { size: TOP_LIST_SIZE })}
              testId="statistics-top-properties"
              emptyText={t('statistics.unitsTab.empty')}
              columns={[
                { key: 'property', label: t('statistics.unitsTab.property') },
                { key: 'gallons', label: t('statistics.unitsTab.gallons'), numeric: true },
                { key: 'units', label: t('statistics.unitsTab.units'), numeric: true },
                { key: 'perUnit', label: t('statistics.unitsTab.perUnit'), numeric: true },
              ]}
              rows={(topProperties.data?.data ?? []).map((property) => ({
                key: property.property_id,
                cells: [
                  <Link
                    key="property"
                    component={RouterLink}
                    to={`/companies/${scope.companyId ?? 0}/properties/${property.property_id}`}
                    sx={{ fontWeight: 600 }}
                  >
                    {property.property_name}
                  </Link>,
                  format.decimal(property.gallons),
                  format.count(property.units),
                  property.units > 0 ? format.decimal(property.gallons / property.units) : '—',
                ],
              }))}
            />
          </QueryState>
        </>
      )}
    </Stack>
  );
}

export type { StatisticsTab };
