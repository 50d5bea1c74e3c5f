// Chart granularities (spec sections 3 and 9): the id the API takes, the label format and how far
// back each window reaches.

export const Granularity = { Monthly: 1, Weekly: 2, Daily: 3, Hourly: 4 } as const;
export type GranularityId = (typeof Granularity)[keyof typeof Granularity];

export type GranularityRow = {
  readonly id: GranularityId;
  readonly name: string;
  /** Label format of one bucket. */
  readonly format: 'year-month' | 'year-week' | 'year-month-day' | 'year-month-day hour';
  /** How many buckets the chart window reaches back, counting the current one. */
  readonly bucketsBack: number;
  readonly bucket: 'month' | 'week' | 'day' | 'hour';
};

export const granularities = [
  {
    id: Granularity.Monthly,
    name: 'Monthly',
    format: 'year-month',
    bucketsBack: 12,
    bucket: 'month',
  },
  { id: Granularity.Weekly, name: 'Weekly', format: 'year-week', bucketsBack: 12, bucket: 'week' },
  {
    id: Granularity.Daily,
    name: 'Daily',
    format: 'year-month-day',
    bucketsBack: 12,
    bucket: 'day',
  },
  {
    id: Granularity.Hourly,
    name: 'Hourly',
    format: 'year-month-day hour',
    bucketsBack: 24,
    bucket: 'hour',
  },
] as const satisfies readonly GranularityRow[];

/** One day in milliseconds (spec section 9). */
export const DAY_MS = 86_400_000;
