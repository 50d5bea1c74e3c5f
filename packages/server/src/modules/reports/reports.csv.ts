// The CSV files of the reports: the gallons report (a line per unit, then the units' total, the
// water no fixture accounts for and the buildings' use) and a company report's rows, figures
// rounded as people read them.
import {
  BUILDING_USE,
  csvFigure,
  csvHeading,
  csvName,
  type ReportDefinition,
  UNACCOUNTED_WATER,
} from '@flowsight/domain/reports';
import type { CsvColumn } from '../../lib/csv.ts';
import type { GallonsReport, ReportOverview } from './reports.schemas.ts';

/** A report row for the CSV writer: date columns as instants, written in the company's zone. */
type ReportCsvRow = Record<string, string | number | Date | null>;
/** A gallons-report CSV line: building, unit, category, one cell per period (`p0`…), total. */
type GallonsCsvRow = { building: string; unit: string; category: string; total: number } & {
  [period: `p${number}`]: number;
};

/** The gallons report's columns, one per period, and its lines. */
export function gallonsReportCsvLines(report: GallonsReport) {
  const columns: CsvColumn<GallonsCsvRow>[] = [
    { key: 'building', header: 'Building', kind: 'text' },
    { key: 'unit', header: 'Unit', kind: 'text' },
    { key: 'category', header: 'Unit category', kind: 'text' },
    ...report.periods.map(
      (label, i): CsvColumn<GallonsCsvRow> => ({ key: `p${i}`, header: label, kind: 'number' }),
    ),
    { key: 'total', header: 'Total', kind: 'number' },
  ];
  const line = (
    building: string,
    unit: string,
    category: string,
    gallons: number[],
    total: number,
  ) => {
    const row: GallonsCsvRow = { building, unit, category, total: csvFigure('number', total) };
    for (const [i, value] of gallons.entries()) row[`p${i}`] = csvFigure('number', value);
    return row;
  };
  async function* rows(): AsyncGenerator<GallonsCsvRow> {
    for (const unit of report.data) {
      yield line(
        unit.building_name,
        unit.unit_name,
        unit.unit_category,
        unit.gallons,
        unit.total_gallons,
      );
    }
    // The units' total, the water no fixture accounts for, and the two together: the
    // buildings' use, the figure of the place's statistics.
    yield line('Total', '', '', report.totals, report.total_gallons);
    yield line(UNACCOUNTED_WATER, '', '', report.unaccounted, report.unaccounted_gallons);
    yield line(BUILDING_USE, '', '', report.building_use, report.building_gallons);
  }
  return { columns, rows: rows() };
}

/** A company report's columns and lines, from its definition. */
export function reportOverviewCsvLines(definition: ReportDefinition, answer: ReportOverview) {
  // The columns are data (one list per report type), so their row type is only known here.
  // Figures stay numbers, rounded as people read them, the currency in the heading; fixture
  // names read as names ("Main line").
  const columns = definition.columns.map((c) => ({
    key: c.key,
    header: csvHeading(c.label, c.kind),
    kind: c.kind === 'money' ? 'number' : c.kind,
  })) as unknown as CsvColumn<ReportCsvRow>[];
  async function* rows(): AsyncGenerator<ReportCsvRow> {
    for (const row of answer.rows) {
      const line: ReportCsvRow = {};
      for (const { key, kind } of definition.columns) {
        const value = row[key] ?? null;
        if (kind === 'date') line[key] = typeof value === 'string' ? new Date(value) : null;
        else if ((kind === 'number' || kind === 'money') && typeof value === 'number')
          line[key] = csvFigure(kind, value);
        else if (key === 'fixture' && typeof value === 'string') line[key] = csvName(value);
        else line[key] = value;
      }
      yield line;
    }
  }
  return { columns, rows: rows() };
}
