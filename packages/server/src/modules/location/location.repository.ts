// Queries of the location tables. Rows leave here in the API's snake_case shape.
import { asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  cities,
  countries,
  countryTimezones,
  states,
  timezones,
} from '../../db/schema/location.ts';
import type { ListQuery } from '../../lib/list-query.ts';

const countryColumns = {
  id: countries.id,
  iso2: countries.iso2,
  name: countries.name,
  phone_code: countries.phoneCode,
};
const stateColumns = {
  id: states.id,
  country_id: states.countryId,
  code: states.code,
  name: states.name,
};
const cityColumns = {
  id: cities.id,
  state_id: cities.stateId,
  name: cities.name,
  latitude: cities.latitude,
  longitude: cities.longitude,
};
const timezoneColumns = {
  id: timezones.id,
  name: timezones.name,
  abbreviation: timezones.abbreviation,
  gmt_offset_seconds: timezones.gmtOffsetSeconds,
};

export function createLocationRepository(db: Database) {
  return {
    countries: (where?: SQL) =>
      db.select(countryColumns).from(countries).where(where).orderBy(asc(countries.name)),
    states: (where?: SQL) =>
      db.select(stateColumns).from(states).where(where).orderBy(asc(states.name)),
    cities: (where?: SQL) =>
      db.select(cityColumns).from(cities).where(where).orderBy(asc(cities.name), asc(cities.id)),
    async pageOfCities(query: ListQuery) {
      const [rows, [total]] = await Promise.all([
        db
          .select(cityColumns)
          .from(cities)
          .innerJoin(states, eq(states.id, cities.stateId))
          .where(query.where)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ total: count() })
          .from(cities)
          .innerJoin(states, eq(states.id, cities.stateId))
          .where(query.where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    /** Cities after `afterId` by id with their state and country names (the CSV export). */
    citiesAfter: (afterId: number | undefined, limit: number) =>
      db
        .select({
          id: cities.id,
          name: cities.name,
          state_name: states.name,
          country_name: countries.name,
          latitude: cities.latitude,
          longitude: cities.longitude,
        })
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .innerJoin(countries, eq(countries.id, states.countryId))
        .where(afterId === undefined ? undefined : gt(cities.id, afterId))
        .orderBy(asc(cities.id))
        .limit(limit),
    timezones: (where?: SQL) =>
      db.select(timezoneColumns).from(timezones).where(where).orderBy(asc(timezones.name)),
    timezonesOfCountry: (countryId: number) =>
      db
        .select(timezoneColumns)
        .from(timezones)
        .innerJoin(countryTimezones, eq(countryTimezones.timezoneId, timezones.id))
        .where(eq(countryTimezones.countryId, countryId))
        .orderBy(asc(timezones.name)),
  };
}
