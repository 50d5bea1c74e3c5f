// Files people attach to a building ("Uploads"; spec section 7, "A multipart file upload
// also exists"): survey photos of a unit's plumbing, installation photos, shipping papers. What may
// be uploaded, what it is for, how big it may be and the words of its refusals live here once, for
// the server's upload call and the web's file pickers.

/** What an upload is for; a survey item's photos reference uploads with 'survey-photo'. */
export const UPLOAD_PURPOSES = [
  'survey-photo',
  'installation-photo',
  'shipping-document',
  'other',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const DEFAULT_UPLOAD_PURPOSE: UploadPurpose = 'other';

/**
 * The kinds of file accepted, as the content type they are served with. The server decides the kind
 * from the file's first bytes, never from its name or the type the client claims.
 */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/**
 * What a file picker offers (`accept` attribute): the same kinds, by type. HEIC is not among them:
 * its location sits in an Exif item found through the file's box structure, not yet stripped here;
 * Safari on an iPhone hands over a JPEG when the picker does not ask for HEIC.
 */
export const UPLOAD_ACCEPT = UPLOAD_CONTENT_TYPES.join(',');

/** The largest file accepted unless UPLOADS_MAX_BYTES says otherwise: 10 MB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const MB = 1024 * 1024;
/** A size limit as people read it: whole megabytes as MB, anything else in bytes. */
const sizeInWords = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`);

/** The refusals of the upload call, in the words the API answers with. */
export const uploadMessages = {
  missingFile: 'body.file: a file is required (multipart/form-data, field "file")',
  unsupportedType:
    'body.file: must be a JPEG, PNG or WebP image or a PDF document (judged by its content)',
  tooLarge: (maxBytes: number) => `body.file: must be at most ${sizeInWords(maxBytes)}`,
  oneFile: 'body: send one file per upload',
  notMultipart: 'body: must be multipart/form-data',
  malformed: 'body: the multipart/form-data is malformed or incomplete',
  unitOutsideBuilding: 'body.unit_id: the unit is not in this building',
  notYours: 'Only the person who uploaded the file or an administrator may delete it',
} as const;
