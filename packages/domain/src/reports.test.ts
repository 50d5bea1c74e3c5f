import { describe, expect, it } from 'vitest';
import { Granularity } from './granularity.ts';
import {
  addDays,
  changePercent,
  daysBetween,
  monthEnd,
  overviewLastDay,
  rangeReads,
  reportDefinitions,
  reportPeriods,
  reportTotals,
  reportTypeOf,
  sharePercent,
  statisticsDays,
  statisticsFigures,
  statisticsPlan,
  unitCategoryName,
  unitStatus,
  useSourceLabels,
  waterCost,
} from './reports.ts';

describe('statistics days', () => {
  it('compares this month’s whole days with as many days of last month, and averages 30 complete days', () => {
    expect(statisticsDays('2026-11-22')).toEqual({
      today: '2026-11-22',
      monthStart: '2026-11-01',
      lastMonthStart: '2026-10-01',
      lastMonthEnd: '2026-10-31',
      comparedDays: 21,
      comparedTo: '2026-11-21',
      lastMonthSameEnd: '2026-10-21',
      averageFrom: '2026-10-23',
      averageTo: '2026-11-21',
      earliest: '2026-10-01',
    });
  });

  it('compares nothing on the 1st: no whole day of this month has passed', () => {
    const first = statisticsDays('2026-12-01');
    expect(first.comparedDays).toBe(0);
    expect(first.comparedTo).toBeNull();
    // An empty span: last month's "same days" hold no day at all.
    expect(first.lastMonthSameEnd < first.lastMonthStart).toBe(true);
    expect(statisticsDays('2026-12-02')).toMatchObject({
      comparedDays: 1,
      comparedTo: '2026-12-01',
      lastMonthSameEnd: '2026-11-01',
    });
  });

  it('compares no more days than a shorter last month has, on both sides, and reads back far enough in March', () => {
    const march = statisticsDays('2026-03-31');
    expect(march).toMatchObject({
      comparedDays: 28,
      comparedTo: '2026-03-28',
      lastMonthSameEnd: '2026-02-28',
    });
    expect(statisticsDays('2028-03-30')).toMatchObject({
      comparedDays: 29,
      comparedTo: '2028-03-29',
      lastMonthSameEnd: '2028-02-29',
    });
    expect(statisticsDays('2026-05-31')).toMatchObject({
      comparedDays: 30,
      comparedTo: '2026-05-30',
      lastMonthSameEnd: '2026-04-30',
    });
    // 30 days before 1 March reaches into January.
    const first = statisticsDays('2026-03-01');
    expect(first.averageFrom).toBe('2026-01-30');
    expect(first.earliest).toBe('2026-01-30');
    expect(statisticsDays('2026-01-15').lastMonthStart).toBe('2025-12-01');
  });
});

describe('change percent', () => {
  it('answers one decimal, negative when less, null when nothing to compare with', () => {
    expect(changePercent(7000, 6800)).toBe(2.9);
    expect(changePercent(50, 200)).toBe(-75);
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });
});

describe('unit status', () => {
  const base = { sensors: 3, sensorsTransmitting: 3, openAlerts: 0, openLeaks: 0 };
  it('takes the first that holds: no sensors, leak, attention, silent, ok', () => {
    expect(
      unitStatus({ ...base, sensors: 0, sensorsTransmitting: 0, openAlerts: 1, openLeaks: 1 }),
    ).toBe('no-sensors');
    expect(unitStatus({ ...base, openAlerts: 2, openLeaks: 1, sensorsTransmitting: 0 })).toBe(
      'leak',
    );
    expect(unitStatus({ ...base, openAlerts: 1, sensorsTransmitting: 0 })).toBe('attention');
    expect(unitStatus({ ...base, sensorsTransmitting: 0 })).toBe('silent');
    expect(unitStatus(base)).toBe('ok');
  });
});

describe('report periods', () => {
  it('lists every period touching the range, oldest first', () => {
    const range = { from: '2026-10-30', to: '2026-11-03' };
    expect(reportPeriods(range, Granularity.Daily).map((p) => p.label)).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
    ]);
    expect(reportPeriods(range, Granularity.Weekly)).toEqual([
      { start: '2026-10-26', label: '2026-W44' },
      { start: '2026-11-02', label: '2026-W45' },
    ]);
    expect(reportPeriods({ from: '2026-01-31', to: '2026-03-01' }, Granularity.Monthly)).toEqual([
      { start: '2026-01-01', label: '2026-01' },
      { start: '2026-02-01', label: '2026-02' },
      { start: '2026-03-01', label: '2026-03' },
    ]);
  });
});

