// Uploads: decides what is stored and who sees it. A file is accepted when its content
// is a kind the domain allows, has its location removed if it is an image, and is attached to a
// building (and optionally one of its units) within the caller's scope; it is served, listed and
// deleted only through that same scope. Bytes go to the upload store, records to the repository.
import { randomUUID } from 'node:crypto';
import { RoleType } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import {
  DEFAULT_UPLOAD_PURPOSE,
  type UploadContentType,
  type UploadPurpose,
  uploadMessages,
} from '@flowsight/domain/uploads';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { placeCheck, type Scope } from '../../lib/tenant-scope.ts';
import { UnreadableImage, withoutLocation } from './image-location.ts';
import { detectContentType } from './upload-content.ts';
import type { UploadStore } from './upload-store.ts';
import type { UploadRecord, UploadsRepository } from './uploads.repository.ts';

export type UploadInput = {
  file: Buffer | undefined;
  buildingId: number;
  unitId?: number | undefined;
  purpose?: UploadPurpose | undefined;
};

export type UploadListQuery = { purpose?: UploadPurpose | undefined; unit_id?: number | undefined };

/** An upload as the API answers it. */
export type UploadView = {
  id: number;
  building_id: number;
  unit_id: number | null;
  purpose: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: number | null;
  created_at: string;
  url: string;
};

/** A stored file ready to send. */
export type UploadFile = {
  contentType: string;
  sizeBytes: number;
  stream: NodeJS.ReadableStream;
};

const UPLOAD_NOT_FOUND = 'Upload not found';

const view = (upload: UploadRecord): UploadView => ({
  id: upload.id,
  building_id: upload.buildingId,
  unit_id: upload.unitId,
  purpose: upload.purpose,
  content_type: upload.contentType,
  size_bytes: upload.sizeBytes,
  uploaded_by: upload.uploadedBy,
  created_at: upload.createdAt.toISOString(),
  url: `/api/uploads/${upload.id}`,
});

/** Deletes any upload it can see: the provider's staff and the company's admins. */
const deletesAny = (scope: Scope) =>
  isSystemRole(scope.roleTypeId) || scope.roleTypeId === RoleType.CompanyAdmin;

/** The file's kind by content, and its bytes as stored (images without their location). */
function storedForm(file: Buffer | undefined): { contentType: UploadContentType; bytes: Buffer } {
  if (!file || file.length === 0) throw new Invalid(uploadMessages.missingFile);
  const contentType = detectContentType(file);
  if (!contentType) throw new Invalid(uploadMessages.unsupportedType);
  try {
    return { contentType, bytes: withoutLocation(contentType, file) };
  } catch (error) {
    if (error instanceof UnreadableImage) throw new Invalid(uploadMessages.unsupportedType);
    throw error;
  }
}

type Dependencies = { repository: UploadsRepository; store: UploadStore };

export function createUploadsService({ repository, store }: Dependencies) {
  const requireBuilding = placeCheck((scope, _level, id) => repository.building(scope, id));

  async function requireUnitIn(scope: Scope, buildingId: number, unitId: number) {
    const unitBuilding = await repository.unitBuilding(scope, unitId);
    if (unitBuilding === undefined) throw new NotFound('Unit not found');
    if (unitBuilding !== buildingId) throw new Invalid(uploadMessages.unitOutsideBuilding);
  }

  async function requireUpload(scope: Scope, id: number): Promise<UploadRecord> {
    const upload = await repository.find(scope, id);
    if (!upload) throw new NotFound(UPLOAD_NOT_FOUND);
    return upload;
  }

  return {
    /** Stores a file for a building (or a unit of it) in the caller's scope. */
    async upload(scope: Scope, input: UploadInput): Promise<UploadView> {
      const building = await requireBuilding(scope, 'building', input.buildingId);
      const unitId = input.unitId ?? null;
      if (unitId !== null) await requireUnitIn(scope, building.id, unitId);
      const { contentType, bytes } = storedForm(input.file);
      const storageKey = `company-${building.companyId}/building-${building.id}/${randomUUID()}`;
      await store.put(storageKey, bytes, contentType);
      try {
        const created = await repository.transaction((tx) =>
          repository.insert(
            scope,
            {
              companyId: building.companyId,
              propertyId: building.propertyId,
              buildingId: building.id,
              unitId,
              purpose: input.purpose ?? DEFAULT_UPLOAD_PURPOSE,
              contentType,
              sizeBytes: bytes.length,
              storageKey,
              uploadedBy: scope.userId > 0 ? scope.userId : null,
            },
            tx,
          ),
        );
        return view(created);
      } catch (error) {
        // No record, no file: a file nobody can reach is not kept.
        await store.delete(storageKey);
        throw error;
      }
    },

    /** The file of an upload the caller may see. */
    async open(scope: Scope, id: number): Promise<UploadFile> {
      const upload = await requireUpload(scope, id);
      const stream = await store.get(upload.storageKey);
      if (!stream) throw new NotFound(UPLOAD_NOT_FOUND);
      return { contentType: upload.contentType, sizeBytes: upload.sizeBytes, stream };
    },

    /** A building's uploads, newest first, optionally of one purpose or unit. */
    async list(scope: Scope, buildingId: number, query: UploadListQuery): Promise<UploadView[]> {
      const building = await requireBuilding(scope, 'building', buildingId);
      const found = await repository.list(scope, building.id, {
        purpose: query.purpose,
        unitId: query.unit_id,
      });
      return found.map(view);
    },

    /** Deletes an upload: its uploader, or the provider's staff and company admins. */
    async remove(scope: Scope, id: number): Promise<void> {
      const upload = await requireUpload(scope, id);
      if (!deletesAny(scope) && upload.uploadedBy !== scope.userId) {
        throw new Forbidden(uploadMessages.notYours);
      }
      await repository.transaction((tx) => repository.remove(scope, upload, tx));
      await store.delete(upload.storageKey);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
