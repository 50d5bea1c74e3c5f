import { describe, expect, it } from 'vitest';
import {
  bandOf,
  estimateLabelWidth,
  linearScale,
  niceStep,
  niceTicks,
  placeAxisLabels,
  visibleLabelIndexes,
} from './scale';

describe('niceStep', () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.3, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [130, 200],
    [0.03, 0.05],
  ])('rounds %s up to %s', (rough, step) => {
    expect(niceStep(rough)).toBe(step);
  });
});

describe('niceTicks', () => {
  it('runs from 0 to a round number at or above the maximum', () => {
    expect(niceTicks(87, 4)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(1234, 4)).toEqual([0, 500, 1000, 1500]);
  });

  it('stops exactly at a maximum that is already round', () => {
    expect(niceTicks(100, 4)).toEqual([0, 25, 50, 75, 100]);
  });

  it('keeps decimal steps free of float drift', () => {
    expect(niceTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('keeps whole-number steps for counts', () => {
    expect(niceTicks(2, 4, 1)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 4, 1)).toEqual([0, 1]);
  });

  it('gives one step for an all-zero or invalid series', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
    expect(niceTicks(-5)).toEqual([0, 1]);
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, inverted for a y axis', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(50)).toBe(100);
    expect(y(100)).toBe(0);
  });

  it('maps everything to the range start when the domain is empty', () => {
    expect(linearScale([5, 5], [10, 20])(5)).toBe(10);
  });
});

describe('visibleLabelIndexes', () => {
  it('labels every bucket when they fit', () => {
    expect([...visibleLabelIndexes(12, 1200, 50)].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('thins labels on a narrow chart, always keeping the newest bucket', () => {
    const shown = visibleLabelIndexes(24, 300, 50);
    expect(shown.has(23)).toBe(true);
    expect(shown.size).toBeLessThanOrEqual(6);
    expect([...shown].sort((a, b) => a - b)).toEqual([3, 7, 11, 15, 19, 23]);
  });

  it('labels nothing for no buckets', () => {
    expect(visibleLabelIndexes(0, 300, 50).size).toBe(0);
  });
});

describe('placeAxisLabels', () => {
  const days = Array.from({ length: 30 }, (_, i) => `Nov ${i + 1}`);
  /** The placed labels' [start, end] in pixels, left to right. */
  const extents = (labels: readonly string[], placed: ReturnType<typeof placeAxisLabels>) =>
    [...placed]
      .map(([index, { x, anchor }]) => {
        const width = estimateLabelWidth(labels[index] ?? '', 11);
        return anchor === 'end' ? [x - width, x] : [x - width / 2, x + width / 2];
      })
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));

  it('keeps the newest label inside a phone-wide chart without running into the one before', () => {
    const placed = placeAxisLabels(days, { left: 28, width: 262 }, 300, 11);
    expect(placed.get(29)).toEqual({ x: 298, anchor: 'end' });
    const spans = extents(days, placed);
    for (let i = 1; i < spans.length; i += 1) {
      expect(spans[i]?.[0], `label ${i} starts after label ${i - 1} ends`).toBeGreaterThanOrEqual(
        spans[i - 1]?.[1] ?? 0,
      );
    }
    expect(placed.size).toBeGreaterThanOrEqual(4);
  });

  it('centres every label where there is room', () => {
    const placed = placeAxisLabels(days.slice(0, 7), { left: 40, width: 1000 }, 1060, 11);
    expect(placed.size).toBe(7);
    expect([...placed.values()].every((label) => label.anchor === 'middle')).toBe(true);
    expect(placed.get(0)?.x).toBe(40 + bandOf(0, 7, 1000).center);
  });
});

describe('bandOf', () => {
  it('centres each bar in its share of the width', () => {
    expect(bandOf(0, 4, 400)).toEqual({ x: 12.5, width: 75, center: 50 });
    expect(bandOf(3, 4, 400).center).toBe(350);
  });
});
