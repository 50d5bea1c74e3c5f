// A column chart of a time series (one value per bucket, or several stacked), drawn as plain SVG:
// nice value ticks, category labels thinned to what the width holds, a tooltip on hover, tap and
// keyboard focus (arrow keys move between buckets), theme colours, and a "show as table" view.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  Suspense,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormats } from '@/lib/number-format';
import { ChartEmpty, visuallyHidden } from './chart-parts';
import { bandOf, estimateLabelWidth, linearScale, niceTicks, placeAxisLabels } from './scale';
import { FALLBACK_CHART_WIDTH, useElementWidth } from './use-element-width';

// The table loads when it is first asked for.
const ChartDataTable = lazy(async () => ({
  default: (await import('./chart-data-table')).ChartDataTable,
}));

export type ChartSeries = {
  key: string;
  /** Shown in the tooltip, the legend and the table header. */
  label: string;
  /** A CSS colour; defaults to the theme's primary colour for the first series. */
  color?: string;
};

export type ColumnDatum = {
  key: string;
  /** The short axis label, e.g. "Nov 10". */
  label: string;
  /** A longer label for the tooltip and the table, e.g. "Tuesday, November 10, 2026". */
  detail?: string;
  /** One value per series, in the order of `series`. */
  values: readonly number[];
  /** Drawn lighter and dashed: an estimate rather than a measurement. */
  projected?: boolean;
  /** A figure about the bucket as a whole, e.g. a share: the tooltip's last line, a table column. */
  note?: string;
};

export type StackedColumnChartProps = {
  /** Names the chart for assistive technology and heads the table view. */
  title: string;
  series: readonly ChartSeries[];
  data: readonly ColumnDatum[];
  /** A value as shown in tooltips and the table, e.g. "1,234 gal". */
  formatValue?: (value: number) => string;
  /** A value-axis tick, e.g. "1.2K". */
  formatTick?: (value: number) => string;
  height?: number;
  emptyText?: string;
  /** The word for projected buckets in the tooltip and table. */
  projectedLabel?: string;
  /** Counts: value ticks on whole numbers only. */
  integerValues?: boolean;
  /** Heads the table's column of the buckets' notes (the column shows when it is set). */
  noteLabel?: string;
  'data-testid'?: string;
};

const margin = { top: 12, right: 8, bottom: 26, left: 8 };
const axisFontSize = 11;

