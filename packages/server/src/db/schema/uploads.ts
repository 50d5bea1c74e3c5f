// Files attached to a building (or one of its units): the record of each upload; the bytes live in
// the upload store (filesystem or S3-compatible bucket) under `storage_key`. The hierarchy columns
// let the tenant scope condition narrow uploads like any tenant-owned row.
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './identity.ts';
import { buildingRefCascading, companyRef, properties, units } from './portfolio.ts';

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    buildingId: buildingRefCascading(),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key').on(t.storageKey),
    index('uploads_building_idx').on(t.buildingId, t.purpose, t.createdAt),
    index('uploads_unit_idx').on(t.unitId),
  ],
);
