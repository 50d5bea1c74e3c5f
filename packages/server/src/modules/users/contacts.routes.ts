// Notification contacts: listed and added through their person (`/api/users/{id}/notification-
// contacts`), read, changed and removed by id (`/api/notifications/contacts/{id}`). HTTP only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byId, routeDocs } from '../../lib/http-routes.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { scopeOf } from '../../plugins/auth.ts';
import type { ContactsService } from './contacts.service.ts';
import {
  contactSchema,
  createContactSchema,
  messageSchema,
  updateContactSchema,
} from './users.schemas.ts';

const doc = routeDocs('notification contacts');
/** Registered under `/users`. */
export const userContactsModule: FastifyPluginAsyncZod<{ service: ContactsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/notification-contacts',
    doc(
      'listNotificationContacts',
      'The notification contacts of a user, within the caller’s scope',
      byId(z.array(contactSchema)),
    ),
    (request) => service.contactsOf(scopeOf(request), request.params.id),
  );
  app.post(
    '/:id/notification-contacts',
    doc('createNotificationContact', 'Add a notification contact for a user', {
      params: idParams,
      body: createContactSchema,
      response: { 201: contactSchema, 400: errorSchema, 404: errorSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(scopeOf(request), request.params.id, request.body)),
  );
};

/** Registered under `/notifications`. */
export const contactsModule: FastifyPluginAsyncZod<{ service: ContactsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/contacts/:id',
    doc('getNotificationContact', 'One notification contact', byId(contactSchema)),
    (request) => service.get(scopeOf(request), request.params.id),
  );
  app.put(
    '/contacts/:id',
    doc('updateNotificationContact', 'Change a notification contact', {
      params: idParams,
      body: updateContactSchema,
      response: { 200: contactSchema, 400: errorSchema, 404: errorSchema },
    }),
    (request) => service.update(scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    '/contacts/:id',
    doc('deleteNotificationContact', 'Remove a notification contact', byId(messageSchema)),
    (request) => service.remove(scopeOf(request), request.params.id),
  );
};
