// `/api/auth/...`: sign-in, MFA, sessions, passwords and invitations. HTTP only; decisions are
// the service's.
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginMfaRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionRoleSchema,
  sessionSchema,
  sessionUserSchema,
  updateProfileRequestSchema,
} from '@flowsight/domain/auth';
import { idParamSchema } from '@flowsight/domain/input';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDocs } from '../../lib/http-routes.ts';
import { errorSchema } from '../../lib/http-schemas.ts';
import { cookieValue, KNOWN_DEVICE_COOKIE, knownDeviceCookie } from '../../lib/known-devices.ts';
import { bearerToken, scopeOf } from '../../plugins/auth.ts';
import type { AuthService, SignInClient, SignInResult } from './auth.service.ts';

const doc = routeDocs('auth');

/** The caller's address and the known-device cookie their browser holds. */
const clientOf = (request: FastifyRequest): SignInClient => ({
  address: request.ip,
  device: cookieValue(request.headers.cookie, KNOWN_DEVICE_COOKIE),
});

/** Answers a sign-in; after a whole one the browser keeps its known-device cookie. */
async function answerSignIn<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Promise<SignInResult<T>>,
): Promise<T> {
  const { answer, device } = await result;
  if (device) reply.header('set-cookie', knownDeviceCookie(device, request.protocol === 'https'));
  return answer;
}

export const authModule: FastifyPluginAsyncZod<{ service: AuthService }> = async (
  app,
  { service },
) => {
  app.post(
    '/login',
    doc('signIn', 'Sign in; answers a session, or an MFA challenge when a second factor is on', {
      description:
        'Password guesses are bounded per account and address, per address and per account ' +
        '(429 with Retry-After). A whole sign-in sets the HttpOnly `flowsight_device` cookie ' +
        '(Path=/api/auth, 90 days): later sign-ins from that browser are held to a bound of ' +
        'their own instead of the account-wide one, so failures elsewhere cannot lock the ' +
        'owner out.',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, 401: errorSchema, 429: errorSchema },
    }),
    (request, reply) =>
      answerSignIn(
        request,
        reply,
        service.login(request.body.email, request.body.password, clientOf(request)),
      ),
  );
  app.post(
    '/login-mfa',
    doc('signInWithCode', 'Complete an MFA sign-in with the emailed code', {
      description:
        'Codes are bounded per challenge, per user and per address (429). Success sets the ' +
        'known-device cookie, as a sign-in without a second factor does.',
      body: loginMfaRequestSchema,
      response: { 200: sessionSchema, 401: errorSchema, 429: errorSchema },
    }),
    (request, reply) =>
      answerSignIn(
        request,
        reply,
        service.loginWithMfa(request.body.mfa_token, request.body.code, clientOf(request)),
      ),
  );
  app.post(
    '/logout',
    doc('signOut', 'Sign out: the token presented is refused from now on (other sessions go on)', {
      response: { 204: z.null(), 401: errorSchema },
    }),
    async (request, reply) => {
      scopeOf(request);
      await service.logout(bearerToken(request) ?? '');
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/me',
    doc('getCurrentUser', 'The signed-in user, their roles and the active one', {
      response: {
        200: z.object({
          user: sessionUserSchema,
          roles: z.array(sessionRoleSchema),
          active_role_id: z.number().int(),
        }),
      },
    }),
    (request) => service.me(scopeOf(request)),
  );
  app.put(
    '/me',
    doc('updateCurrentUser', 'Change the caller’s own name or phone', {
      body: updateProfileRequestSchema,
      response: {
        200: z.object({
          user: sessionUserSchema,
          roles: z.array(sessionRoleSchema),
          active_role_id: z.number().int(),
        }),
        400: errorSchema,
      },
    }),
    (request) => service.updateProfile(scopeOf(request), request.body),
  );
  app.get(
    '/new-token/:role_id',
    doc('switchRole', 'A fresh session for one of the caller’s own roles', {
      params: z.object({ role_id: idParamSchema }),
      response: { 200: sessionSchema },
    }),
    (request) => service.newToken(scopeOf(request), request.params.role_id),
  );
  app.post(
    '/forgot-password-email',
    doc('requestPasswordReset', 'Email a reset link (the same answer for unknown addresses)', {
      body: forgotPasswordRequestSchema,
      response: { 200: messageResponseSchema, 429: errorSchema },
    }),
    (request) => service.forgotPassword(request.body.email, request.ip),
  );
  app.post(
    '/forgot-password-reset',
    doc('resetPassword', 'Set a new password with the emailed reset token', {
      body: resetPasswordRequestSchema,
      response: { 200: messageResponseSchema, 400: errorSchema },
    }),
    (request) =>
      service.resetPassword(request.body.email, request.body.token, request.body.newPassword),
  );
  app.post(
    '/change-password',
    doc('changePassword', 'Change the password; other sessions end, this one gets a new token', {
      body: changePasswordRequestSchema,
      response: {
        200: messageResponseSchema.extend({ access_token: z.string() }),
        400: errorSchema,
        429: errorSchema,
      },
    }),
    (request) =>
      service.changePassword(
        scopeOf(request),
        request.body.oldPassword,
        request.body.newPassword,
        request.ip,
      ),
  );
  app.get(
    '/invitation/:token',
    doc('getInvitation', 'Who an invitation is for', {
      params: z.object({ token: z.string().min(1).max(200) }),
      response: {
        200: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
        404: errorSchema,
      },
    }),
    (request) => service.invitation(request.params.token),
  );
  app.post(
    '/register',
    doc('registerUser', 'Accept an invitation: set name and password', {
      body: registerRequestSchema,
      response: { 200: messageResponseSchema, 404: errorSchema },
    }),
    (request) => service.register(request.body),
  );
};

/** `PUT /api/users/update-mfa-status/{0|1}`: the caller turns their own second factor on or off. */
export const mfaStatusModule: FastifyPluginAsyncZod<{ service: AuthService }> = async (
  app,
  { service },
) => {
  app.put(
    '/update-mfa-status/:status',
    {
      schema: {
        operationId: 'updateMfaStatus',
        tags: ['users'],
        summary: 'Turn the caller’s MFA on (1) or off (0); not for system roles',
        params: z.object({ status: z.enum(['0', '1']).transform((v) => (v === '1' ? 1 : 0)) }),
        response: { 200: messageResponseSchema, 403: errorSchema },
      },
    },
    (request) => service.setMfa(scopeOf(request), request.params.status),
  );
};
