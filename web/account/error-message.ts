import { ApiError } from '../api/api-error';

/** The server's message for a failed call, or the fallback (a network failure has no message of its own). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'network_error' && error.message) return error.message;
  return fallback;
}
