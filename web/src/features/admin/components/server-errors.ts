import { ApiError } from '@/lib/api-client';

/** A form's errors: one per field shown, and `general` for the rest (a 409's message, a field not shown). */
export type FormErrors<F extends string> = Partial<Record<F | 'general', string>>;

/** The server's refusal as errors beside the form's own fields, the rest above its button. */
export function serverErrors<F extends string>(error: unknown, fields: readonly F[]): FormErrors<F> {
  if (!(error instanceof ApiError)) {
    return {
      general: error instanceof Error ? error.message : 'This did not work. Please try again.',
    } as FormErrors<F>;
  }
  const errors: FormErrors<F> = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(key)) errors[key as F] = message;
    else others.push(message);
  }
  if (others.length > 0 || Object.keys(errors).length === 0) {
    errors.general = others.length > 0 ? others.join(' ') : error.message;
  }
  return errors;
}

/** A `datetime-local` input's text ("2027-01-31T09:00"), read in the browser's time zone, as Unix milliseconds. */
export function localInputToMs(text: string): number | null {
  if (!text.trim()) return null;
  // Without an offset, a date-time string is read as local time.
  const at = new Date(text).getTime();
  return Number.isNaN(at) ? null : at;
}
