// A building's shipments and shipping contact, and a property's shipping date (spec section 7
// "Buildings" and "Properties"). HTTP only.
import {
  propertyShippingDateSchema,
  shipmentInputSchema,
  shipmentSchema,
  shippingContactInputSchema,
  shippingContactSchema,
} from '@flowsight/domain/survey';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeById, createUnderId, readErrors, routeDocs } from '../../lib/http-routes.ts';
import { idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { ShippingService } from './shipping.service.ts';

const doc = routeDocs('buildings');

/** Shipments of a building, its shipping contact, and a property's shipping date. */
export const shippingRoutes: FastifyPluginAsyncZod<{ service: ShippingService }> = async (
  app,
  { service },
) => {
  app.get(
    '/buildings/:id/shipping',
    doc('listBuildingShipments', "A building's shipments, by date", {
      params: idParams,
      response: { 200: z.array(shipmentSchema), ...readErrors },
    }),
    (r) => service.shipments(scopeOf(r), r.params.id),
  );
  app.post(
    '/buildings/:id/shipping',
    doc(
      'createBuildingShipment',
      'Record a shipment (a date ahead is a planned one): carrier, tracking number, micrometers by size, MACs once known',
      createUnderId(shipmentInputSchema, shipmentSchema),
    ),
    async (r, reply) =>
      reply.status(201).send(await service.addShipment(scopeOf(r), r.params.id, r.body)),
  );
  app.get(
    '/buildings/:id/shipping-contact',
    doc(
      'getBuildingShippingContact',
      "Who receives a building's shipments, and where; null: none yet",
      {
        params: idParams,
        response: { 200: shippingContactSchema.nullable(), ...readErrors },
      },
    ),
    (r) => service.shippingContact(scopeOf(r), r.params.id),
  );
  app.post(
    '/buildings/:id/shipping-contact',
    doc(
      'saveBuildingShippingContact',
      "Set a building's shipping contact (replaces the one before)",
      changeById(shippingContactInputSchema, shippingContactSchema),
    ),
    (r) => service.saveShippingContact(scopeOf(r), r.params.id, r.body),
  );
  app.get(
    '/properties/:id/shipping-date',
    routeDocs('properties')(
      'getPropertyShippingDate',
      "The next planned shipment across the property's buildings, else the last one",
      { params: idParams, response: { 200: propertyShippingDateSchema, ...readErrors } },
    ),
    (r) => service.propertyShippingDate(scopeOf(r), r.params.id),
  );
};
