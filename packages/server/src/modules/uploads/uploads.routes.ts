// `/api/uploads` and `/api/buildings/:id/uploads` (spec section 7's multipart upload):
// upload a file for a building, serve it, list a building's files, delete one. HTTP only: each
// route declares its schemas, reads its request and calls one service method.
import multipart from '@fastify/multipart';
import { idParamSchema } from '@flowsight/domain/input';
import { UPLOAD_CONTENT_TYPES, UPLOAD_PURPOSES } from '@flowsight/domain/uploads';
import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byId, errorResponses, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { formLimits, readUploadForm, uploadFormSchema } from './upload-form.ts';
import type { UploadFile, UploadsService } from './uploads.service.ts';

const doc = routeDocs('uploads');

const uploadSchema = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  unit_id: z.number().int().nullable(),
  purpose: z.string(),
  content_type: z
    .string()
    .describe(`Judged from the file content: ${UPLOAD_CONTENT_TYPES.join(', ')}`),
  size_bytes: z.number().int().describe('Size as stored (images without their location data)'),
  uploaded_by: z.number().int().nullable().describe('User id; null once that user is deleted'),
  created_at: z.string().describe('ISO 8601 UTC'),
  url: z.string().describe('Where the file is served: GET /api/uploads/{id}'),
});

const listQuerySchema = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES).optional(),
    unit_id: idParamSchema.optional().describe('Only files of this unit'),
  })
  .strict();

/** The stored file, in whichever accepted type it is. */
const fileResponse = {
  description: 'The file, served inline with its content type',
  content: Object.fromEntries(
    UPLOAD_CONTENT_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
};

/**
 * The upload's multipart body is read by the route (`readUploadForm`), not by the validator: its
 * schema is there for the document. Every other part is validated as usual.
 */
type RouteSchemaOf<S> = Parameters<FastifySchemaCompiler<S>>[0];
function multipartBodyValidator<S>(route: RouteSchemaOf<S>) {
  return route.httpPart === 'body'
    ? () => true
    : validatorCompiler(route as unknown as RouteSchemaOf<z.ZodType>);
}

/** Sends a stored file inline, never to be sniffed into another type by the browser. */
function sendFile(reply: FastifyReply, file: UploadFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.sizeBytes)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

export type UploadsModuleOptions = { service: UploadsService; maxBytes: number };

export const uploadsModule: FastifyPluginAsyncZod<UploadsModuleOptions> = async (
  app,
  { service, maxBytes },
) => {
  // Registered here only: no other route takes multipart bodies.
  await app.register(multipart, { limits: formLimits(maxBytes) });

  app.post(
    '/uploads',
    {
      ...doc(
        'createUpload',
        "Upload a file (photo or document) for a building or one of its units; an image's location data is removed",
        {
          consumes: ['multipart/form-data'],
          body: uploadFormSchema,
          response: { 201: uploadSchema, ...errorResponses, 413: errorSchema },
        },
      ),
      validatorCompiler: multipartBodyValidator,
    },
    async (request, reply) => {
      const form = await readUploadForm(request, maxBytes);
      const created = await service.upload(scopeOf(request), {
        file: form.file,
        buildingId: form.building_id,
        unitId: form.unit_id,
        purpose: form.purpose,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/uploads/:id',
    doc(
      'getUploadFile',
      'The file of an upload, inline, to those who may see its building',
      byId(fileResponse),
    ),
    async (request, reply) => {
      const file = await service.open(scopeOf(request), request.params.id);
      return sendFile(reply, file);
    },
  );

  app.get(
    '/buildings/:id/uploads',
    doc('listBuildingUploads', "A building's uploads, newest first", {
      params: idParams,
      querystring: listQuerySchema,
      response: { 200: z.array(uploadSchema), 404: errorSchema },
    }),
    (request) => service.list(scopeOf(request), request.params.id, request.query),
  );

  app.delete(
    '/uploads/:id',
    doc('deleteUpload', 'Delete an upload: its uploader, or an administrator', {
      params: idParams,
      response: { 204: z.null(), ...errorResponses },
    }),
    async (request, reply) => {
      await service.remove(scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
