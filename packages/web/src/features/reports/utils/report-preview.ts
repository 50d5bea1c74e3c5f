// The preview's table as the page shows it: the gallons-by-unit report (a column per period, its
// totals, the unaccounted water and the buildings' use under them) or a company report (the
// server's columns, translated and formatted), with the notes on what the figures count.
import type { UseSource } from '@flowsight/domain/water-accounting';
import { useTranslation } from 'react-i18next';
import type { GallonsReport } from '../api/get-gallons-report';
import type { ReportOverview } from '../api/get-report-overview';
import type { ReportTableColumn } from '../components/report-table';
import { useReportFormat } from './report-format';
import type { ReportsState } from './use-reports-state';

export type ReportPreview = {
  columns: ReportTableColumn[];
  rows: string[][];
  totals?: string[];
  /** Footer lines after the totals (the gallons report's unaccounted water and building use). */
  afterTotals?: string[][];
  /** What the figures count (water accounting), shown under the range. */
  notes: string[];
};

/** The preview of the report `state` holds, or null until it has loaded. */
export function useReportPreview(state: ReportsState): ReportPreview | null {
  const { t } = useTranslation();
  const format = useReportFormat();

  /** Says so when the buildings' use was not all measured by main lines. */
  const sourceNotes = (source: UseSource | null): string[] =>
    source === 'fixture-meters-only'
      ? [t('reports.notes.fixtureMetersOnly')]
      : source === 'mixed'
        ? [t('reports.notes.mixed')]
        : [];

  const gallonsPreview = (report: GallonsReport): ReportPreview => {
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
  };

  const overviewPreview = (report: ReportOverview): ReportPreview => {
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
  };

  if (state.gallons) {
    const report = state.gallonsReport.data;
    return report === undefined ? null : gallonsPreview(report);
  }
  const report = state.overview.data;
  return report === undefined ? null : overviewPreview(report);
}
