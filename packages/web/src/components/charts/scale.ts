// Pure geometry of the hand-written charts: "nice" axis ticks, a linear scale and which category
// labels fit. Kept free of React so they can be tested on their own.

/**
 * The ticks of a value axis from 0 to a round number at or above `max` (at least one step);
 * `minStep` keeps counts on whole numbers (1).
 */
export function niceTicks(max: number, targetCount = 5, minStep = 0): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  if (top === 0) return [0, Math.max(1, minStep)];
  const step = Math.max(minStep, niceStep(top / Math.max(1, targetCount)));
  const count = Math.ceil(top / step - 1e-9);
  // Multiplying (not adding) keeps 0.1 + 0.2 style drift out of the labels.
  return Array.from({ length: count + 1 }, (_, index) => roundTo(index * step, step));
}

/** 1, 2, 2.5 or 5 times a power of ten: the smallest such step at or above `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

function roundTo(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Number(value.toFixed(decimals));
}

/** A linear map from [domainMin, domainMax] onto [rangeMin, rangeMax]. */
export function linearScale(
  [domainMin, domainMax]: readonly [number, number],
  [rangeMin, rangeMax]: readonly [number, number],
): (value: number) => number {
  const span = domainMax - domainMin;
  if (span === 0) return () => rangeMin;
  return (value) => rangeMin + ((value - domainMin) / span) * (rangeMax - rangeMin);
}

/**
 * Which of `count` category labels to draw when each needs `labelWidth` pixels of the
 * `availableWidth`: every n-th one, counted back from the last so the newest bucket is labelled.
 */
export function visibleLabelIndexes(
  count: number,
  availableWidth: number,
  labelWidth: number,
): Set<number> {
  const shown = new Set<number>();
  if (count <= 0) return shown;
  const fit = Math.max(1, Math.floor(availableWidth / Math.max(1, labelWidth)));
  const every = Math.max(1, Math.ceil(count / fit));
  for (let index = count - 1; index >= 0; index -= every) shown.add(index);
  return shown;
}

export type AxisLabel = { x: number; anchor: 'middle' | 'end' };

/**
 * Where each shown category label of an axis goes (by index): thinned to what the plot's width
 * holds, the newest always kept, each centred under its band. The newest ends at the chart's edge
 * when centring would cut it, and a label it would then run into is dropped.
 */
export function placeAxisLabels(
  labels: readonly string[],
  plot: { left: number; width: number },
  chartWidth: number,
  fontSize = 11,
): Map<number, AxisLabel> {
  const widthOf = (index: number) => estimateLabelWidth(labels[index] ?? '', fontSize);
  const widest = Math.max(0, ...labels.map((label) => estimateLabelWidth(label)));
  const placed = new Map<number, AxisLabel>();
  for (const index of visibleLabelIndexes(labels.length, plot.width, widest)) {
    const center = plot.left + bandOf(index, labels.length, plot.width).center;
    placed.set(
      index,
      center + widthOf(index) / 2 - 4 > chartWidth
        ? { x: chartWidth - 2, anchor: 'end' }
        : { x: center, anchor: 'middle' },
    );
  }
  const newest = labels.length - 1;
  const moved = placed.get(newest);
  if (moved?.anchor === 'end') {
    const start = moved.x - widthOf(newest);
    for (const [index, label] of placed) {
      if (index !== newest && label.x + widthOf(index) / 2 > start) placed.delete(index);
    }
  }
  return placed;
}

/** The pixels a label of `text` roughly needs at the axis font (about 0.6 em per character). */
export function estimateLabelWidth(text: string, fontSize = 11): number {
  return Math.ceil(text.length * fontSize * 0.6) + 8;
}

/** The band (position and width) of category `index` of `count` across `width` pixels. */
export function bandOf(
  index: number,
  count: number,
  width: number,
  paddingRatio = 0.25,
): { x: number; width: number; center: number } {
  const step = count > 0 ? width / count : width;
  const barWidth = Math.max(1, step * (1 - paddingRatio));
  const x = index * step + (step - barWidth) / 2;
  return { x, width: barWidth, center: index * step + step / 2 };
}
