// Request and response bodies of the Users and notification-contact calls (spec section 7), one
// zod schema each, shared by validation and the generated OpenAPI document. Field names are the
// API's snake_case; write bodies are strict, so nobody can slip in a field they may not set.
import { emailSchema } from '@flowsight/domain/auth';
import { idSchema } from '@flowsight/domain/input';
import { notificationMethods, roleTypes, UserStatus } from '@flowsight/domain/lookups';
import { z } from 'zod';

const optionalId = idSchema.optional();

export const nameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must not exceed 100 characters`);

const phoneSchema = z
  .string()
  .trim()
  .max(40, 'Phone must not exceed 40 characters')
  .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain only digits, spaces and + ( ) - .')
  .transform((phone) => (phone === '' ? null : phone));

const roleTypeIds = roleTypes.map((r) => r.id);
export const roleTypeIdSchema = z.literal(roleTypeIds, {
  error: `user_role_type_id must be one of ${roleTypeIds.join(', ')}`,
});

/** A role to grant: its type and, by type, the company, property, building or unit it covers. */
export const roleGrantSchema = z
  .object({
    user_role_type_id: roleTypeIdSchema,
    company_id: optionalId,
    property_id: optionalId,
    building_id: optionalId,
    unit_id: optionalId,
  })
  .strict();
export type RoleGrant = z.infer<typeof roleGrantSchema>;

export const createUserSchema = z
  .object({
    email: emailSchema,
    first_name: nameSchema('First name'),
    last_name: nameSchema('Last name'),
    phone: phoneSchema.optional(),
    roles: z.array(roleGrantSchema).min(1, 'A user needs at least one role').max(20),
  })
  .strict();
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    first_name: nameSchema('First name').optional(),
    last_name: nameSchema('Last name').optional(),
    phone: phoneSchema.nullable().optional(),
    email: emailSchema.optional(),
    user_status_id: z
      .union([z.literal(UserStatus.Active), z.literal(UserStatus.Disabled)])
      .optional()
      .describe('2 enables the user, 3 disables them (their sessions end at once)'),
  })
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

const timestamp = z.iso.datetime();

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  mfa: z.number().int(),
  user_status_id: z.number().int(),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
});
export type UserRow = z.infer<typeof userSchema>;

/** A row of the users lists: the user and the roles the caller may see, to tell who does what. */
export const userListRowSchema = userSchema.extend({
  roles: z
    .array(
      z.object({
        user_role_type_id: z.number().int(),
        company_id: z.number().int().nullable(),
        company_name: z.string().nullable(),
      }),
    )
    .describe("The user's roles within the caller's scope, oldest first"),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

/**
 * A role's or a contact's place after its company id: the ids of the levels below (null above
 * where it applies) and each level's name.
 */
const belowCompany = {
  property_id: z.number().int().nullable(),
  building_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
};

export const userRoleSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_role_type_id: z.number().int(),
  company_id: z.number().int().nullable(),
  ...belowCompany,
  description: z.string(),
});
export type UserRoleRow = z.infer<typeof userRoleSchema>;

export const deleteRoleResponseSchema = z.object({
  message: z.string(),
  access_token: z
    .string()
    .optional()
    .describe('When callers remove one of their own other roles: a token to stay signed in'),
});

export { messageSchema } from '../../lib/http-schemas.ts';

export const searchTopParams = z.object({ text: z.string().trim().min(1).max(100) });

const methodIds = notificationMethods.map((m) => m.id);
const methodIdSchema = z.literal(methodIds, {
  error: `notification_method_id must be one of ${methodIds.join(', ')}`,
});
const destinationSchema = z.string().trim().min(1, 'Destination is required').max(254);

export const createContactSchema = z
  .object({
    company_id: idSchema,
    property_id: optionalId,
    building_id: optionalId,
    unit_id: optionalId,
    notification_method_id: methodIdSchema,
    destination: destinationSchema,
    enabled: z.boolean().optional(),
  })
  .strict();
export type CreateContactInput = z.infer<typeof createContactSchema>;

const clearableId = idSchema.nullable().optional();
export const updateContactSchema = z
  .object({
    company_id: idSchema.optional(),
    property_id: clearableId,
    building_id: clearableId,
    unit_id: clearableId,
    notification_method_id: methodIdSchema.optional(),
    destination: destinationSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

/** What became of the latest alert text to a contact. */
export const lastTextSchema = z
  .object({
    status: z
      .enum(['queued', 'sent', 'failed'])
      .describe('queued: waiting for (another) try; sent: the provider took it; failed: given up'),
    attempts: z.number().int().describe('Tries so far'),
    error: z
      .string()
      .nullable()
      .describe("The provider's last refusal, e.g. \"Invalid 'To' Phone Number (Twilio 21211)\""),
    at: timestamp.describe('When it was queued or last tried'),
  })
  .nullable()
  .describe('The latest alert text to this contact; null before the first (and for email)');
export type LastText = z.infer<typeof lastTextSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  company_id: z.number().int(),
  ...belowCompany,
  notification_method_id: z.number().int(),
  destination: z.string(),
  enabled: z.boolean(),
  last_text: lastTextSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ContactRow = z.infer<typeof contactSchema>;
