// Password schemas of spec section 5 for the server's validation and the web's forms. The rules
// and messages themselves are in `password-rules.ts` and re-exported here.
import { z } from 'zod';
import { OLD_PASSWORD_MAX_LENGTH, passwordMessages, passwordProblems } from './password-rules.ts';

export * from './password-rules.ts';

export const newPasswordSchema = z.string().superRefine((value, context) => {
  for (const message of passwordProblems(value)) context.addIssue({ code: 'custom', message });
});

export const oldPasswordSchema = z
  .string()
  .min(1, passwordMessages.oldRequired)
  .max(OLD_PASSWORD_MAX_LENGTH, passwordMessages.oldRequired);
