// A building's shipments (date, carrier, tracking number, micrometers by size, MACs once known) and
// its shipping contact, each change an event; and a property's shipping date, the next planned
// shipment across its buildings or else the last one.
import { placeNotFound } from '@flowsight/domain/portfolio';
import {
  type MicrometersBySize,
  micrometerTotal,
  type PropertyShippingDate,
  type Shipment,
  type ShipmentInput,
  type ShippingContact,
  type ShippingContactInput,
  shippingDateOf,
} from '@flowsight/domain/survey';
import { NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { RequireBuilding } from './building-check.ts';
import type { ShippingRepository } from './shipping.repository.ts';

type Dependencies = {
  repository: ShippingRepository;
  building: RequireBuilding;
  now?: () => Date;
};

type ShipmentRow = Awaited<ReturnType<ShippingRepository['shipments']>>[number];
const toShipment = (row: ShipmentRow): Shipment => ({
  ...row,
  micrometers: row.micrometers as MicrometersBySize,
  created_at: row.created_at.toISOString(),
});

export function createShippingService({
  repository,
  building,
  now = () => new Date(),
}: Dependencies) {
  return {
    async shipments(scope: Scope, buildingId: number): Promise<Shipment[]> {
      const target = await building(scope, buildingId);
      return (await repository.shipments(target.id)).map(toShipment);
    },

    async addShipment(scope: Scope, buildingId: number, body: ShipmentInput): Promise<Shipment> {
      const target = await building(scope, buildingId);
      return repository.transaction(async (tx) => {
        const row = await repository.insertShipment(
          {
            companyId: target.company_id,
            buildingId: target.id,
            shippedOn: body.shipped_on,
            carrier: body.carrier ?? null,
            trackingNumber: body.tracking_number ?? null,
            micrometers: body.micrometers,
            micrometersCount: micrometerTotal(body.micrometers),
            gatewaysCount: body.gateways_count ?? 0,
            macs: [...new Set(body.macs ?? [])],
            createdBy: scope.userId > 0 ? scope.userId : null,
          },
          tx,
        );
        await repository.recordEvent(
          scope,
          {
            entityType: 'building_shipment',
            entityId: row.id,
            companyId: target.company_id,
            action: 'created',
            to: {
              building_id: target.id,
              shipped_on: row.shipped_on,
              micrometers: row.micrometers,
            },
          },
          tx,
        );
        return toShipment(row);
      });
    },

    async shippingContact(scope: Scope, buildingId: number): Promise<ShippingContact | null> {
      const target = await building(scope, buildingId);
      return (await repository.shippingContact(target.id)) ?? null;
    },

    async saveShippingContact(
      scope: Scope,
      buildingId: number,
      body: ShippingContactInput,
    ): Promise<ShippingContact> {
      const target = await building(scope, buildingId);
      return repository.transaction(async (tx) => {
        const before = await repository.shippingContact(target.id, tx);
        const after = await repository.saveShippingContact(
          target.company_id,
          target.id,
          {
            name: body.name,
            phone: body.phone ?? null,
            email: body.email ?? null,
            street: body.street ?? null,
            cityId: body.city_id ?? null,
            postal: body.postal ?? null,
          },
          now(),
          tx,
        );
        await repository.recordEvent(
          scope,
          {
            entityType: 'building_shipping_contact',
            entityId: target.id,
            companyId: target.company_id,
            action: before ? 'updated' : 'created',
            from: before ?? null,
            to: after,
          },
          tx,
        );
        return after;
      });
    },

    /** The next planned shipment across the property's buildings, else the last one. */
    async propertyShippingDate(scope: Scope, propertyId: number): Promise<PropertyShippingDate> {
      if (!(await repository.propertyVisible(scope, propertyId))) {
        throw new NotFound(placeNotFound('property'));
      }
      const today = now().toISOString().slice(0, 10);
      const found = shippingDateOf(await repository.propertyShipments(scope, propertyId), today);
      return {
        property_id: propertyId,
        shipping_date: found?.shipment.shipped_on ?? null,
        planned: found?.planned ?? false,
        building_id: found?.shipment.building_id ?? null,
      };
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
