// "vs the same days last month", read at chosen instants in New York (the figures' clock stands
// still; the readings are put through the ingest service). A comparison takes this month's whole
// local days — the 1st to yesterday, never today's running hours — against as many days from the
// 1st of last month, so a partial day is never set against a whole one and painted as a saving.
//
//   Ledger Co / Court ($10 per 1,000 gal) / Alder / unit 1A, one reading per fixture:
//     1 Oct 11:00  400 gal    14 Oct 11:00  100 gal    15 Oct 13:00  50 gal
//     1 Nov 09:00  300 gal    14 Nov 11:00  100 gal    15 Nov 10:00  80 gal
//
//   15 Nov, noon (EST):  compared 1–14 Nov = 400 against 1–14 Oct = 500 → −20 %. Today's 80 gal
//                        count in "this month" (480) but not in the comparison; the old rule set
//                        1–15 Nov (480) against 1–15 Oct (550).
//   1 Nov, 00:30 (EDT):  no whole day yet → nothing compared (the old rule: 1 Nov so far, 0 gal,
//                        against all of 1 Oct, 400 gal → −100 %, in green).
//   1 Nov, 23:30 (EST, the day the clocks go back; already 2 Nov in UTC): still the 1st → nothing.
//   2 Nov, 00:30 (EST):  1 Nov = 300 against 1 Oct = 400 → −25 %.
import { ApplianceType, UnitCategory } from '@flowsight/domain/lookups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { handBuiltCompany, installMeteredSensors } from '../../testing/hand-built-company.ts';

const NEW_YORK = 'America/New_York';
const readings: [mac: string, fixture: number, at: string, gallons: number][] = [
  ['AC0C000000000001', ApplianceType.MainToilet, '2026-10-01T15:00:00Z', 400],
  ['AC0C000000000002', ApplianceType.MainShower, '2026-10-14T15:00:00Z', 100],
  ['AC0C000000000003', ApplianceType.KitchenCold, '2026-10-15T17:00:00Z', 50],
  ['AC0C000000000004', ApplianceType.KitchenHot, '2026-11-01T13:00:00Z', 300],
  ['AC0C000000000005', ApplianceType.MainBathroomCold, '2026-11-14T16:00:00Z', 100],
  ['AC0C000000000006', ApplianceType.MainBathroomHot, '2026-11-15T15:00:00Z', 80],
];

describe('comparisons with last month, like for like', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let at = new Date('2026-11-15T17:00:00Z');
  const ids = { company: 0, court: 0, alder: 0, unit: 0 };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, figuresClock: () => at });
    const ledger = await handBuiltCompany(t, NEW_YORK);
    ids.company = ledger.company;
    ids.court = await ledger.property('Court', 10);
    ids.alder = await ledger.building(ids.court, 'Alder');
    ids.unit = await ledger.unit(ids.alder, '1A', UnitCategory.Internal);
    for (const [mac, fixture, instant, gallons] of readings) {
      await installMeteredSensors(t, { '1A': ids.unit }, [[mac, '1A', fixture, gallons, 0]], {
        today: new Date(instant),
        lastMonth: new Date(instant),
        intervalS: 60,
        flowTimeS: 50,
      });
    }
    admin = await t.as('admin@flowsight.test');
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await admin(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The comparison as each place answers it: statistics (call 7) and the list rows. */
  async function comparisons() {
    const unitStatistics = await get(`/api/units/${ids.unit}/statistics`);
    const companyStatistics = await get(`/api/companies/${ids.company}/statistics`);
    const [unitRow] = (await get(`/api/buildings/${ids.alder}/units`)).data;
    const [propertyRow] = (await get(`/api/companies/${ids.company}/properties`)).data;
    const [buildingRow] = (await get(`/api/properties/${ids.court}/buildings`)).data;
    return { unitStatistics, companyStatistics, unitRow, propertyRow, buildingRow };
  }

  it('on the 15th at noon compares the 1st–14th with the 1st–14th, leaving today out', async () => {
    at = new Date('2026-11-15T17:00:00Z');
    const { unitStatistics, companyStatistics, unitRow, propertyRow, buildingRow } =
      await comparisons();
    for (const statistics of [unitStatistics, companyStatistics]) {
      expect(statistics).toMatchObject({
        today_gallons: 80,
        this_month_gallons: 480,
        compared_days: 14,
        compared_to: '2026-11-14',
        compared_gallons: 400,
        last_month_same_period_gallons: 500,
        last_month_gallons: 550,
        change_percent: -20,
      });
    }
    for (const row of [unitRow, propertyRow, buildingRow]) {
      expect(row).toMatchObject({
        month_gallons: 480,
        compared_gallons: 400,
        last_month_same_gallons: 500,
        month_change_percent: -20,
      });
    }
  });

  it('at 00:30 on the 1st compares nothing: no whole day has passed', async () => {
    at = new Date('2026-11-01T04:30:00Z');
    const { unitStatistics, companyStatistics, unitRow, propertyRow } = await comparisons();
    for (const statistics of [unitStatistics, companyStatistics]) {
      expect(statistics).toMatchObject({
        compared_days: 0,
        compared_to: null,
        compared_gallons: 0,
        last_month_same_period_gallons: 0,
        change_percent: null,
      });
    }
    for (const row of [unitRow, propertyRow]) {
      expect(row).toMatchObject({
        compared_gallons: 0,
        last_month_same_gallons: 0,
        month_change_percent: null,
      });
    }
  });

  it('reads the days in the place’s own time zone across the change from summer time', async () => {
    // 23:30 on 1 Nov in New York, the day the clocks went back; 04:30 on 2 Nov in UTC.
    at = new Date('2026-11-02T04:30:00Z');
    const first = await comparisons();
    expect(first.unitStatistics).toMatchObject({ compared_days: 0, change_percent: null });
    expect(first.propertyRow.month_change_percent).toBeNull();

    // An hour later it is the 2nd there too: the 1st, whole, against 1 October.
    at = new Date('2026-11-02T05:30:00Z');
    const second = await comparisons();
    for (const statistics of [second.unitStatistics, second.companyStatistics]) {
      expect(statistics).toMatchObject({
        compared_days: 1,
        compared_to: '2026-11-01',
        compared_gallons: 300,
        last_month_same_period_gallons: 400,
        change_percent: -25,
      });
    }
    expect(second.unitRow).toMatchObject({ compared_gallons: 300, month_change_percent: -25 });
    expect(second.propertyRow).toMatchObject({ compared_gallons: 300, month_change_percent: -25 });
  });
});
