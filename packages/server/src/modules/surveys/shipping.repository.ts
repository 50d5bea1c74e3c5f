// Queries of a building's shipments and shipping contact (`building_shipping`,
// `building_shipping_contacts`), and of the shipments across a property's buildings the
// caller sees. Every method takes an optional transaction (`tx ?? db`).
import type { MicrometersBySize } from '@flowsight/domain/survey';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { visiblePlaces } from '../../db/queries/places.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { buildingShipping, buildingShippingContacts } from '../../db/schema/operations.ts';
import { buildings, properties } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

const shipmentColumns = {
  id: buildingShipping.id,
  building_id: buildingShipping.buildingId,
  shipped_on: buildingShipping.shippedOn,
  carrier: buildingShipping.carrier,
  tracking_number: buildingShipping.trackingNumber,
  micrometers: buildingShipping.micrometersBySize,
  micrometers_count: buildingShipping.sensorsCount,
  gateways_count: buildingShipping.gatewaysCount,
  macs: buildingShipping.macs,
  created_at: buildingShipping.createdAt,
};
export type ShipmentValues = {
  companyId: number;
  buildingId: number;
  shippedOn: string;
  carrier: string | null;
  trackingNumber: string | null;
  micrometers: MicrometersBySize;
  micrometersCount: number;
  gatewaysCount: number;
  macs: string[];
  createdBy: number | null;
};

const contactColumns = {
  building_id: buildingShippingContacts.buildingId,
  name: buildingShippingContacts.name,
  phone: buildingShippingContacts.phone,
  email: buildingShippingContacts.email,
  street: buildingShippingContacts.street,
  city_id: buildingShippingContacts.cityId,
  postal: buildingShippingContacts.postal,
};
export type ShippingContactValues = {
  name: string;
  phone: string | null;
  email: string | null;
  street: string | null;
  cityId: number | null;
  postal: string | null;
};

export function createShippingRepository(db: Database) {
  return {
    /** Whether the property exists within the caller's scope. */
    async propertyVisible(scope: Scope, id: number, tx?: Executor): Promise<boolean> {
      const [row] = await (tx ?? db)
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, id), visiblePlaces('property', scope)));
      return row !== undefined;
    },

    async insertShipment(values: ShipmentValues, tx?: Executor) {
      const [row] = await (tx ?? db)
        .insert(buildingShipping)
        .values({
          companyId: values.companyId,
          buildingId: values.buildingId,
          shippedOn: values.shippedOn,
          carrier: values.carrier,
          trackingNumber: values.trackingNumber,
          micrometersBySize: values.micrometers,
          sensorsCount: values.micrometersCount,
          gatewaysCount: values.gatewaysCount,
          macs: values.macs,
          createdBy: values.createdBy,
        })
        .returning(shipmentColumns);
      if (!row) throw new Error('shipment not inserted');
      return row;
    },

    shipments(buildingId: number, tx?: Executor) {
      return (tx ?? db)
        .select(shipmentColumns)
        .from(buildingShipping)
        .where(eq(buildingShipping.buildingId, buildingId))
        .orderBy(asc(buildingShipping.shippedOn), asc(buildingShipping.id));
    },

    /** The shipments of the property's buildings the caller sees. */
    propertyShipments(scope: Scope, propertyId: number, tx?: Executor) {
      return (tx ?? db)
        .select({
          building_id: buildingShipping.buildingId,
          shipped_on: buildingShipping.shippedOn,
        })
        .from(buildingShipping)
        .innerJoin(buildings, eq(buildings.id, buildingShipping.buildingId))
        .where(and(eq(buildings.propertyId, propertyId), visiblePlaces('building', scope)));
    },

    async shippingContact(buildingId: number, tx?: Executor) {
      const [row] = await (tx ?? db)
        .select(contactColumns)
        .from(buildingShippingContacts)
        .where(eq(buildingShippingContacts.buildingId, buildingId));
      return row;
    },

    async saveShippingContact(
      companyId: number,
      buildingId: number,
      values: ShippingContactValues,
      at: Date,
      tx?: Executor,
    ) {
      const [row] = await (tx ?? db)
        .insert(buildingShippingContacts)
        .values({ companyId, buildingId, ...values, updatedAt: at })
        .onConflictDoUpdate({
          target: buildingShippingContacts.buildingId,
          set: { ...values, updatedAt: at },
        })
        .returning(contactColumns);
      if (!row) throw new Error('shipping contact not saved');
      return row;
    },

    recordEvent: (actor: Scope | null, event: EventInput, tx?: Executor) =>
      recordEvent(tx ?? db, actor, event),

    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
