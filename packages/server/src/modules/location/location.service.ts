// Countries, states, cities and time zones for address and property forms.
import { type CsvColumn, csvFile, keysetChunks } from '../../lib/csv.ts';
import { NotFound } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { createLocationRepository } from './location.repository.ts';

// The list's fields are columns, so the definition lives with the queries; routes take it from here.
export { cityListDefinition } from './location.repository.ts';

type LocationRepository = ReturnType<typeof createLocationRepository>;

type CityCsv = Awaited<ReturnType<LocationRepository['citiesAfter']>>[number];
const cityCsv: readonly CsvColumn<CityCsv>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'name', header: 'City', kind: 'text' },
  { key: 'state_name', header: 'State', kind: 'text' },
  { key: 'country_name', header: 'Country', kind: 'text' },
  { key: 'latitude', header: 'Latitude', kind: 'number' },
  { key: 'longitude', header: 'Longitude', kind: 'number' },
];

const one = <T>(rows: T[], what: string): T => {
  const [row] = rows;
  if (!row) throw new NotFound(`${what} not found`);
  return row;
};

export function createLocationService(repository: LocationRepository) {
  return {
    listCountries: () => repository.countries(),
    getCountry: async (id: number) => one(await repository.countries(id), 'Country'),
    listStates: () => repository.states(),
    getState: async (id: number) => one(await repository.states({ id }), 'State'),
    listStatesOfCountry: (countryId: number) => repository.states({ countryId }),
    listCities: (query: ListQuery) => repository.pageOfCities(query),
    getCity: async (id: number) => one(await repository.cities({ id }), 'City'),
    listCitiesOfState: (stateId: number) => repository.cities({ stateId }),
    listTimezones: () => repository.timezones(),
    getTimezone: async (id: number) => one(await repository.timezones(id), 'Time zone'),
    listTimezonesOfCountry: (countryId: number) => repository.timezonesOfCountry(countryId),
    exportCities: (timeZone: string) =>
      csvFile(
        'cities',
        cityCsv,
        keysetChunks(repository.citiesAfter, (row) => row.id),
        timeZone,
      ),
  };
}
