// Where to act: the portfolio lists' figures from the repository's raw sums — this month's use
// against as many days of last month, its cost, the last reading, and the open leaks' cost.
import { incidentsMonthlyCost, leakFactsOf, leakIncidents } from '@flowsight/domain/leak-incidents';
import { changePercent, roundGallons } from '@flowsight/domain/reports';
import { waterCost } from '@flowsight/domain/water-cost';
import type { PlaceActivity, UnitActivity } from './portfolio.repository.ts';
import type { UnitListRow, UnitRow } from './portfolio.schemas.ts';

/** Rollups count thousandths of a gallon. */
const gallonsOf = (mgal: number) => roundGallons(mgal / 1000);
const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
/**
 * This month so far, and its whole days against as many days of last month (the statistics'
 * comparison, call 7; nothing compared on the 1st, when both sides are empty).
 */
function monthUse(row: { month_mgal: number; compared_mgal: number; last_mgal: number }) {
  const compared = gallonsOf(row.compared_mgal);
  const last = gallonsOf(row.last_mgal);
  return {
    month_gallons: gallonsOf(row.month_mgal),
    compared_gallons: compared,
    last_month_same_gallons: last,
    month_change_percent: changePercent(compared, last),
  };
}
export function unitListRow<Row extends UnitRow>(
  row: Row & UnitActivity,
): Omit<Row, keyof UnitActivity> & UnitListRow {
  const { month_mgal, compared_mgal, last_mgal, water_price, last_reading, open_alerts, ...rest } =
    row;
  const use = monthUse({ month_mgal, compared_mgal, last_mgal });
  return {
    ...rest,
    open_alerts,
    ...use,
    month_cost: waterCost(use.month_gallons, water_price),
    last_reading: isoOrNull(last_reading),
  };
}
export function placeListRow<Row>(row: Row & PlaceActivity) {
  const { month_mgal, compared_mgal, last_mgal, water_price: _price, leaks, ...rest } = row;
  return {
    ...rest,
    ...monthUse({ month_mgal, compared_mgal, last_mgal }),
    // Each gallon once: the open leaks' incidents, each at its property's price.
    open_leaks_monthly_cost: incidentsMonthlyCost(leakIncidents(leakFactsOf(leaks))),
  };
}
