// Queries of upload records (`uploads`): the building or unit an upload is attached to, the records
// themselves, and their events. Every read applies the caller's scope (`scopeCondition`), so a
// record or place outside it is simply not found.
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { placeScope } from '../../db/queries/place-columns.ts';
import { visiblePlaces } from '../../db/queries/places.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { eqWhenGiven } from '../../db/queries/when-given.ts';
import { buildings, units } from '../../db/schema/portfolio.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

/** The building an upload is attached to, with the hierarchy ids the record copies. */
export type UploadBuilding = { id: number; companyId: number; propertyId: number };

export type NewUpload = {
  companyId: number;
  propertyId: number;
  buildingId: number;
  unitId: number | null;
  purpose: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  uploadedBy: number | null;
};

export type UploadRecord = NewUpload & { id: number; createdAt: Date };

export type UploadFilter = { purpose?: string | undefined; unitId?: number | undefined };

const visibleUploads = (scope: Scope) => placeScope(scope, uploads);

/** What an upload's create and delete events record about it. */
const uploadEventFacts = (upload: NewUpload) => ({
  building_id: upload.buildingId,
  unit_id: upload.unitId,
  purpose: upload.purpose,
});

export function createUploadsRepository(db: Database) {
  return {
    /** The building in the caller's scope (the "place within my scope" lookup of placeCheck). */
    async building(scope: Scope, id: number, tx?: Executor): Promise<UploadBuilding | undefined> {
      const [found] = await (tx ?? db)
        .select({
          id: buildings.id,
          companyId: buildings.companyId,
          propertyId: buildings.propertyId,
        })
        .from(buildings)
        .where(and(eq(buildings.id, id), visiblePlaces('building', scope)));
      return found;
    },

    /** The building a unit in the caller's scope belongs to, or undefined. */
    async unitBuilding(scope: Scope, unitId: number, tx?: Executor): Promise<number | undefined> {
      const [found] = await (tx ?? db)
        .select({ buildingId: units.buildingId })
        .from(units)
        .where(and(eq(units.id, unitId), visiblePlaces('unit', scope)));
      return found?.buildingId;
    },

    async insert(scope: Scope, upload: NewUpload, tx?: Executor): Promise<UploadRecord> {
      const executor = tx ?? db;
      const [created] = await executor.insert(uploads).values(upload).returning();
      if (!created) throw new Error('upload record was not created');
      await recordEvent(executor, scope, {
        entityType: 'upload',
        entityId: created.id,
        action: 'create',
        companyId: created.companyId,
        to: uploadEventFacts(created),
      });
      return created;
    },

    /** One upload in the caller's scope. */
    async find(scope: Scope, id: number, tx?: Executor): Promise<UploadRecord | undefined> {
      const [found] = await (tx ?? db)
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), visibleUploads(scope)));
      return found;
    },

    /** A building's uploads in the caller's scope, newest first. */
    async list(
      scope: Scope,
      buildingId: number,
      filter: UploadFilter,
      tx?: Executor,
    ): Promise<UploadRecord[]> {
      return (tx ?? db)
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.buildingId, buildingId),
            visibleUploads(scope),
            eqWhenGiven(uploads.purpose, filter.purpose),
            eqWhenGiven(uploads.unitId, filter.unitId),
          ),
        )
        .orderBy(desc(uploads.createdAt), desc(uploads.id));
    },

    async remove(scope: Scope, upload: UploadRecord, tx?: Executor): Promise<void> {
      const executor = tx ?? db;
      await executor.delete(uploads).where(eq(uploads.id, upload.id));
      await recordEvent(executor, scope, {
        entityType: 'upload',
        entityId: upload.id,
        action: 'delete',
        companyId: upload.companyId,
        from: uploadEventFacts(upload),
      });
    },

    /** Runs the writes in one transaction. */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
