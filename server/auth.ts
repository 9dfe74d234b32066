import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_LIFETIME_DAYS, XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import type { UserRow } from './db/schema.ts';
import { safeEqual } from './domains/accounts/secrets.ts';
import { findApiToken, findSession } from './domains/accounts/sessions.ts';
import { AppError } from './errors.ts';
import { type Actor, type ActorUser, ANONYMOUS } from './policies/index.ts';

/** How the request proved who it is. Only cookie sessions need the XSRF header. */
export type RequestAuth =
  | { method: 'none' }
  | { method: 'session'; sessionId: string; xsrfToken: string; user: UserRow }
  | { method: 'token'; tokenId: string; user: UserRow };

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /** Set false on a route that takes unsafe requests without the XSRF header (sendBeacon logs). */
    xsrf?: boolean;
    /** Set true on a route that reads its own bearer token (GET /metrics): not an API token, no actor. */
    ownBearer?: boolean;
  }
}

/** Methods that change something: they need the XSRF header with a cookie session. */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function toActorUser(user: UserRow): ActorUser {
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    isContentManager: user.isContentManager,
    isMett: user.isMett,
    isDeveloper: user.isDeveloper,
    isActive: user.isActive,
    roleIds: user.roleIds,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Resolves the actor of every request (API token first, then the session cookie) and enforces the
 * double-submit XSRF check on unsafe requests that rely on the cookie.
 */
export function registerAuth(app: FastifyInstance) {
  // Set by the onRequest hook below for every request.
  app.decorateRequest('auth', null as never);

  app.addHook('onRequest', async (request) => {
    request.auth = { method: 'none' };
    request.actor = ANONYMOUS;
    const { db } = app.database;

    const bearer = request.routeOptions.config?.ownBearer === true ? undefined : bearerToken(request);
    if (bearer !== undefined) {
      const found = await findApiToken(db, bearer);
      // A bearer that does not match is an error, never a silent fall back to anonymous.
      if (!found) throw new AppError('unauthorized', 'invalid or revoked API token');
      request.auth = { method: 'token', tokenId: found.tokenId, user: found.user };
      request.actor = actorFor(found.user);
      return;
    }

    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return;
    const found = await findSession(db, cookie, app.database.readsUntilWrite);
    if (!found) return;
    request.auth = {
      method: 'session',
      sessionId: found.session.id,
      xsrfToken: found.session.xsrfToken,
      user: found.user,
    };
    request.actor = actorFor(found.user);
  });

  app.addHook('preHandler', async (request) => {
    if (request.auth.method !== 'session' || !UNSAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.xsrf === false) return;
    // A page's form post (a form block, the receipt's delete button) cannot send a header: the
    // page's action compares the form's `_xsrf` field with the session's token instead.
    if (isPageFormPost(request)) return;
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[XSRF_COOKIE];
    const expected = request.auth.xsrfToken;
    const isValid =
      typeof header === 'string' &&
      typeof cookie === 'string' &&
      safeEqual(header, cookie) &&
      safeEqual(header, expected);
    if (!isValid) throw new AppError('xsrf_failed', 'missing or wrong X-XSRF-TOKEN header');
  });
}

const FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * A form posted to a page of the site: a request the site's catch-all (React Router) route serves,
 * never an API or media route. Its action checks the form's XSRF token itself.
 */
function isPageFormPost(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    request.routeOptions.url === '*' &&
    FORM_CONTENT_TYPE.test(request.headers['content-type'] ?? '')
  );
}

function actorFor(user: UserRow): Actor {
  return { user: toActorUser(user) };
}

/** Sets the session and XSRF cookies after sign-in. */
export function setSessionCookies(
  reply: FastifyReply,
  options: { token: string; xsrfToken: string; isSecure: boolean },
) {
  const maxAge = SESSION_LIFETIME_DAYS * 24 * 60 * 60;
  reply.setCookie(SESSION_COOKIE, options.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.isSecure,
    maxAge,
  });
  // Readable by the page's script, which echoes it in the X-XSRF-TOKEN header.
  reply.setCookie(XSRF_COOKIE, options.xsrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: options.isSecure,
    maxAge,
  });
}

export function clearSessionCookies(reply: FastifyReply, isSecure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure });
  reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'lax', secure: isSecure });
}

/**
 * The signed-in user of a request, or 401. An inactive account may read its own profile and sign
 * out, nothing else (403 account_inactive).
 */
export function requireSignedIn(request: FastifyRequest, options: { allowInactive?: boolean } = {}): UserRow {
  if (request.auth.method === 'none') throw new AppError('unauthorized');
  if (!request.auth.user.isActive && !options.allowInactive) throw new AppError('account_inactive');
  return request.auth.user;
}
