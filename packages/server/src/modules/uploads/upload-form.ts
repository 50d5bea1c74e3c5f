// Reads the multipart form of the upload call (HTTP only): its text fields, checked against the
// same zod schema the OpenAPI document shows, and its one file, read up to the size limit. The
// multipart plugin's own refusals become the API's error answers with the domain's words.
import { idParamSchema } from '@flowsight/domain/input';
import { UPLOAD_PURPOSES, uploadMessages } from '@flowsight/domain/uploads';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Invalid, TooLarge } from '../../lib/errors.ts';
import { problemMessage } from '../../plugins/errors.ts';

/** The form's text fields. */
export const uploadFieldsSchema = z
  .object({
    building_id: idParamSchema.describe('The building the file belongs to'),
    unit_id: idParamSchema
      .optional()
      .describe('A unit of that building, when the file is about one'),
    purpose: z
      .enum(UPLOAD_PURPOSES)
      .optional()
      .describe("What the file is for (default 'other'); survey photos use 'survey-photo'"),
  })
  .strict();

/** The whole form as the OpenAPI document describes it. */
export const uploadFormSchema = uploadFieldsSchema.extend({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('The file: a JPEG, PNG or WebP image or a PDF document'),
});

export type UploadForm = z.output<typeof uploadFieldsSchema> & { file: Buffer | undefined };

/** The part limits handed to the multipart plugin: one file, a few short fields. */
export const formLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 2,
  fields: 8,
  fieldSize: 200,
  parts: 10,
});

/**
 * What the multipart plugin's refusals become. Anything else thrown while the form is parsed is the
 * form's fault (the parser's "Unexpected end of form", a malformed part header), so a 400 too.
 */
function translated(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new TooLarge(uploadMessages.tooLarge(maxBytes));
    case 'FST_FILES_LIMIT':
      return new Invalid(uploadMessages.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new Invalid('body: too many or unexpected form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new Invalid(uploadMessages.notMultipart);
    default:
      return error instanceof AppError ? error : new Invalid(uploadMessages.malformed);
  }
}

/** Reads the form: its fields validated, its file (if any) as bytes. */
export async function readUploadForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<UploadForm> {
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: formLimits(maxBytes) })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new Invalid(
            problemMessage('body', [part.fieldname], 'unknown file field; send the file as "file"'),
          );
        if (file) throw new Invalid(uploadMessages.oneFile);
        file = await part.toBuffer();
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw translated(error, maxBytes);
  }
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new Invalid(
      parsed.error.issues.map((issue) => problemMessage('body', issue.path, issue.message)),
    );
  }
  return { ...parsed.data, file };
}
