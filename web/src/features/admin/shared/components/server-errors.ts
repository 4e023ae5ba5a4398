import { ApiError } from '@/lib/api-client';

/** A form's errors: one per field shown, and `general` for the rest (a 409's message, a field not shown). */
export type FormErrors<F extends string> = Partial<Record<F | 'general', string>>;

/** The server's refusal as errors beside the form's own fields, the rest above its button. */
export function serverErrors<F extends string>(
  error: unknown,
  fields: Iterable<F>,
  {
    fallback = 'This did not work. Please try again.',
    fieldOf = (key) => key,
  }: {
    /** Said when the call failed without an answer from the server. */
    fallback?: string;
    /** The form's field for the server's name of it, where they differ. */
    fieldOf?: (key: string) => string;
  } = {},
): FormErrors<F> {
  if (!(error instanceof ApiError)) {
    return { general: error instanceof Error ? error.message : fallback } as FormErrors<F>;
  }
  const shown = new Set<string>(fields);
  const errors: FormErrors<F> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(key);
    if (shown.has(field)) errors[field as F] = message;
    else others.push(message);
  }
  if (others.length > 0 || Object.keys(errors).length === 0) {
    errors.general = others.length > 0 ? others.join(' ') : error.message;
  }
  return errors;
}
