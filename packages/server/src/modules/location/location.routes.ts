// `/api/location/...`: countries, states, cities and IANA time zones.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportQuerySchema, csvResponseSchema, sendCsv } from '../../lib/csv.ts';
import { byId, routeDocs } from '../../lib/http-routes.ts';
import { idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema } from '../../lib/list-query.ts';
import { createLocationRepository } from './location.repository.ts';
import { citySchema, countrySchema, stateSchema, timezoneSchema } from './location.schemas.ts';
import { cityListDefinition, createLocationService } from './location.service.ts';

const doc = routeDocs('location');

export const locationModule: FastifyPluginAsyncZod = async (app) => {
  const service = createLocationService(createLocationRepository(app.db));

  app.get(
    '/countries',
    doc('listCountries', 'All countries', {
      response: { 200: z.array(countrySchema) },
    }),
    () => service.listCountries(),
  );
  app.get('/countries/:id', doc('getCountry', 'One country', byId(countrySchema)), (request) =>
    service.getCountry(request.params.id),
  );
  app.get(
    '/states',
    doc('listStates', 'All loaded states', {
      response: { 200: z.array(stateSchema) },
    }),
    () => service.listStates(),
  );
  app.get('/states/:id', doc('getState', 'One state', byId(stateSchema)), (request) =>
    service.getState(request.params.id),
  );
  app.get(
    '/states/country/:id',
    doc('listStatesOfCountry', 'States of a country', {
      params: idParams,
      response: { 200: z.array(stateSchema) },
    }),
    (request) => service.listStatesOfCountry(request.params.id),
  );
  app.get(
    '/cities',
    doc('listCities', 'Cities, paged, with search and filters', {
      querystring: cityListDefinition.querySchema,
      response: { 200: listResponseSchema(citySchema) },
    }),
    (request) => cityListDefinition.page(request.query, request.url, service.listCities),
  );
  app.get(
    '/cities/export-all',
    doc('exportCities', 'Every loaded city with its state and country, as CSV', {
      querystring: csvExportQuerySchema,
      response: { 200: csvResponseSchema },
    }),
    async (request, reply) => sendCsv(reply, service.exportCities(request.query.timeZone)),
  );
  app.get('/cities/:id', doc('getCity', 'One city', byId(citySchema)), (request) =>
    service.getCity(request.params.id),
  );
  app.get(
    '/cities/state/:id',
    doc('listCitiesOfState', 'Cities of a state', {
      params: idParams,
      response: { 200: z.array(citySchema) },
    }),
    (request) => service.listCitiesOfState(request.params.id),
  );
  app.get(
    '/timezones',
    doc('listTimezones', 'IANA time zones', {
      response: { 200: z.array(timezoneSchema) },
    }),
    () => service.listTimezones(),
  );
  app.get('/timezones/:id', doc('getTimezone', 'One time zone', byId(timezoneSchema)), (request) =>
    service.getTimezone(request.params.id),
  );
  app.get(
    '/timezones/country/:id',
    doc('listTimezonesOfCountry', 'Time zones of a country', {
      params: idParams,
      response: { 200: z.array(timezoneSchema) },
    }),
    (request) => service.listTimezonesOfCountry(request.params.id),
  );
};
