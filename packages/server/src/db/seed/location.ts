// Loads countries, IANA time zones, and the states and cities of the countries we serve from the
// maintained `country-state-city` dataset. Runs after migrations; does nothing when the loaded
// dataset version is already the current one.
import { City, Country, State } from 'country-state-city';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { cities, countries, countryTimezones, states, timezones } from '../schema/location.ts';
import { systemState } from '../schema/operations.ts';

/** Countries whose states and cities are loaded (all countries and time zones always are). */
export const LOCATION_COUNTRIES_WITH_CITIES = ['US', 'CA'] as const;
const DATASET_VERSION = `country-state-city@3:${LOCATION_COUNTRIES_WITH_CITIES.join(',')}`;
const STATE_KEY = 'location_dataset';
const BATCH = 1000;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const coordinate = (value: string | null | undefined): number | null => {
  const parsed = value ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

export async function loadLocationDataset(db: Database): Promise<{ loaded: boolean }> {
  const [current] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, STATE_KEY));
  if (current?.value === DATASET_VERSION) return { loaded: false };

  await db.transaction(async (tx) => {
    const allCountries = Country.getAllCountries();
    for (const batch of chunks(allCountries, BATCH)) {
      await tx
        .insert(countries)
        .values(batch.map((c) => ({ iso2: c.isoCode, name: c.name, phoneCode: c.phonecode })))
        .onConflictDoUpdate({
          target: countries.iso2,
          set: { name: sql`excluded.name`, phoneCode: sql`excluded.phone_code` },
        });
    }
    const countryIds = new Map(
      (await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries)).map((c) => [
        c.iso2,
        c.id,
      ]),
    );

    const zones = new Map<string, { abbreviation: string; gmtOffsetSeconds: number }>();
    const links: { iso2: string; zone: string }[] = [];
    for (const country of allCountries) {
      for (const zone of country.timezones ?? []) {
        zones.set(zone.zoneName, {
          abbreviation: zone.abbreviation,
          gmtOffsetSeconds: zone.gmtOffset,
        });
        links.push({ iso2: country.isoCode, zone: zone.zoneName });
      }
    }
    for (const batch of chunks([...zones], BATCH)) {
      await tx
        .insert(timezones)
        .values(batch.map(([name, z]) => ({ name, ...z })))
        .onConflictDoUpdate({
          target: timezones.name,
          set: {
            abbreviation: sql`excluded.abbreviation`,
            gmtOffsetSeconds: sql`excluded.gmt_offset_seconds`,
          },
        });
    }
    const zoneIds = new Map(
      (await tx.select({ id: timezones.id, name: timezones.name }).from(timezones)).map((z) => [
        z.name,
        z.id,
      ]),
    );
    const linkRows = links.flatMap(({ iso2, zone }) => {
      const countryId = countryIds.get(iso2);
      const timezoneId = zoneIds.get(zone);
      return countryId && timezoneId ? [{ countryId, timezoneId }] : [];
    });
    for (const batch of chunks(linkRows, BATCH)) {
      await tx.insert(countryTimezones).values(batch).onConflictDoNothing();
    }

    for (const iso2 of LOCATION_COUNTRIES_WITH_CITIES) {
      const countryId = countryIds.get(iso2);
      if (!countryId) continue;
      await tx
        .insert(states)
        .values(
          State.getStatesOfCountry(iso2).map((s) => ({ countryId, code: s.isoCode, name: s.name })),
        )
        .onConflictDoUpdate({
          target: [states.countryId, states.code],
          set: { name: sql`excluded.name` },
        });
      const stateIds = new Map(
        (
          await tx
            .select({ id: states.id, code: states.code })
            .from(states)
            .where(eq(states.countryId, countryId))
        ).map((s) => [s.code, s.id]),
      );
      // The dataset lists a few places twice within a state; keep the first.
      const seen = new Set<string>();
      const cityRows = City.getCitiesOfCountry(iso2)?.flatMap((c) => {
        const stateId = stateIds.get(c.stateCode);
        const key = `${stateId}:${c.name}`;
        if (!stateId || seen.has(key)) return [];
        seen.add(key);
        return [
          {
            stateId,
            name: c.name,
            latitude: coordinate(c.latitude),
            longitude: coordinate(c.longitude),
          },
        ];
      });
      for (const batch of chunks(cityRows ?? [], BATCH)) {
        await tx.insert(cities).values(batch).onConflictDoNothing();
      }
    }

    await tx
      .insert(systemState)
      .values({ key: STATE_KEY, value: DATASET_VERSION })
      .onConflictDoUpdate({
        target: systemState.key,
        set: { value: DATASET_VERSION, updatedAt: sql`now()` },
      });
  });
  return { loaded: true };
}