describe('report definitions', () => {
  it('knows the five report types and nothing else', () => {
    expect(reportTypeOf('1')).toBe(1);
    expect(reportTypeOf('5')).toBe(5);
    for (const param of ['0', '6', 'abc', '1.5', '-1', ''])
      expect(reportTypeOf(param)).toBeUndefined();
    expect(reportDefinitions[1].fileName).toBe('usage-by-unit');
    expect(reportDefinitions[5].columns.map((c) => c.key)).toEqual([
      'property_name',
      'gallons',
      'source',
      'water_price',
      'cost',
      'open_leaks_monthly_cost',
    ]);
  });

  it('ends the overview on the latest local day a property has begun, not on a UTC date', () => {
    // 03:00 UTC on 26 Nov: New York and Los Angeles are still on the 25th.
    const at = new Date('2026-11-26T03:00:00Z');
    expect(overviewLastDay(['America/New_York', 'America/Los_Angeles'], at)).toBe('2026-11-25');
    // A property in Kolkata has begun the 26th (08:30 there).
    expect(overviewLastDay(['America/New_York', 'Asia/Kolkata'], at)).toBe('2026-11-26');
    // No property: the UTC date.
    expect(overviewLastDay([], at)).toBe('2026-11-26');
  });

  it('labels the water-accounting figures of the reports', () => {
    // Shares of building use in percent with one decimal: 200 of 2,000 gal unaccounted is 10 %.
    expect(sharePercent(200, 2000)).toBe(10);
    expect(sharePercent(1, 3)).toBe(33.3);
    expect(sharePercent(5, 0)).toBe(0);
    expect(unitCategoryName(1)).toBe('Internal units');
    expect(unitCategoryName(4)).toBe('Building services');
    expect(useSourceLabels['fixture-meters-only']).toBe('Fixture meters only');
    expect(reportDefinitions[1].columns.map((c) => c.key)).toContain('unit_category');
  });

  it('sums the totals columns, money to cents and gallons to thousandths', () => {
    const totals = reportTotals(reportDefinitions[1], [
      { gallons: 1.0005, cost: 0.105 },
      { gallons: 2.0004, cost: 0.2 },
      { gallons: null, cost: null },
    ]);
    expect(totals).toEqual({ gallons: 3.001, cost: 0.31 });
    expect(waterCost(1500, 12.5)).toBe(18.75);
  });
});

describe('statistics plan', () => {
  it('adds up to the same figures as reading every day, on every day of two years', () => {
    // Made-up daily usage from September 2025 to the end of 2027 (whole numbers, like mgal).
    const usage = new Map<string, number>();
    let day = '2025-09-01';
    let seed = 7;
    while (day <= '2027-12-31') {
      seed = (seed * 48_271) % 2_147_483_647;
      usage.set(day, seed % 10_000);
      day = addDays(day, 1);
    }
    const sum = (from: string, to: string) => {
      let total = 0;
      for (let d = from; d <= to; d = addDays(d, 1)) total += usage.get(d) ?? 0;
      return total;
    };
    const month = (start: string) => sum(start, monthEnd(start));
    for (let today = '2026-01-01'; today <= '2027-12-31'; today = addDays(today, 1)) {
      const plan = statisticsPlan(today);
      const days = plan.days;
      const windowSum = (w: keyof typeof plan.windows) => {
        const range = plan.windows[w];
        if (!range) return 0;
        // Every window lies inside a scanned range.
        expect(
          plan.scan.some((s) => s.from <= range.from && range.to <= s.to),
          `${today} ${w}`,
        ).toBe(true);
        return sum(range.from, range.to);
      };
      const figures = statisticsFigures(plan, {
        thisMonth: month(plan.months.thisMonth),
        lastMonth: month(plan.months.lastMonth),
        today: windowSum('today'),
        later: windowSum('later'),
        beyond: windowSum('beyond'),
        same: windowSum('same'),
        lastPart: windowSum('lastPart'),
        before: windowSum('before'),
      });
      expect(figures, today).toEqual({
        today: sum(today, today),
        thisMonth: sum(days.monthStart, today),
        compared: days.comparedTo === null ? 0 : sum(days.monthStart, days.comparedTo),
        lastMonth: sum(days.lastMonthStart, days.lastMonthEnd),
        lastMonthSame: sum(days.lastMonthStart, days.lastMonthSameEnd),
        averageSum: sum(days.averageFrom, days.averageTo),
      });
      // Like for like: as many days on each side, none of them today.
      expect(daysBetween(days.lastMonthStart, days.lastMonthSameEnd) + 1, today).toBe(
        days.comparedDays,
      );
      expect(days.comparedTo === null || days.comparedTo < today, today).toBe(true);
      // Day by day it reads today to the month's end and at most 17 days around last month.
      const boundary = plan.scan[1];
      if (boundary)
        expect(daysBetween(boundary.from, boundary.to) + 1, today).toBeLessThanOrEqual(17);
    }
  });
});

describe('range reads', () => {
  it('sums any range from whole months and a few days, exactly as day by day', () => {
    const usage = new Map<string, number>();
    let seed = 11;
    for (let day = '2025-01-01'; day <= '2027-12-31'; day = addDays(day, 1)) {
      seed = (seed * 48_271) % 2_147_483_647;
      usage.set(day, seed % 1000);
    }
    const sum = (from: string, to: string) => {
      let total = 0;
      for (let d = from; d <= to; d = addDays(d, 1)) total += usage.get(d) ?? 0;
      return total;
    };
    for (let i = 0; i < 400; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const from = addDays('2025-02-01', seed % 700);
      seed = (seed * 48_271) % 2_147_483_647;
      const to = addDays(from, seed % 366);
      const reads = rangeReads({ from, to });
      const total =
        reads.months.reduce((t, m) => t + sum(m, monthEnd(m)), 0) +
        reads.add.reduce((t, r) => t + sum(r.from, r.to), 0) -
        reads.subtract.reduce((t, r) => t + sum(r.from, r.to), 0);
      expect(total, `${from}..${to}`).toBe(sum(from, to));
      // Never more than about half a month read day by day at each end.
      const daily = [...reads.add, ...reads.subtract].reduce(
        (t, r) => t + daysBetween(r.from, r.to) + 1,
        0,
      );
      expect(daily, `${from}..${to}`).toBeLessThanOrEqual(32);
    }
    expect(rangeReads({ from: '2026-11-01', to: '2026-11-22' })).toEqual({
      months: ['2026-11-01'],
      add: [],
      subtract: [{ from: '2026-11-23', to: '2026-11-30' }],
    });
    expect(rangeReads({ from: '2026-11-20', to: '2026-11-22' })).toEqual({
      months: [],
      add: [{ from: '2026-11-20', to: '2026-11-22' }],
      subtract: [],
    });
  });
});
