import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../common/localized-text.ts';
import type { SiteServices, Viewer } from '../../../common/site.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../../policies/index.ts';
import {
  contentVersion,
  type Dependencies,
  EVERY_ANSWER,
  type VersionedCache,
  viewerClassOf,
} from '../cache.ts';
import type { ClientInfo, Ctx } from '../context.ts';
import { siteDrafts } from '../drafts/site.ts';
import type { SubmittedFiles } from '../forms/files.ts';
import { deleteFromReceipt, hasFormBlocks, receiptFor, submitFromPage, withFormData } from '../forms/site.ts';
import { loadPagePaths } from '../lists/paths.ts';
import { getItemPage, hasListBlocks, listStateKey, minuteBucket, withListData } from '../lists/site.ts';
import { siteMenus } from '../menus/site.ts';
import { sitePages } from '../pages/site.ts';
import { findMovedPath } from '../redirects/index.ts';
import { redirectLocation } from '../redirects/view.ts';
import { searchSite } from '../search/queries.ts';
import { siteShell } from './shell.ts';
import { readViewer } from './viewer.ts';

/** What forms need of the request: the site's form blocks take submissions through their page. */
export type FormRequest = {
  mailer: Mailer;
  client: ClientInfo;
  /** The session's XSRF token (cookie sign-in), checked against the HTML form's `_xsrf` field. */
  xsrfToken: string | null;
  formSurveyCookie: string | undefined;
  isSecure: boolean;
  /** The files of a multipart form post (read by server/web.ts before React Router sees the body). */
  formFiles?: SubmittedFiles | 'tooLarge' | undefined;
};

/**
 * The public site's data, for one request's actor; loaders reach it through the load context. This
 * is wiring: each domain that renders for the site has its own half (pages/site.ts, menus/site.ts
 * where a page is served, lists/site.ts, forms/site.ts, drafts/site.ts, site/shell.ts); here they
 * are put together, shared between actors of one class per content version (`cached`), and what
 * each answer was built from is told to the page cache.
 */
