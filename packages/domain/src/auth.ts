// Request and response bodies of the Auth calls (spec section 7), shared by the server's route
// schemas and the web's forms. Field names are the API's snake_case.
import { z } from 'zod';
import { newPasswordSchema, oldPasswordSchema } from './password.ts';

export * from './auth-messages.ts';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const loginRequestSchema = z
  .object({ email: emailSchema, password: z.string().min(1).max(255) })
  .strict();

export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable().optional(),
  mfa: z.number().int().min(0).max(1),
});

export const sessionRoleSchema = z.object({
  id: z.number().int(),
  user_role_type_id: z.number().int(),
  company_id: z.number().int().nullable(),
  property_id: z.number().int().nullable(),
  building_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  company_type_id: z.number().int().nullable(),
  allow_assignment: z.boolean(),
  company_name: z.string().nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  description: z.string(),
});
export type SessionRole = z.infer<typeof sessionRoleSchema>;

/** A complete session: who is signed in, every role they hold, the active one and its token. */
export const sessionSchema = z.object({
  user: sessionUserSchema,
  roles: z.array(sessionRoleSchema),
  active_role_id: z.number().int(),
  access_token: z.string(),
  mfa_enabled: z.literal(false),
});
export type Session = z.infer<typeof sessionSchema>;

/** Login answer when a second factor is needed: no token yet, only the challenge to answer. */
export const mfaChallengeSchema = z.object({
  mfa_enabled: z.literal(true),
  mfa_token: z.string(),
});

export const loginResponseSchema = z.union([sessionSchema, mfaChallengeSchema]);

export const loginMfaRequestSchema = z
  .object({
    mfa_token: z.string().min(1).max(200),
    code: z.string().regex(/^\d{6}$/, 'The code has 6 digits'),
  })
  .strict();

export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).strict();

export const resetPasswordRequestSchema = z
  .object({
    email: emailSchema,
    token: z.string().min(1).max(200),
    newPassword: newPasswordSchema,
  })
  .strict();

export const changePasswordRequestSchema = z
  .object({ oldPassword: oldPasswordSchema, newPassword: newPasswordSchema })
  .strict();

export const registerRequestSchema = z
  .object({
    token: z.string().min(1).max(200),
    first_name: z.string().trim().min(1, 'First name is required').max(100),
    last_name: z.string().trim().min(1, 'Last name is required').max(100),
    password: newPasswordSchema,
  })
  .strict();

export const messageResponseSchema = z.object({ message: z.string() });

export const updateProfileRequestSchema = z
  .object({
    first_name: z.string().trim().min(1, 'First name is required').max(100).optional(),
    last_name: z.string().trim().min(1, 'Last name is required').max(100).optional(),
    phone: z.string().trim().max(40).nullable().optional(),
  })
  .strict();
