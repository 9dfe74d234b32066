import createClient, { type Middleware } from 'openapi-fetch';
import { XSRF_COOKIE, XSRF_HEADER } from '../../common/auth';
import type { ErrorCode } from '../../common/errors';
import { readCookie } from '../../common/locale';
import { ApiError } from './api-error';
import type { paths } from './schema';

// In a module of its own, so that showing an error's message loads no client (issue 32).
export { ApiError };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header on every unsafe request (SPEC 7). */
const xsrf: Middleware = {
  onRequest({ request }) {
    if (UNSAFE.has(request.method) && typeof document !== 'undefined') {
      const token = readCookie(document.cookie, XSRF_COOKIE);
      if (token) request.headers.set(XSRF_HEADER, token);
    }
    return request;
  },
};

/** Asks for error messages in the language the page is shown in, not the browser's default. */
const pageLanguage: Middleware = {
  onRequest({ request }) {
    if (typeof document !== 'undefined' && document.documentElement.lang) {
      request.headers.set('accept-language', document.documentElement.lang);
    }
    return request;
  },
};

/** The typed API client (generated from the server's OpenAPI document: `npm run api:generate`). */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(xsrf, pageLanguage);

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a 2xx answer, or an ApiError with the server's code and message. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'network error');
  }
  if (result.response.ok) return result.data as T;
  const body = result.error as { error?: { code?: ErrorCode; message?: string } } | undefined;
  throw new ApiError(
    result.response.status,
    body?.error?.code ?? 'internal_error',
    body?.error?.message ?? result.response.statusText,
    result.error,
  );
}
