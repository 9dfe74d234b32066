import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../common/errors.ts';
import en from '../common/i18n/en.json' with { type: 'json' };
import nl from '../common/i18n/nl.json' with { type: 'json' };
import { isIssueKey, issueMessage, type SchemaIssue } from '../common/issues.ts';
import type { Locale } from '../common/localized-text.ts';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  image_too_large: 422,
  rate_limited: 429,
  invalid_sort: 400,
  invalid_filter: 400,
  xsrf_failed: 403,
  invalid_credentials: 401,
  weak_password: 400,
  wrong_password: 400,
  email_taken: 409,
  sign_up_disabled: 403,
  token_invalid: 400,
  account_inactive: 403,
  internal_error: 500,
  service_unavailable: 503,
  translation_unavailable: 404,
  translation_not_shown: 422,
  translation_limit_reached: 429,
  form_closed: 409,
  form_full: 409,
  already_submitted: 409,
  version_published: 409,
  draft_stale: 409,
  accessibility_findings: 409,
  media_in_use: 409,
  proof_failed: 400,
  form_not_on_page: 409,
  form_preview: 409,
  upload_not_accepted: 415,
  scratch_full: 503,
  overloaded: 503,
  geocoder_off: 404,
  // A 4xx: no request a client can send gets a 5xx, and another's service down is no fault here.
  geocoder_unavailable: 424,
};

/** Seconds a client whose upload met a full scratch space is told to wait (issue 34). */
export const SCRATCH_RETRY_AFTER_SECONDS = 30;

/**
 * One problem of a request, at a path of it. `message` is a key of the catalogues' `validation`
 * section (`validation.required`; `params` fill its placeholders): the error handler answers it in
 * the request's language.
 */
export type ErrorDetail = {
  path: string;
  message: string;
  params?: Record<string, string | number> | undefined;
};

/** The one error type domains and routes throw; the error handler turns it into an HTTP answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[]) {
    super(message ?? code);
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.details = details;
  }
}

export const notFound = (what = 'resource') => new AppError('not_found', `${what} not found`);

type Catalogue = { errors: Record<ErrorCode, string>; validation: Record<string, unknown> };
const catalogues: Record<Locale, Catalogue> = { nl, en };

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return catalogues[locale].errors[code];
}

/** A validation message key in a language, its placeholders filled; unknown keys read as "invalid". */
export function validationText(
  key: string,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  let text: unknown = catalogues[locale];
  for (const part of key.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
  const template = typeof text === 'string' ? text : String(catalogues[locale].validation.invalid);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(params[name] ?? ''));
}

/** A detail as the client gets it: its message in the request's language. */
function localizeDetail(detail: ErrorDetail, locale: Locale): { path: string; message: string } {
  const key = isIssueKey(detail.message) ? detail.message : 'validation.invalid';
  return { path: detail.path, message: validationText(key, locale, detail.params) };
}

export function errorBody(code: ErrorCode, locale: Locale, details?: ErrorDetail[]): ApiErrorBody {
  return {
    error: {
      code,
      message: errorMessage(code, locale),
      ...(details ? { details: details.map((detail) => localizeDetail(detail, locale)) } : {}),
    },
  };
}

/** A schema problem (zod's issue, as the request validator or a domain reports it) as a detail. */
export function issueDetail(path: string, issue: SchemaIssue): ErrorDetail {
  const { key, params } = issueMessage(issue);
  return { path, message: key, ...(params ? { params } : {}) };
}

/**
 * Maps every error to a stable code; a 5xx never shows internals to the client. Error answers have
 * one shape, written as plain JSON: never through the route's own response schema for that status
 * (a route whose 400 or 429 answer is an outcome body would otherwise fail to serialise an error).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      // A full scratch space is the load of the moment, not a fault: warn (it clears itself).
      if (error.code === 'scratch_full') {
        request.log.warn({ err: error }, error.message);
        reply.header('retry-after', String(SCRATCH_RETRY_AFTER_SECONDS));
      } else if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(errorBody(error.code, locale, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) =>
        issueDetail(`${error.validationContext ?? ''}${issue.instancePath}`.replace(/^\//, ''), {
          ...(issue.params as Omit<SchemaIssue, 'code'>),
          code: issue.keyword,
          message: issue.message,
        }),
      );
      return reply.status(400).send(errorBody('validation_failed', locale, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', locale));
    }
    const state = sqlState(error);
    if (state?.startsWith('22') || state === '23505') {
      // The database refused a value the validation let through (a NUL byte, an out-of-range
      // number, a duplicate): the request is at fault, not the server.
      request.log.warn({ err: error, sqlState: state }, 'database rejected a value');
      return state === '23505'
        ? reply.status(409).send(errorBody('conflict', locale))
        : reply.status(400).send(errorBody('bad_request', locale));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('rate_limited', locale));
    if (status === 413) return reply.status(413).send(errorBody('payload_too_large', locale));
    if (status === 415) return reply.status(415).send(errorBody('unsupported_media_type', locale));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content type, too-long URL, …
      return reply.status(status).send(errorBody(status === 404 ? 'not_found' : 'bad_request', locale));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', locale));
  });
}

/**
 * The SQLSTATE of a database error (class 22 is "data exception", 23505 "unique violation"),
 * whether the driver threw it or Drizzle wrapped it as the cause of its own error.
 */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}
