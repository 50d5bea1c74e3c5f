// /reports (all shell roles; spec section 2): a company report of the lookups' report types, or
// the gallons-by-unit report of a property or building, for a date range. The preview lists every
// row; "Download CSV" saves the server's file (named by its Content-Disposition); "Print" prints
// the report alone, headed by its name, place and range. The choices live in the address.

import { reportTypes } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import type { UseSource } from '@flowsight/domain/water-accounting';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFields } from '@/components/date-range-fields';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageLoader } from '@/components/page-loader';
import { RecordPicker } from '@/components/record-picker';
import { useTranslateMessage } from '@/i18n/messages';
import { ApiError, errorMessages } from '@/lib/api-error';
import { downloadFile } from '@/lib/download-file';
import { MAX_RANGE_DAYS, rangeProblem } from '@/lib/local-date-range';
import { usePlaceNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import {
  gallonsReportCsvPath,
  type ReportGranularity,
  useGallonsReport,
} from '../api/get-gallons-report';
import { reportOverviewCsvPath, useReportOverview } from '../api/get-report-overview';
import { PRINT_ROOT, ReportPrintStyles, SCREEN_ONLY } from '../components/report-print-styles';
import { ReportTable, type ReportTableColumn } from '../components/report-table';
import { useReportFormat } from '../utils/report-format';
import {
  GALLONS_REPORT,
  gallonsPlaceOf,
  type ReportParams,
  reportParamsFrom,
  reportSearchFrom,
} from '../utils/report-params';

const GRANULARITIES: readonly ReportGranularity[] = [1, 2, 3];

type Preview = {
  columns: ReportTableColumn[];
  rows: string[][];
  totals?: string[];
  /** Footer lines after the totals (the gallons report's unaccounted water and building use). */
  afterTotals?: string[][];
  /** What the figures count (water accounting), shown under the range. */
  notes: string[];
};

export function ReportsPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { activeRole } = useSignedInSession();
  const format = useReportFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const ownCompanyId = isSystemRole(activeRole.user_role_type_id) ? null : activeRole.company_id;
  const companies = usePlaceNames('company', null, ownCompanyId === null);
  // A system role opens on the first company it may read until it picks another.
  const params = reportParamsFrom(
    searchParams,
    ownCompanyId,
    undefined,
    companies.data?.[0]?.id ?? null,
  );
  const gallons = params.report === GALLONS_REPORT;
  const problem = rangeProblem(params.range);
  const range = problem === null ? params.range : null;
  const place = gallons ? gallonsPlaceOf(params) : null;
  const [downloading, setDownloading] = useState(false);

  const properties = usePlaceNames('property', gallons ? params.companyId : null);
  const buildings = usePlaceNames('building', gallons ? params.propertyId : null);
  const overview = useReportOverview(
    gallons ? null : params.companyId,
    typeof params.report === 'number' ? params.report : null,
    range,
  );
  const gallonsReport = useGallonsReport(place, range, params.granularity);
  const active = gallons ? gallonsReport : overview;

  const change = (next: Partial<ReportParams>) =>
    setSearchParams(reportSearchFrom({ ...params, ...next }, ownCompanyId), { replace: true });

  const companyName =
    ownCompanyId === null
      ? companies.data?.find((company) => company.id === params.companyId)?.name
      : (activeRole.company_name ?? undefined);
  const propertyName = properties.data?.find((p) => p.id === params.propertyId)?.name;
  const buildingName = buildings.data?.find((b) => b.id === params.buildingId)?.name;
  const reportName =
    params.report === null
      ? ''
      : params.report === GALLONS_REPORT
        ? t('reports.gallons.heading')
        : format.reportName(params.report);

  const rangeMessage =
    problem === null ? undefined : t(`reports.range.${problem.reason}`, { days: MAX_RANGE_DAYS });

  /** What is still missing before a preview can load, in the order the form asks for it. */
  const missing =
    params.report === null
      ? t('reports.prompt.report')
      : params.companyId === null
        ? t('reports.prompt.company')
        : gallons && params.propertyId === null
          ? t('reports.prompt.property')
          : problem !== null
            ? t('reports.prompt.range')
            : null;

  /** Says so when the buildings' use was not all measured by main lines. */
  const sourceNotes = (source: UseSource | null): string[] =>
    source === 'fixture-meters-only'
      ? [t('reports.notes.fixtureMetersOnly')]
      : source === 'mixed'
        ? [t('reports.notes.mixed')]
        : [];

  const preview: Preview | null = (() => {
    if (gallons) {
      const report = gallonsReport.data;
      if (report === undefined) return null;
      const columns: ReportTableColumn[] = [
        { key: 'building', label: t('reports.gallons.building'), kind: 'text' },
        { key: 'unit', label: t('reports.gallons.unit'), kind: 'text' },
        { key: 'category', label: t('reports.gallons.unitCategory'), kind: 'text' },
        ...report.periods.map((period) => ({
          key: period,
          label: period,
          kind: 'number' as const,
        })),
        { key: 'total', label: t('reports.gallons.total'), kind: 'number' },
      ];
      return {
        columns,
        rows: report.data.map((unit) => [
          unit.building_name,
          unit.unit_name,
          format.unitCategory(unit.unit_category_id, unit.unit_category),
          ...unit.gallons.map(format.gallons),
          format.gallons(unit.total_gallons),
        ]),
        totals: [
          t('reports.gallons.total'),
          '',
          '',
          ...report.totals.map(format.gallons),
          format.gallons(report.total_gallons),
        ],
        afterTotals: [
          [
            t('reports.gallons.unaccounted'),
            '',
            '',
            ...report.unaccounted.map(format.gallons),
            format.gallons(report.unaccounted_gallons),
          ],
          [
            t('reports.gallons.buildingUse'),
            '',
            '',
            ...report.building_use.map(format.gallons),
            format.gallons(report.building_gallons),
          ],
        ],
        notes: [t('reports.notes.gallons'), ...sourceNotes(report.source)],
      };
    }
    const report = overview.data;
    if (report === undefined) return null;
    const totals: Record<string, unknown> = report.totals ?? {};
    const hasTotals = Object.keys(totals).length > 0;
    return {
      columns: report.columns.map((column) => ({
        key: column.key,
        label: format.columnLabel(column.key, column.label),
        kind: column.kind,
      })),
      rows: report.rows.map((row) => {
        const cells: Record<string, unknown> = row;
        return report.columns.map((column) =>
          format.value(column.kind, cells[column.key], column.key),
        );
      }),
      totals: hasTotals
        ? report.columns.map((column, index) =>
            column.key in totals
              ? format.value(column.kind, totals[column.key], column.key)
              : index === 0
                ? t('reports.total')
                : '',
          )
        : undefined,
      notes: [
        ...(report.report === 1 ? [t('reports.notes.units')] : []),
        ...(report.report === 2 ? [t('reports.notes.fixtures')] : []),
        ...sourceNotes(report.source),
      ],
    };
  })();

  const csvPath = (() => {
    if (range === null || params.report === null) return null;
    if (params.report === GALLONS_REPORT)
      return place === null ? null : gallonsReportCsvPath(place, range, params.granularity);
    return params.companyId === null
      ? null
      : reportOverviewCsvPath(params.companyId, params.report, range);
  })();

  const download = async () => {
    if (csvPath === null) return;
    setDownloading(true);
    try {
      const fileName = await downloadFile({ url: csvPath, timeZone: null });
      showMessage(t('reports.actions.downloaded', { file: fileName }), 'success');
    } catch (error) {
      const reasons = error instanceof ApiError ? error.messages : [];
      showMessage(
        reasons.length > 0
          ? reasons.map(translate).join('\n')
          : t('reports.actions.downloadFailed'),
        'error',
      );
    } finally {
      setDownloading(false);
    }
  };

  const placeLine = [
    companyName,
    gallons ? propertyName : undefined,
    gallons ? buildingName : undefined,
  ]
    .filter((name): name is string => name !== undefined && name !== '')
    .join(' › ');
  const rangeLine = t('reports.preview.range', {
    from: format.localDate(params.range.from),
    to: format.localDate(params.range.to),
  });
  const ready = missing === null && preview !== null;

  return (
    <Stack spacing={3} data-testid="reports-page">
      <ReportPrintStyles />
      <Box {...{ [SCREEN_ONLY]: '' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('reports.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('reports.intro')}</Typography>
      </Box>

      <Paper
        variant="outlined"
        component="form"
        aria-label={t('reports.form.label')}
        onSubmit={(event) => event.preventDefault()}
        sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
        {...{ [SCREEN_ONLY]: '' }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <TextField
            select
            label={t('reports.form.report')}
            value={params.report === null ? '' : String(params.report)}
            onChange={(event) => {
              const value = event.target.value;
              change({ report: value === GALLONS_REPORT ? GALLONS_REPORT : Number(value) });
            }}
            required
            slotProps={{ htmlInput: { 'data-testid': 'report-type' } }}
          >
            {reportTypes.map((type) => (
              <MenuItem key={type.id} value={String(type.id)}>
                {format.reportName(type.id)}
              </MenuItem>
            ))}
            <MenuItem value={GALLONS_REPORT}>{t('reports.gallons.name')}</MenuItem>
          </TextField>
          {ownCompanyId === null && (
            <RecordPicker
              label={t('reports.form.company')}
              options={companies.data ?? []}
              loading={companies.isFetching}
              value={params.companyId}
              onChange={(companyId) => change({ companyId, propertyId: null, buildingId: null })}
              required
              error={companies.isError}
              helperText={companies.isError ? t('reports.form.loadFailed') : undefined}
              loadingText={t('reports.form.loading')}
              noOptionsText={t('reports.form.noOptions')}
              data-testid="report-company"
            />
          )}
          {gallons && (
            <>
              <RecordPicker
                label={t('reports.form.property')}
                options={properties.data ?? []}
                loading={properties.isFetching}
                value={params.propertyId}
                onChange={(propertyId) => change({ propertyId, buildingId: null })}
                disabled={params.companyId === null}
                required
                loadingText={t('reports.form.loading')}
                noOptionsText={t('reports.form.noOptions')}
                data-testid="report-property"
              />
              <RecordPicker
                label={t('reports.form.building')}
                options={buildings.data ?? []}
                loading={buildings.isFetching}
                value={params.buildingId}
                onChange={(buildingId) => change({ buildingId })}
                disabled={params.propertyId === null}
                helperText={t('reports.form.allBuildings')}
                loadingText={t('reports.form.loading')}
                noOptionsText={t('reports.form.noOptions')}
                data-testid="report-building"
              />
              <TextField
                select
                label={t('reports.form.granularity')}
                value={String(params.granularity)}
                onChange={(event) =>
                  change({ granularity: Number(event.target.value) as ReportGranularity })
                }
              >
                {GRANULARITIES.map((id) => (
                  <MenuItem key={id} value={String(id)}>
                    {t(`reports.granularities.${id}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <DateRangeFields
            value={params.range}
            onChange={(next) => change({ range: next })}
            fromLabel={t('reports.form.from')}
            toLabel={t('reports.form.to')}
            fromError={problem?.field === 'from' ? rangeMessage : undefined}
            toError={problem?.field === 'to' ? rangeMessage : undefined}
            data-testid="report-range"
          />
        </Box>
        {params.report === 4 && (
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {t('reports.form.asOfNow')}
          </Typography>
        )}
      </Paper>

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="report-heading"
        sx={{
          borderRadius: 2,
          overflow: 'hidden',
          '@media print': { border: 0, borderRadius: 0, overflow: 'visible' },
        }}
        data-testid="report-preview"
        aria-busy={ready && active.isFetching}
        {...{ [PRINT_ROOT]: '' }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{
            p: { xs: 2, sm: 3 },
            alignItems: { sm: 'flex-start' },
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id="report-heading"
              variant="h6"
              component="h2"
              data-testid="report-heading"
            >
              {reportName === '' ? t('reports.preview.title') : reportName}
            </Typography>
            {ready && (
              <>
                {placeLine !== '' && (
                  <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="report-place">
                    {placeLine}
                  </Typography>
                )}
                <Typography sx={{ color: 'text.secondary' }} data-testid="report-range-line">
                  {rangeLine}
                </Typography>
                {preview.notes.map((note) => (
                  <Typography
                    key={note}
                    variant="body2"
                    sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}
                    data-testid="report-note"
                  >
                    {note}
                  </Typography>
                ))}
              </>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }} {...{ [SCREEN_ONLY]: '' }}>
            <Button
              variant="contained"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void download()}
              disabled={!ready || downloading}
            >
              {downloading ? t('reports.actions.downloading') : t('reports.actions.download')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PrintOutlined />}
              onClick={() => window.print()}
              disabled={!ready}
            >
              {t('reports.actions.print')}
            </Button>
          </Stack>
        </Stack>
        {ready && active.isFetching && (
          <LinearProgress aria-label={t('reports.preview.updating')} />
        )}
        {missing !== null ? (
          <Typography
            sx={{ px: 3, pb: 4, pt: 1, color: 'text.secondary' }}
            data-testid="report-prompt"
          >
            {missing}
          </Typography>
        ) : active.isError ? (
          <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
            <Alert
              severity="error"
              data-testid="report-error"
              action={
                <Button
                  color="inherit"
                  size="small"
                  startIcon={<RefreshRounded />}
                  onClick={() => void active.refetch()}
                >
                  {t('reports.preview.retry')}
                </Button>
              }
            >
              {errorMessages(active.error).map(translate).join('\n')}
            </Alert>
          </Box>
        ) : preview === null ? (
          <PageLoader />
        ) : (
          <ReportTable
            label={reportName}
            columns={preview.columns}
            rows={preview.rows}
            totals={preview.totals}
            afterTotals={preview.afterTotals}
            emptyText={t('reports.preview.empty')}
          />
        )}
      </Paper>
    </Stack>
  );
}