export function createSiteServices(deps: {
  db: Database;
  actor: Actor;
  /** The signed-in user, if any (visitors have none). */
  user?: UserRow | null;
  log: FastifyBaseLogger;
  /** Views kept per content version and per flags and roles of the actor (server/domains/cache.ts). */
  cache?: VersionedCache | undefined;
  /** Told of every site search (statistics count the terms and the ones that found nothing). */
  onSearch?: ((search: { q: string; page?: number | undefined; total: number }) => void) | undefined;
  /** Forms (issue 11); without it form blocks show their forms but posts are refused. */
  request?: FormRequest | undefined;
  /** Told when what is served depends on this visitor (forms): the page cache must not keep it. */
  onVisitorSpecific?: (() => void) | undefined;
  /** The content version as the node knows it (app.contentVersion); read from the database without it. */
  currentVersion?: (() => Promise<string>) | undefined;
  /**
   * Told what each answer was built from (cache tags, issue 29; null: not tracked, so anything):
   * the page cache keeps a page until a change touches one of them.
   */
  onDepends?: ((tags: Dependencies) => void) | undefined;
  /** The viewer to show instead of reading the user's own (a members' page's stand-in). */
  viewer?: Viewer | undefined;
}): SiteServices {
  const { db, actor, user = null, log, cache, onSearch, request, onVisitorSpecific, currentVersion } = deps;
  const depend = (tags: Dependencies) => deps.onDepends?.(tags);
  const untracked = <T>(work: T): T => {
    depend(null);
    return work;
  };
  const formCtx = (locale: Locale): Ctx => {
    if (!request) throw new AppError('service_unavailable', 'forms need the request');
    return { db, actor, user, locale, log, mailer: request.mailer, client: request.client };
  };

  // What the site shows depends on who asks only through the policies, and they read an actor's
  // flags and roles, never who it is (forms, which do, are filled per request below). So everyone
  // with the same flags and roles (all visitors alike) shares the views while the content version
  // stays the same: one read of the version per request replaces the page's queries.
  //
  // Each view names what it was built from (`tags`: the pages whose blocks it shows, `items` when
  // it shows list items or links to one), so a change elsewhere leaves it cached (issue 29); the
  // request is told, and so is `into` (a view built on this one).
  let version: Promise<string> | undefined;
  const versionOf = () => {
    version ??= currentVersion ? currentVersion() : contentVersion(db);
    return version;
  };
  const viewerClass = viewerClassOf(actor);
  const cached = async <T>(
    key: string,
    compute: (tags: Set<string>) => Promise<T>,
    into?: Set<string>,
  ): Promise<T> => {
    const tracked = async () => {
      const tags = new Set<string>();
      return { value: await compute(tags), tags };
    };
    let made: { value: T; tags: Dependencies };
    if (!cache) made = await tracked();
    else {
      const current = await versionOf();
      made = await cache.getTracked(current, `${viewerClass}|${key}`, tracked);
    }
    depend(made.tags);
    if (into) for (const tag of made.tags ?? [EVERY_ANSWER]) into.add(tag);
    return made.value;
  };

  // Each domain's site half: what it shows of itself, and what that is built from.
  const scope = { db, actor, log, version: versionOf };
  const menus = siteMenus(scope);
  const pages = sitePages(scope, menus);
  const drafts = siteDrafts(scope, menus, pages);
  const getShell = siteShell(scope, menus, pages);

  return {
    async getViewer() {
      if (!user) return null;
      // A members' page is rendered with a stand-in (server/http/member-pages.ts): the viewer's
      // flags, and placeholders for what is theirs alone, filled in for each request.
      if (deps.viewer) return deps.viewer;
      depend(null); // one person's: never part of a shared answer
      return readViewer(db, actor, user);
    },

    getShell: ({ locale }) => cached(`shell|${locale}`, (tags) => getShell(locale, tags)),
    async getPageByPath({ path, locale, query }) {
      const pageTags = new Set<string>();
      let view = await cached(
        `path|${locale}|${path}`,
        (tags) => pages.pageByPath(path, locale, tags),
        pageTags,
      );
      if (view && hasListBlocks(view)) {
        const listed = view;
        // Lists depend on the URL's list state and on the clock (scheduled and expiring items): only
        // the recognised list parameters and the minute are part of the key.
        const state = listStateKey(query);
        view = await cached(`lists|${locale}|${path}|${state}|${minuteBucket()}`, async (tags) => {
          for (const tag of pageTags) tags.add(tag);
          return withListData(
            db,
            { view: listed, actor, locale, query: query ?? new URLSearchParams(), log },
            tags,
          );
        });
      }
      // Forms depend on the visitor (audience, one per person) and the moment (open and close):
      // filled for each request, never shared.
      if (view && hasFormBlocks(view)) {
        onVisitorSpecific?.();
        view = await withFormData(
          { db, actor, locale },
          { view, browserCookie: request?.formSurveyCookie, xsrf: request?.xsrfToken ?? undefined },
        );
      }
      return view;
    },
    getItemPage: ({ path, id, slug, locale }) =>
      cached(`item|${locale}|${path}|${id}|${slug ?? ''}|${minuteBucket()}`, async (tags) => {
        tags.add('items');
        const found = await menus.pageAtPath(path, locale);
        if (!found) return null;
        return getItemPage(db, {
          actor,
          locale,
          id,
          slug,
          ...found,
          buildPageView: (page, input) => pages.buildPageView(page, input, tags),
          log,
        });
      }),
    search: async ({ q, locale, page, type }) => {
      const tags = new Set<string>();
      const results = await searchSite(db, {
        actor,
        q,
        locale,
        page,
        type,
        pagePaths: await loadPagePaths(db, locale, versionOf),
        tags,
      });
      depend(tags);
      onSearch?.({ q, page, total: results.totalNumberOfItems });
      return results;
    },
    getPageByName: ({ name, locale }) =>
      cached(`name|${locale}|${name}`, (tags) => pages.pageByName(name, locale, tags)),
    // Kept per path only (the query is the visitor's, so it is not part of the key).
    findRedirect: async ({ path, search }) => {
      // Redirects, paths and menus are changes every answer depends on (`*`): no tag of its own.
      const found = await cached(`redirect|${path}`, () => findMovedPath(db, path));
      return found ? redirectLocation(found.toPath, found.suffix, search) : null;
    },
    isMembersOnlyPath: ({ path }) => menus.isMembersOnlyPath(path),
    // Forms, edit mode, previews and templates are never shared (not tracked: anything).
    submitForm: ({ fields, locale, fromPreview }) =>
      untracked(
        submitFromPage(formCtx(locale), {
          fields,
          fromPreview,
          browserCookie: request?.formSurveyCookie,
          sessionXsrf: request?.xsrfToken ?? null,
          isSecure: request?.isSecure ?? false,
          files: request?.formFiles,
        }),
      ),
    async getReceipt({ guid, locale }) {
      depend(null);
      const receipt = await receiptFor(formCtx(locale), guid);
      return receipt && request?.xsrfToken ? { ...receipt, xsrf: request.xsrfToken } : receipt;
    },
    deleteReceipt: ({ guid, xsrf, locale }) =>
      untracked(deleteFromReceipt(formCtx(locale), guid, { xsrf, sessionXsrf: request?.xsrfToken ?? null })),
    // Edit mode (issue 13, 26), preview links and templates show a draft to one person: never shared.
    getEditView: ({ path, locale, query }) => untracked(drafts.editView(path, locale, query)),
    getEditViewOf: ({ guid, locale, query }) => untracked(drafts.editViewOf(guid, locale, query)),
    getPreview: ({ path, token, locale, query }) => untracked(drafts.preview(path, token, locale, query)),
    getTemplateView: ({ guid, locale }) => untracked(drafts.templateView(guid, locale)),
  };
}
