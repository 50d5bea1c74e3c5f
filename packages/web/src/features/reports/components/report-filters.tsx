// The reports page's form: the report, the company (system roles), for the gallons report the
// property, building and granularity, and the date range, each change kept in the address.
import { reportTypes } from '@flowsight/domain/lookups';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '@/components/date-range-fields';
import { RecordPicker } from '@/components/record-picker';
import { MAX_RANGE_DAYS } from '@/lib/local-date-range';
import type { ReportGranularity } from '../api/get-gallons-report';
import { useReportFormat } from '../utils/report-format';
import { GALLONS_REPORT } from '../utils/report-params';
import type { ReportsState } from '../utils/use-reports-state';
import { SCREEN_ONLY } from './report-print-styles';

const GRANULARITIES: readonly ReportGranularity[] = [1, 2, 3];

export type ReportFiltersProps = { state: ReportsState };

export function ReportFilters({ state }: ReportFiltersProps) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const { params, ownCompanyId, gallons, problem, companies, properties, buildings, change } =
    state;
  const rangeMessage =
    problem === null ? undefined : t(`reports.range.${problem.reason}`, { days: MAX_RANGE_DAYS });

  return (
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
  );
}
