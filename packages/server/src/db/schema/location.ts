// Countries, states, cities and IANA time zones, loaded from a maintained dataset package.
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    iso2: text('iso2').notNull(),
    name: text('name').notNull(),
    phoneCode: text('phone_code'),
  },
  (t) => [uniqueIndex('countries_iso2_key').on(t.iso2), index('countries_name_idx').on(t.name)],
);

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('states_country_code_key').on(t.countryId, t.code),
    index('states_name_idx').on(t.name),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    uniqueIndex('cities_state_name_key').on(t.stateId, t.name),
    index('cities_name_idx').on(t.name),
  ],
);

export const timezones = pgTable(
  'timezones',
  {
    id: serial('id').primaryKey(),
    /** IANA name, e.g. America/New_York. */
    name: text('name').notNull(),
    abbreviation: text('abbreviation'),
    gmtOffsetSeconds: integer('gmt_offset_seconds').notNull(),
  },
  (t) => [uniqueIndex('timezones_name_key').on(t.name)],
);

export const countryTimezones = pgTable(
  'country_timezones',
  {
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    timezoneId: integer('timezone_id')
      .notNull()
      .references(() => timezones.id),
  },
  (t) => [
    primaryKey({ columns: [t.countryId, t.timezoneId] }),
    index('country_timezones_timezone_idx').on(t.timezoneId),
  ],
);
