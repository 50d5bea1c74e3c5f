// `/api/users/...`: people, their roles, search and the CSV export. HTTP only: each route declares
// its schemas and calls one service method; the decisions are the service's.
import { idParamSchema } from '@flowsight/domain/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvExportSchemas, sendCsv } from '../../lib/csv.ts';
import { atPrefix, byId, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { listResponseSchema, pagedListSchemas } from '../../lib/list-query.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  createUserSchema,
  deleteRoleResponseSchema,
  messageSchema,
  roleGrantSchema,
  searchTopParams,
  updateUserSchema,
  userListRowSchema,
  userRoleSchema,
  userSchema,
} from './users.schemas.ts';
import { type UsersService, userListQuerySchema } from './users.service.ts';

const doc = routeDocs('users');
export const usersModule: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    atPrefix(
      doc(
        'listUsers',
        'Users the caller can see, paged, with search, filters and sorting',
        pagedListSchemas(userListQuerySchema, userListRowSchema),
      ),
    ),
    (request) => service.list(scopeOf(request), request.query, request.url),
  );
  app.post(
    '/',
    atPrefix(
      doc(
        'createUser',
        'Invite a user: creates them with their roles and emails a registration link',
        {
          body: createUserSchema,
          response: { 201: userSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      ),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.create(scopeOf(request), request.body)),
  );
  app.get(
    '/export-all',
    doc(
      'exportUsers',
      'Every user the caller can see, as CSV (dates in the given time zone)',
      csvExportSchemas,
    ),
    async (request, reply) =>
      sendCsv(reply, service.exportCsv(scopeOf(request), request.query.timeZone)),
  );
  app.get(
    '/search-top/:text/5',
    doc('searchUsers', 'At most 5 users whose name or email contains the text, best match first', {
      params: searchTopParams,
      response: { 200: z.array(userSchema) },
    }),
    (request) => service.searchTop(scopeOf(request), request.params.text),
  );
  app.get('/:id', doc('getUser', 'One user', byId(userSchema)), (request) =>
    service.get(scopeOf(request), request.params.id),
  );
  app.put(
    '/:id',
    doc('updateUser', 'Change a user; disabling ends their sessions at once', {
      params: idParams,
      body: updateUserSchema,
      response: { 200: userSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    (request) => service.update(scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    '/:id',
    doc('deleteUser', 'Delete a user (never oneself)', {
      params: idParams,
      response: { 200: messageSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    (request) => service.remove(scopeOf(request), request.params.id),
  );
  app.get(
    '/:id/roles',
    doc(
      'listUserRoles',
      'The roles of a user the caller can see, described in words',
      byId(z.array(userRoleSchema)),
    ),
    (request) => service.roles(scopeOf(request), request.params.id),
  );
  app.post(
    '/:id/role',
    doc('addUserRole', 'Grant a user one more role', {
      params: idParams,
      body: roleGrantSchema,
      response: { 201: userRoleSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addRole(scopeOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/roles/:roleId',
    doc('removeUserRole', 'Remove a role (never a user’s last one); the owner’s older tokens end', {
      params: z.object({ roleId: idParamSchema }),
      response: {
        200: deleteRoleResponseSchema,
        400: errorSchema,
        403: errorSchema,
        404: errorSchema,
      },
    }),
    (request) => service.deleteRole(scopeOf(request), request.params.roleId),
  );
};

/** `/api/properties/:id/users`: the users tab of a property page (registered under /properties). */
export const propertyUsersModule: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/users',
    doc(
      'listPropertyUsers',
      'Users whose roles reach the property (company-wide roles of its company, roles on it, its buildings or units), paged like /users',
      {
        params: idParams,
        querystring: userListQuerySchema,
        response: {
          200: listResponseSchema(userListRowSchema),
          400: errorSchema,
          404: errorSchema,
        },
      },
    ),
    (request) =>
      service.propertyUsers(scopeOf(request), request.params.id, request.query, request.url),
  );
};
