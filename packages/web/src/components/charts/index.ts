// The hand-written SVG charts (no chart library: the dashboard's bundle stays small).
export { BarList, type BarListItem, type BarListProps } from './bar-list';
export {
  ChartCard,
  type ChartCardProps,
  ChartEmpty,
  ChartError,
  ChartLoading,
  visuallyHidden,
} from './chart-parts';
export {
  type ChartSeries,
  ColumnChart,
  type ColumnChartDatum,
  type ColumnChartProps,
  type ColumnDatum,
  StackedColumnChart,
  type StackedColumnChartProps,
} from './column-chart';
export {
  bandOf,
  estimateLabelWidth,
  linearScale,
  niceStep,
  niceTicks,
  visibleLabelIndexes,
} from './scale';
