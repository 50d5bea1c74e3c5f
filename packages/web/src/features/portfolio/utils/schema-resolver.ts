// A react-hook-form resolver from a domain zod schema: the form's values are turned into the
// request body, checked with the same schema the server uses, and each problem is shown under the
// field it names.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };
type ParseResult = { success: true } | { success: false; error: { issues: readonly Issue[] } };
export type BodySchema = { safeParse: (input: unknown) => ParseResult };

export function schemaResolver<V extends FieldValues>(
  schema: BodySchema,
  toBody: (values: V) => unknown,
): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: 'schema', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** A typed number field's text as a number: empty is null, anything else `Number(text)`. */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed.replace(',', '.'));
}
