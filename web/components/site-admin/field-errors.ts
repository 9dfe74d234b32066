import { ApiError } from '../../api/client';

/**
 * The per-field messages of a 400 (or a 409 that names a field), by the path the API gives
 * (`body/name`, `body/label/nl`), already in the user's language.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const details =
    (error.body as { error?: { details?: { path: string; message: string }[] } } | undefined)?.error
      ?.details ?? [];
  return Object.fromEntries(details.map((detail) => [detail.path, detail.message]));
}