export function StackedColumnChart({
  title,
  series,
  data,
  formatValue,
  formatTick,
  height = 240,
  emptyText,
  projectedLabel,
  integerValues = false,
  noteLabel,
  'data-testid': testId,
}: StackedColumnChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const numbers = useNumberFormats();
  const showValue = formatValue ?? numbers.decimal;
  const showTick = formatTick ?? numbers.compact;
  const [containerRef, measuredWidth] = useElementWidth();
  // Until the container's width is known the skeleton holds the chart's place.
  const width = measuredWidth ?? FALLBACK_CHART_WIDTH;
  const [active, setActive] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);
  const hintId = useId();

  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.warning.main,
    theme.palette.error.main,
  ];
  const colours = series.map((one, index) => one.color ?? palette[index % palette.length]);
  const totals = useMemo(
    () => data.map((datum) => datum.values.reduce((sum, value) => sum + Math.max(0, value), 0)),
    [data],
  );
  const ticks = useMemo(
    () => niceTicks(Math.max(0, ...totals), height < 200 ? 3 : 4, integerValues ? 1 : 0),
    [totals, height, integerValues],
  );
  const top = ticks[ticks.length - 1] ?? 1;
  const left =
    margin.left +
    Math.max(...ticks.map((tick) => estimateLabelWidth(showTick(tick), axisFontSize)));
  const plotWidth = Math.max(10, width - left - margin.right);
  const plotHeight = Math.max(10, height - margin.top - margin.bottom);
  const y = linearScale([0, top], [margin.top + plotHeight, margin.top]);
  const axisLabels = placeAxisLabels(
    data.map((datum) => datum.label),
    { left, width: plotWidth },
    width,
    axisFontSize,
  );
  const grid = theme.palette.divider;
  const axisText = theme.palette.text.secondary;

  if (data.length === 0) {
    return <ChartEmpty text={emptyText ?? t('usage.chart.empty')} data-testid={testId} />;
  }

  const first = data[0];
  const last = data[data.length - 1];
  const peakIndex = totals.indexOf(Math.max(...totals));
  const summary = t('usage.chart.summary', {
    title,
    periods: data.length,
    first: first?.detail ?? first?.label ?? '',
    last: last?.detail ?? last?.label ?? '',
    total: showValue(totals.reduce((sum, value) => sum + value, 0)),
    max: showValue(totals[peakIndex] ?? 0),
    maxLabel: data[peakIndex]?.detail ?? data[peakIndex]?.label ?? '',
  });

  const indexAt = (clientX: number, svg: SVGSVGElement) => {
    const box = svg.getBoundingClientRect();
    const scaleX = box.width > 0 ? width / box.width : 1;
    const x = (clientX - box.left) * scaleX - left;
    const index = Math.floor((x / plotWidth) * data.length);
    return Math.min(data.length - 1, Math.max(0, index));
  };
  const onPointer = (event: PointerEvent<SVGSVGElement>) =>
    setActive(indexAt(event.clientX, event.currentTarget));
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = active ?? data.length - 1;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? current - 1
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? current + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? data.length - 1
              : null;
    if (next === null) {
      if (event.key === 'Escape') setActive(null);
      return;
    }
    event.preventDefault();
    setActive(Math.min(data.length - 1, Math.max(0, next)));
  };

  const activeDatum = active === null ? undefined : data[active];
  const tooltipLines = (datum: ColumnDatum, index: number) => [
    datum.detail ?? datum.label,
    ...(series.length > 1
      ? series.map(
          (one, seriesIndex) => `${one.label}: ${showValue(datum.values[seriesIndex] ?? 0)}`,
        )
      : [showValue(datum.values[0] ?? 0)]),
    ...(series.length > 1 ? [`${t('usage.chart.total')}: ${showValue(totals[index] ?? 0)}`] : []),
    ...(datum.note === undefined
      ? []
      : [noteLabel === undefined ? datum.note : `${noteLabel}: ${datum.note}`]),
    ...(datum.projected === true ? [projectedLabel ?? t('usage.chart.projected')] : []),
  ];

  return (
    <Box data-testid={testId} sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 0.5 }}>
        {series.length > 1 && <SeriesLegend series={series} colours={colours} />}
        <Button
          size="small"
          onClick={() => setAsTable((value) => !value)}
          aria-pressed={asTable}
          sx={{ ml: 'auto' }}
          data-testid="chart-table-toggle"
        >
          {asTable ? t('usage.chart.showChart') : t('usage.chart.showTable')}
        </Button>
      </Box>
      {asTable ? (
        <Suspense fallback={null}>
          <ChartDataTable
            title={title}
            series={series}
            data={data}
            totals={totals}
            formatValue={showValue}
            projectedLabel={projectedLabel ?? t('usage.chart.projected')}
            noteLabel={noteLabel}
          />
        </Suspense>
      ) : (
        <Box
          ref={containerRef}
          sx={{
            position: 'relative',
            width: '100%',
            '& svg:focus': { outline: 'none' },
            '& svg:focus-visible': {
              outline: `2px solid ${theme.palette.primary.main}`,
              outlineOffset: 2,
              borderRadius: 1,
            },
          }}
        >
          {measuredWidth === null ? (
            <Skeleton variant="rounded" height={height} />
          ) : (
            <svg
              role="img"
              aria-label={summary}
              aria-describedby={hintId}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read bucket by bucket with the arrow keys
              tabIndex={0}
              width={width}
              height={height}
              viewBox={`0 0 ${width} ${height}`}
              onPointerMove={onPointer}
              onPointerDown={onPointer}
              onPointerLeave={(event) => {
                if (event.pointerType === 'mouse') setActive(null);
              }}
              onFocus={() => setActive((value) => value ?? data.length - 1)}
              onBlur={() => setActive(null)}
              onKeyDown={onKeyDown}
              style={{ display: 'block', maxWidth: '100%', touchAction: 'pan-y' }}
              data-testid="chart-svg"
            >
              <g aria-hidden>
                {ticks.map((tick) => (
                  <g key={tick}>
                    <line
                      x1={left}
                      x2={left + plotWidth}
                      y1={y(tick)}
                      y2={y(tick)}
                      stroke={grid}
                      strokeDasharray={tick === 0 ? undefined : '3 3'}
                    />
                    <text
                      x={left - 6}
                      y={y(tick)}
                      dy="0.32em"
                      textAnchor="end"
                      fontSize={axisFontSize}
                      fill={axisText}
                    >
                      {showTick(tick)}
                    </text>
                  </g>
                ))}
                {data.map((datum, index) => {
                  const band = bandOf(index, data.length, plotWidth);
                  let stackTop = 0;
                  return (
                    <g
                      key={datum.key}
                      data-testid="chart-column"
                      data-value={totals[index]}
                      data-projected={datum.projected === true ? 'true' : undefined}
                    >
                      {index === active && (
                        <rect
                          x={left + index * (plotWidth / data.length)}
                          width={plotWidth / data.length}
                          y={margin.top}
                          height={plotHeight}
                          fill={alpha(theme.palette.text.primary, 0.06)}
                        />
                      )}
                      {datum.values.map((value, seriesIndex) => {
                        const base = stackTop;
                        stackTop += Math.max(0, value);
                        const colour = colours[seriesIndex] ?? palette[0];
                        return (
                          <rect
                            // biome-ignore lint/suspicious/noArrayIndexKey: a series' place is its identity
                            key={seriesIndex}
                            x={left + band.x}
                            width={band.width}
                            y={y(stackTop)}
                            height={Math.max(0, y(base) - y(stackTop))}
                            rx={
                              seriesIndex === datum.values.length - 1
                                ? Math.min(3, band.width / 4)
                                : 0
                            }
                            fill={datum.projected === true ? alpha(colour ?? '', 0.35) : colour}
                            stroke={datum.projected === true ? colour : undefined}
                            strokeDasharray={datum.projected === true ? '3 2' : undefined}
                          />
                        );
                      })}
                      {axisLabels.has(index) && (
                        <text
                          x={axisLabels.get(index)?.x}
                          y={height - 8}
                          textAnchor={axisLabels.get(index)?.anchor}
                          fontSize={axisFontSize}
                          fill={axisText}
                        >
                          {datum.label}
                        </text>
                      )}
                    </g>
                  );
                })}
              </g>
            </svg>
          )}
          <Box id={hintId} sx={visuallyHidden}>
            {t('usage.chart.keyboardHint')}
          </Box>
          <Box aria-live="polite" sx={visuallyHidden}>
            {active !== null && activeDatum !== undefined
              ? tooltipLines(activeDatum, active).join(', ')
              : ''}
          </Box>
          {active !== null && activeDatum !== undefined && (
            <ColumnTooltip
              lines={tooltipLines(activeDatum, active)}
              x={left + bandOf(active, data.length, plotWidth).center}
              y={margin.top}
              width={width}
            />
          )}
        </Box>
      )}
    </Box>
  );
}

