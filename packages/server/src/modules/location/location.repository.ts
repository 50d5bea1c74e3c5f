// Queries of the location tables. Rows leave here in the API's snake_case shape.
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eqWhenGiven } from '../../db/queries/when-given.ts';
import {
  cities,
  countries,
  countryTimezones,
  states,
  timezones,
} from '../../db/schema/location.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';

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

/** `GET /cities`: sortable, filterable and searchable fields. */
export const cityListDefinition = defineList({
  sortable: sortColumns(cities, ['id', 'name', 'stateId']),
  filterable: {
    ...filterColumns(cities, ['id', 'name', 'stateId']),
    country_id: { column: states.countryId, type: 'number' },
  },
  searchable: [cities.name],
  defaultSort: [{ field: 'name', direction: 'ASC' }],
  tieBreaker: cities.id,
});

export function createLocationRepository(db: Database) {
  return {
    /** Every country, or the one with `id`. */
    countries: (id?: number) =>
      db
        .select(countryColumns)
        .from(countries)
        .where(eqWhenGiven(countries.id, id))
        .orderBy(asc(countries.name)),
    /** Every state, or the one with `id`, or those of a country. */
    states: (by: { id?: number; countryId?: number } = {}) =>
      db
        .select(stateColumns)
        .from(states)
        .where(and(eqWhenGiven(states.id, by.id), eqWhenGiven(states.countryId, by.countryId)))
        .orderBy(asc(states.name)),
    /** The city with `id`, or the cities of a state. */
    cities: (by: { id?: number; stateId?: number }) =>
      db
        .select(cityColumns)
        .from(cities)
        .where(and(eqWhenGiven(cities.id, by.id), eqWhenGiven(cities.stateId, by.stateId)))
        .orderBy(asc(cities.name), asc(cities.id)),
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
    /** Every time zone, or the one with `id`. */
    timezones: (id?: number) =>
      db
        .select(timezoneColumns)
        .from(timezones)
        .where(eqWhenGiven(timezones.id, id))
        .orderBy(asc(timezones.name)),
    timezonesOfCountry: (countryId: number) =>
      db
        .select(timezoneColumns)
        .from(timezones)
        .innerJoin(countryTimezones, eq(countryTimezones.timezoneId, timezones.id))
        .where(eq(countryTimezones.countryId, countryId))
        .orderBy(asc(timezones.name)),
  };
}
