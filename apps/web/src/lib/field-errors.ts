import { ApiError } from './api.js';

/** A form's messages by field; a field without one is not known to be wrong. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/**
 * The fields a server refusal is about, each with its message, as the server names them in
 * `details` ([{ field, message }]); empty when the refusal is about no one of `fields`.
 */
export function fieldErrorsOf<F extends string>(err: unknown, fields: readonly F[]): FieldMessages<F> {
  const errors: FieldMessages<F> = {};
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return errors;
  for (const detail of err.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (fields.includes(field as F) && typeof message === 'string') errors[field as F] ??= message;
  }
  return errors;
}

/**
 * The messages once `field` has changed: a field shown as wrong is checked again at each change,
 * so its message goes as soon as the value is right, or says what is wrong with it now. A field
 * not shown as wrong is left alone while it is typed into, so a fresh form does not scold; a
 * message only the server can give (an email taken) goes at the first change, as the form's own
 * check finds nothing, and the server checks again on the next submit.
 */
export function recheckField<F extends string>(
  messages: FieldMessages<F>,
  field: F,
  problemNow: string | undefined,
): FieldMessages<F> {
  if (!messages[field] || messages[field] === problemNow) return messages;
  const next = { ...messages };
  if (problemNow) next[field] = problemNow;
  else delete next[field];
  return next;
}

/** Every message shown, checked again against the form as it is now (see `recheckField`). */
export function recheckShown<M extends FieldMessages<string>>(messages: M, found: M): M {
  return Object.keys(messages).reduce<M>((shown, field) => recheckField(shown, field, found[field]) as M, messages);
}
