import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../common/localized-text.ts';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Actor } from '../policies/index.ts';

/** Who asks from where: what sign-in, sessions and mails need to know about the request. */
export type ClientInfo = {
  ip: string;
  userAgent: string;
  /** The session the request came with (cookie sign-in), or null (visitor, bearer token). */
  sessionId: string | null;
  /** The site's base URL, for links in mails. */
  origin: string;
};

/** Who the public site renders for, and with what: each domain's site half is made with it. */
export type SiteScope = {
  db: Database;
  actor: Actor;
  log: FastifyBaseLogger;
  /** The content version the answer is made for (read once per answer, or the kept render's). */
  version?: () => Promise<string>;
};

/**
 * What every use-case is called with: the database, who acts, in which language, where to log,
 * and what it may need of the request. Routes build it with `contextOf(request)`; the site façade
 * for server rendering builds the same.
 */
export type Ctx = {
  db: Database;
  actor: Actor;
  /** The account behind the actor (its full row), or null for a visitor. */
  user: UserRow | null;
  locale: Locale;
  log: FastifyBaseLogger;
  mailer: Mailer;
  client: ClientInfo;
};

/**
 * The account a write acts as. A visitor is asked to sign in (401); an inactive account may only
 * read its own profile, accept or decline the terms and sign out (`allowInactive`), else 403.
 */
export function requireUser(ctx: Pick<Ctx, 'user'>, options: { allowInactive?: boolean } = {}): UserRow {
  if (!ctx.user) throw new AppError('unauthorized');
  if (!ctx.user.isActive && !options.allowInactive) throw new AppError('account_inactive');
  return ctx.user;
}
