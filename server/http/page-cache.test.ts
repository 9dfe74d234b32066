import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHARED_PAGE } from '../../common/site.ts';
import { sharedPagesOf } from './page-cache.ts';

type Route = ServerBuild['routes'][string];
const route = (id: string, parentId: string | undefined, fields: Partial<Route>, shared = false): Route =>
  ({ id, parentId, ...fields, module: shared ? { handle: { ...SHARED_PAGE } } : {} }) as Route;

/** A route table shaped as the site's: a layout, the account screens, a catch-all content page. */
const build = {
  routes: {
    root: route('root', undefined, { path: '' }),
    account: route('account', 'root', { path: 'account' }),
    profile: route('profile', 'account', { path: 'profile' }),
    search: route('search', 'root', { path: 'search' }, true),
    home: route('home', 'root', { index: true }, true),
    content: route('content', 'root', { path: '*' }, true),
  },
} as unknown as ServerBuild;

describe('sharedPagesOf (issue 29)', () => {
  it("tells the routes whose page is the same for a class of members, and keeps each path's answer", () => {
    const isShared = sharedPagesOf(build);
    const paths = ['/', '/over-ons/bestuur', '/search', '/account/profile', '/account', '/over-ons/edit'];
    const first = paths.map(isShared);
    expect(first).toEqual([true, true, true, false, false, false]);
    // Asked again (now from what it kept), and after more paths than it keeps pushed them out.
    expect(paths.map(isShared)).toEqual(first);
    for (let index = 0; index < 2_100; index += 1) isShared(`/nieuws/${index}`);
    expect(paths.map(isShared)).toEqual(first);
    // A path too long to keep is still answered.
    expect(isShared(`/${'a'.repeat(1_000)}`)).toBe(true);
    expect(isShared(`/account/profile${'/'.repeat(400)}`)).toBe(false);
  });
});