/** The series' names beside their colours (the chart's summary and table say the same in words). */
function SeriesLegend({
  series,
  colours,
}: {
  series: StackedColumnChartProps['series'];
  colours: (string | undefined)[];
}) {
  return (
    <Box
      component="ul"
      aria-hidden
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', m: 0, p: 0 }}
    >
      {series.map((one, index) => (
        <Box
          component="li"
          key={one.key}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}
        >
          <Box
            component="span"
            sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: colours[index] }}
          />
          {one.label}
        </Box>
      ))}
    </Box>
  );
}

function ColumnTooltip({
  lines,
  x,
  y,
  width,
}: {
  lines: readonly string[];
  x: number;
  y: number;
  width: number;
}) {
  // Kept inside the chart: anchored left of the bucket near the right edge, right of it otherwise.
  const onRight = x < width / 2;
  return (
    <Paper
      elevation={4}
      aria-hidden
      data-testid="chart-tooltip"
      sx={{
        position: 'absolute',
        pointerEvents: 'none',
        top: y,
        left: onRight ? x + 10 : undefined,
        right: onRight ? undefined : width - x + 10,
        px: 1.25,
        py: 0.75,
        maxWidth: 240,
        zIndex: 1,
      }}
    >
      {lines.map((line, index) => (
        <Typography
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of lines
          key={index}
          variant={index === 0 ? 'caption' : 'body2'}
          component="div"
          sx={index === 0 ? { color: 'text.secondary' } : { fontWeight: index === 1 ? 600 : 400 }}
        >
          {line}
        </Typography>
      ))}
    </Paper>
  );
}

export type ColumnChartDatum = Omit<ColumnDatum, 'values'> & { value: number };

export type ColumnChartProps = Omit<StackedColumnChartProps, 'series' | 'data'> & {
  data: readonly ColumnChartDatum[];
  /** The measured quantity, e.g. "Gallons" (table header). */
  valueLabel: string;
  color?: string;
};

/** One value per bucket. */
export function ColumnChart({ data, valueLabel, color, ...props }: ColumnChartProps) {
  const series = useMemo(() => [{ key: 'value', label: valueLabel, color }], [valueLabel, color]);
  const stacked = useMemo(
    () => data.map(({ value, ...datum }) => ({ ...datum, values: [value] })),
    [data],
  );
  return <StackedColumnChart {...props} series={series} data={stacked} />;
}
