// Tenant-isolation samples of the upload routes (merged by `isolation.test.ts`): a photo uploaded
// for the tenant's first building, a stored file read and deleted, the building's list. Deleting
// is the uploader's or an administrator's: the installer, allowed by the access table, gets 403 for
// a file someone else uploaded.
import { RoleType, type RoleTypeId } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { systemScope } from '../../lib/tenant-scope.ts';
import type { Company, Sample, Tenant } from '../../testing/isolation-kit.ts';
import { firstOfGet, OK } from '../../testing/isolation-kit.ts';
import { jpegWithGps } from './image-samples.ts';
import { multipartForm } from './upload-form.testing.ts';
import { createUploadStore } from './upload-store.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { createUploadsService } from './uploads.service.ts';

/**
 * Stores a photo for the company's first building as its first user (the world's `freshUpload`),
 * through the upload service, so the record and its file both exist.
 */
export async function storeSampleUpload(
  db: Database,
  config: AppConfig,
  company: Company,
  buildingId: number,
): Promise<number> {
  const service = createUploadsService({
    repository: createUploadsRepository(db),
    store: await createUploadStore(config.uploads),
  });
  const created = await service.upload(
    { ...systemScope, userId: company.userId },
    { file: jpegWithGps(), buildingId, purpose: 'survey-photo' },
  );
  return created.id;
}

/** 404 for another tenant's record to company roles, otherwise as `own` says. */
const scoped =
  (own: (role: RoleTypeId) => number | readonly number[]) => (role: RoleTypeId, tenant: Tenant) =>
    tenant === 'foreign' && !isSystemRole(role) ? 404 : own(role);

export const uploadSamples: Record<string, Sample> = {
  'POST /uploads': {
    request: async (w, tenant) => {
      const form = multipartForm(
        { building_id: await w.firstOf('buildings', w[tenant]), purpose: 'survey-photo' },
        { name: 'closet.jpg', contentType: 'image/jpeg', bytes: jpegWithGps() },
      );
      return { url: '/api/uploads', payload: form.payload, headers: form.headers };
    },
  },
  'GET /uploads/:id': {
    request: async (w, tenant) => ({ url: `/api/uploads/${await w.freshUpload(w[tenant])}` }),
  },
  'DELETE /uploads/:id': {
    request: async (w, tenant) => ({ url: `/api/uploads/${await w.freshUpload(w[tenant])}` }),
    expect: scoped((role) => (role === RoleType.CompanyInstaller ? 403 : OK)),
  },
  'GET /buildings/:id/uploads': firstOfGet('buildings', '/uploads'),
};
