// A unit's survey photos: GET /buildings/{id}/uploads?purpose=survey-photo&unit_id= lists them,
// GET /uploads/{id} serves one (with the session's token, so it is fetched and shown from memory),
// POST /uploads (multipart) adds one, with the upload's progress, and DELETE /uploads/{id} removes
// one (the uploader's own, or any for system roles and company admins; the server decides).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, fetchWithSession } from '@/lib/api-client';
import { dataOrThrow, toApiError } from '@/lib/api-error';
import { getServiceToken } from '@/lib/session-storage';
import { surveyKeys } from './survey-keys';

export const SURVEY_PHOTO_PURPOSE = 'survey-photo';

export type SurveyPhoto = {
  id: number;
  building_id: number;
  unit_id: number | null;
  content_type: string;
  size_bytes: number;
  created_at: string;
};

export async function getUnitPhotos(buildingId: number, unitId: number): Promise<SurveyPhoto[]> {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/uploads', {
      params: {
        path: { id: buildingId },
        query: { purpose: SURVEY_PHOTO_PURPOSE, unit_id: unitId },
      },
    }),
  );
}

export const useUnitPhotos = (buildingId: number, unitId: number) =>
  useQuery({
    queryKey: surveyKeys.photos(buildingId, unitId),
    queryFn: () => getUnitPhotos(buildingId, unitId),
  });

/** The photo's file, as a blob the page shows through an object URL. */
export async function getPhotoFile(uploadId: number): Promise<Blob> {
  const response = await fetchWithSession(`/uploads/${uploadId}`);
  if (!response.ok) throw toApiError(response, undefined);
  return response.blob();
}

export const usePhotoFile = (uploadId: number) =>
  useQuery({
    queryKey: surveyKeys.photo(uploadId),
    queryFn: () => getPhotoFile(uploadId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type PhotoUpload = { buildingId: number; unitId: number; file: File };

/**
 * Sends one photo; `onProgress` hears the share sent (0 to 1). XMLHttpRequest, because `fetch`
 * does not report an upload's progress.
 */
export function uploadPhoto(
  { buildingId, unitId, file }: PhotoUpload,
  onProgress: (share: number) => void,
): Promise<SurveyPhoto> {
  const form = new FormData();
  form.append('building_id', String(buildingId));
  form.append('unit_id', String(unitId));
  form.append('purpose', SURVEY_PHOTO_PURPOSE);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${window.location.origin}/api/uploads`);
    const token = getServiceToken();
    if (token !== null) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.responseText ? JSON.parse(request.responseText) : undefined;
      if (request.status >= 200 && request.status < 300) resolve(body as SurveyPhoto);
      else reject(toApiError(new Response(null, { status: request.status }), body));
    };
    request.onerror = () => reject(new TypeError('Network error'));
    request.send(form);
  });
}

/** After an upload: the unit's photo list again. */
export function useRefreshUnitPhotos(buildingId: number, unitId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: surveyKeys.photos(buildingId, unitId) });
}

/** Removes a photo; the server refuses one the caller may not remove (403) with its reason. */
export async function deletePhoto(uploadId: number): Promise<void> {
  // A 204 carries no body, so success is the status, not the data.
  const result = await apiClient.DELETE('/uploads/{id}', { params: { path: { id: uploadId } } });
  if (result.error !== undefined || !result.response.ok) {
    throw toApiError(result.response, result.error);
  }
}
