import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../common/page-drafts.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { distinctPng, imageUpload } from '../../../test/uploads.ts';
import {
  buildingBlockInstances,
  media,
  pageDrafts,
  pages,
  platformSettings,
  users,
} from '../../db/schema.ts';
import { prepareBlocks } from '../../domains/blocks/prepare.ts';
import { createHeaderImage, createListItem, createPage } from '../../seed/builders.ts';

/*
 * The media library (issue 27) over HTTP: uploads into the library before any block exists, the
 * asset's texts reused by the blocks that show it, search and filters, where-used, replacing the
 * file, deleting (refused while used), and the visibility rule: an asset used only where a visitor
 * may not look is not served to that visitor.
 */

type Asset = {
  guid: string;
  title: string;
  alt: { nl: string; en: string };
  isDecorative: boolean;
  tags: string[];
  focalX: number;
  focalY: number;
  version: number;
  width: number;
  url: string;
  abilities: { update: boolean; replace: boolean; delete: boolean };
};

let test: TestApp;
let dataDir: string;
let admin: Browser;
let editor: Browser;
let otherEditor: Browser;
let member: Browser;
let publicBlock: string;
let membersBlock: string;
let publicPage: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-library-test-'));
  test = await createTestApp({ config: { dataDir } });
  const { db } = test.database;
  await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
  await buildUser(db, { email: 'redacteur@example.nl', isContentManager: true, roleIds: ['redactie'] });
  await buildUser(db, { email: 'tweede@example.nl', isContentManager: true, roleIds: ['redactie'] });
  await buildUser(db, { email: 'lid@example.nl' });
  admin = await signInAs(test.app, 'beheer@example.nl');
  editor = await signInAs(test.app, 'redacteur@example.nl');
  otherEditor = await signInAs(test.app, 'tweede@example.nl');
  member = await signInAs(test.app, 'lid@example.nl');
  const page = await createPage(db, {
    name: 'bieb',
    title: 'Bibliotheek',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'image' }],
  });
  publicPage = page.id;
  publicBlock = page.blocks[0]?.id ?? '';
  const members = await createPage(db, {
    name: 'leden-bieb',
    title: 'Leden',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'image' }],
  });
  await db
    .update(pages)
    .set({ roleIds: ['leden'] })
    .where(eq(pages.id, members.id));
  membersBlock = members.blocks[0]?.id ?? '';
});

afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

const png = (width = 800, height = 400) => distinctPng(width, height);

const as = (browser: Browser) => ({ cookie: browser.cookie, 'x-xsrf-token': browser.xsrf });

async function uploadToLibrary(browser: Browser, name: string, data?: Buffer): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/a/upload?library',
    ...imageUpload(data ?? (await png()), name, as(browser)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { guid: string }).guid;
}

function call(
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  browser?: Browser,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method,
    url,
    headers: browser ? as(browser) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function setBlockImage(blockGuid: string, imageGuid: string | null, alt = '') {
  const response = await call('PUT', `/api/buildingblockinstance/${blockGuid}`, editor, {
    content: { nl: { alt, caption: '' } },
    options: { imageGuid, size: 'full' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The block as the site prepares it for a Dutch visitor (what every page build does). */
async function blockData(blockGuid: string) {
  const rows = await test.database.db
    .select()
    .from(buildingBlockInstances)
    .where(eq(buildingBlockInstances.id, blockGuid));
  const [view] = await prepareBlocks(test.database.db, rows, 'nl', test.app.log);
  return view as unknown as { data: { alt: string; src: string; width: number | null } | null };
}

describe('the media library', () => {
  it('takes an upload into the library before any block exists, and shows it to its users only', async () => {
    const guid = await uploadToLibrary(editor, 'zonsondergang-strand.png');
    // An asset in no use is the library's: not for visitors or members.
    expectApiError(await call('GET', `/a/${guid}?width=400`), 404, 'not_found');
    expectApiError(await call('GET', `/a/${guid}?width=400`, member), 404, 'not_found');
    expect((await call('GET', `/a/${guid}?width=400`, otherEditor)).statusCode).toBe(200);
    const asset = (await call('GET', `/api/media/${guid}`, editor)).json() as Asset;
    expect(asset).toMatchObject({ title: 'zonsondergang-strand', version: 1, isDecorative: false });
    expect(asset.abilities).toEqual({ update: true, replace: true, delete: true });
    // Another content manager may use it, not change it; an admin may.
    expect(((await call('GET', `/api/media/${guid}`, otherEditor)).json() as Asset).abilities.update).toBe(
      false,
    );
    expectApiError(await call('PATCH', `/api/media/${guid}`, otherEditor, { title: 'x' }), 403, 'forbidden');
    expect(((await call('GET', `/api/media/${guid}`, admin)).json() as Asset).abilities.update).toBe(true);
  });

  it('is refused to visitors (401) and to members who are no content managers (403)', async () => {
    expectApiError(await call('GET', '/api/media'), 401, 'unauthorized');
    expectApiError(await call('GET', '/api/media', member), 403, 'forbidden');
    const refused = await test.app.inject({
      method: 'POST',
      url: '/a/upload?library',
      ...imageUpload(await png(), 'x.png', as(member)),
    });
    expectApiError(refused, 403, 'forbidden');
  });

  it('searches title, file name, alt text and tags, filters, and pages on the server', async () => {
    const tulip = await uploadToLibrary(editor, 'IMG_0042.png');
    await call('PATCH', `/api/media/${tulip}`, editor, {
      title: 'Tulpenveld',
      alt: { nl: 'Rode tulpen in een veld', en: 'Red tulips in a field' },
      tags: ['lente', 'natuur'],
    });
    const list = async (query: string) =>
      (await call('GET', `/api/media?${query}`, editor)).json() as { assets: Asset[]; total: number };
    for (const query of [
      'search=tulpenveld',
      'search=img_0042',
      'search=red%20tulips',
      'search=lente',
      'search=TULP',
    ]) {
      expect(
        (await list(query)).assets.map((asset) => asset.guid),
        query,
      ).toContain(tulip);
    }
    expect((await list('search=tulpen%20herfst')).total).toBe(0);
    // `%` and `_` mean themselves.
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('format=png')).assets.map((asset) => asset.guid)).toContain(tulip);
    expect((await list('format=jpeg')).assets.map((asset) => asset.guid)).not.toContain(tulip);
    const page = await list('pageSize=1&page=1');
    expect(page.assets).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect((await list('unused=true')).assets.map((asset) => asset.guid)).toContain(tulip);
    await setBlockImage(publicBlock, tulip);
    expect((await list('unused=true')).assets.map((asset) => asset.guid)).not.toContain(tulip);
    expectApiError(await call('GET', '/api/media?pageSize=1000', editor), 400, 'validation_failed');
    expectApiError(await call('GET', '/api/media?from=2026-13-45', editor), 400, 'validation_failed');
  });

  it("uses the asset's alt text in every block unless the block has its own, and the file's size", async () => {
    const guid = await uploadToLibrary(editor, 'molen.png', await png(1000, 500));
    await call('PATCH', `/api/media/${guid}`, editor, { alt: { nl: 'Een molen aan het water' } });
    await setBlockImage(publicBlock, guid);
    const data = (await blockData(publicBlock)).data;
    expect(data).toMatchObject({ alt: 'Een molen aan het water', width: 1000 });
    expect(data?.src).toContain('v=1');
    // Visitors now see the asset: it is used on a published page.
    expect((await call('GET', `/a/${guid}?width=400&v=1`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // The alt text changed once shows in the block; the block's own text overrides it.
    await call('PATCH', `/api/media/${guid}`, editor, { alt: { nl: 'De molen bij zonsopgang' } });
    expect((await blockData(publicBlock)).data?.alt).toBe('De molen bij zonsopgang');
    await setBlockImage(publicBlock, guid, 'Eigen tekst');
    expect((await blockData(publicBlock)).data?.alt).toBe('Eigen tekst');
    // Decorative: no alt text at all.
    await setBlockImage(publicBlock, guid);
    await call('PATCH', `/api/media/${guid}`, editor, { isDecorative: true });
    expect((await blockData(publicBlock)).data?.alt).toBe('');
  });

  it('serves an asset used only on a members-only page to its members, not to visitors', async () => {
    const guid = await uploadToLibrary(editor, 'ledenfoto.png');
    await setBlockImage(membersBlock, guid);
    expectApiError(await call('GET', `/a/${guid}?width=400`), 404, 'not_found');
    expectApiError(await call('GET', `/a/${guid}?width=400`, member), 404, 'not_found');
    expect((await call('GET', `/a/${guid}?width=400`, editor)).headers['cache-control']).toBe(
      'private, max-age=3600',
    );
  });

  it("serves a page's social image as it serves the page: not to visitors while the page is members-only or unpublished", async () => {
    const { db } = test.database;
    const guid = await uploadToLibrary(editor, 'deelfoto.png');
    const social = await createPage(db, {
      name: 'deel',
      title: 'Delen',
      editPermission: 'roles',
      editRoles: ['redactie'],
    });
    const setPage = (change: Partial<typeof pages.$inferInsert>) =>
      db.update(pages).set(change).where(eq(pages.id, social.id));
    await setPage({ options: [{ name: 'socialImage', value: guid }], roleIds: ['leden'] });
    // Members-only: not for visitors, nor for a member without the page's role.
    expectApiError(await call('GET', `/a/${guid}?width=400`), 404, 'not_found');
    expectApiError(await call('GET', `/a/${guid}?width=400`, member), 404, 'not_found');
    expect((await call('GET', `/a/${guid}?width=400`, editor)).headers['cache-control']).toBe(
      'private, max-age=3600',
    );
    // Unpublished: the same.
    await setPage({ roleIds: [], isPublished: false });
    expectApiError(await call('GET', `/a/${guid}?width=400`), 404, 'not_found');
    // Published for everyone: public, and shared caches may keep it.
    await setPage({ isPublished: true });
    const shown = await call('GET', `/a/${guid}?width=400&v=1`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps who may see an asset across edits that change none of its uses, and not across one that does (issue 29)', async () => {
    const { db } = test.database;
    const guid = await uploadToLibrary(editor, 'dorpsplein.png');
    const visitorStatus = async () => (await call('GET', `/a/${guid}?width=300`)).statusCode;
    const shown = await createPage(db, { name: 'plein', title: 'Plein', blocks: [{ name: 'text' }] });
    const hidden = await createPage(db, { name: 'plein-leden', title: 'Plein (leden)' });
    await db
      .update(pages)
      .set({ roleIds: ['leden'] })
      .where(eq(pages.id, hidden.id));
    expect(await visitorStatus()).toBe(404); // only in the library
    const [block] = await db
      .insert(buildingBlockInstances)
      .values({ pageId: hidden.id, buildingBlockName: 'image', options: { imageGuid: guid }, sortId: 1 })
      .returning();
    expect(await visitorStatus()).toBe(404); // used on a members-only page
    const textBlock = shown.blocks[0]?.id ?? '';
    const edited = await call('PUT', `/api/buildingblockinstance/${textBlock}`, admin, {
      content: { nl: { doc: { type: 'doc', content: [{ type: 'paragraph' }] } } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await visitorStatus()).toBe(404); // a text edit elsewhere: the kept owners still hold
    const move = (pageId: string) =>
      db
        .update(buildingBlockInstances)
        .set({ pageId })
        .where(eq(buildingBlockInstances.id, block?.id ?? ''));
    await move(shown.id);
    expect(await visitorStatus()).toBe(200); // moved to a public page
    await move(hidden.id);
    expect(await visitorStatus()).toBe(404);
    await db
      .update(pages)
      .set({ options: [{ name: 'socialImage', value: guid }] })
      .where(eq(pages.id, shown.id));
    expect(await visitorStatus()).toBe(200); // a public page's social image
  });

  it('leaves out of the unused filter every asset where-used finds, whatever names it', async () => {
    const { db } = test.database;
    const kinds = [
      'image',
      'gallery',
      'download',
      'draft',
      'itemImage',
      'itemBlock',
      'header',
      'setting',
      'social',
      'nowhere',
    ] as const;
    const guid = {} as Record<(typeof kinds)[number], string>;
    for (const kind of kinds) guid[kind] = await uploadToLibrary(editor, `gebruikt-${kind}.png`);
    const host = await createPage(db, {
      name: 'gebruikt',
      title: 'Gebruikt',
      options: { socialImage: guid.social },
      blocks: [
        { name: 'image', options: { imageGuid: guid.image } },
        { name: 'gallery', options: { imageGuids: [guid.gallery] } },
        { name: 'download', options: { documentGuids: [guid.download] } },
        { name: 'list' },
      ],
    });
    const listBlock = host.blocks[3]?.id ?? '';
    await createListItem(db, { blockId: listBlock, title: 'Met foto', imageGuid: guid.itemImage });
    await createListItem(db, {
      blockId: listBlock,
      title: 'Met blok',
      content: [
        {
          guid: crypto.randomUUID(),
          buildingBlockName: 'gallery',
          content: { nl: {} },
          options: { imageGuids: [guid.itemBlock] },
          sortId: 10,
        },
      ],
    });
    const drafted = await createPage(db, { name: 'concept-gebruikt', title: 'Concept' });
    await db.insert(pageDrafts).values({
      pageId: drafted.id,
      version: 1,
      document: {
        title: { nl: 'Concept' },
        description: null,
        layout: '100',
        options: [],
        blocks: [{ options: { imageGuid: guid.draft } }],
      } as unknown as PageDocument,
    });
    await createHeaderImage(db, { title: { nl: 'Kop' }, imageGuid: guid.header });
    await db.insert(platformSettings).values({ key: 'test.unused-filter', value: guid.setting });

    const unused = (
      await call('GET', '/api/media?unused=true&search=gebruikt-&pageSize=100', editor)
    ).json() as {
      assets: { guid: string }[];
      total: number;
    };
    expect(unused.assets.map((asset) => asset.guid)).toEqual([guid.nowhere]);
    expect(unused.total).toBe(1);
    for (const kind of kinds) {
      const uses = (await call('GET', `/api/media/${guid[kind]}/uses`, editor)).json() as { uses: unknown[] };
      expect(uses.uses.length > 0, kind).toBe(kind !== 'nowhere');
    }
  });

  it('lists where an asset is used, refuses to delete it while used, and deletes it when confirmed', async () => {
    const guid = await uploadToLibrary(editor, 'verwijder-mij.png');
    await setBlockImage(publicBlock, guid);
    const uses = (await call('GET', `/api/media/${guid}/uses`, editor)).json() as {
      uses: { kind: string; guid: string; title: { nl: string } }[];
    };
    expect(uses.uses).toEqual([
      expect.objectContaining({ kind: 'page', guid: publicPage, title: { nl: 'Bibliotheek' } }),
    ]);
    expectApiError(await call('DELETE', `/api/media/${guid}`, editor), 409, 'media_in_use');
    const refused = await test.app.inject({
      method: 'DELETE',
      url: `/api/media/${guid}`,
      headers: { ...as(editor), 'accept-language': 'nl' },
    });
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(/wordt nog gebruikt/);
    expect((await call('DELETE', `/api/media/${guid}?force=true`, editor)).statusCode).toBe(204);
    expectApiError(await call('GET', `/api/media/${guid}`, editor), 404, 'not_found');
    const [block] = await test.database.db
      .select({ options: buildingBlockInstances.options })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.id, publicBlock));
    expect((block?.options as { imageGuid: unknown } | undefined)?.imageGuid).toBeNull();
    // Unused: deleted without asking.
    const unused = await uploadToLibrary(editor, 'los.png');
    expect((await call('DELETE', `/api/media/${unused}`, editor)).statusCode).toBe(204);
  });

  it('replaces the file keeping the guid and every reference, with a new version in the URLs', async () => {
    const guid = await uploadToLibrary(editor, 'oud.png', await png(800, 400));
    await call('PATCH', `/api/media/${guid}`, editor, {
      alt: { nl: 'Het gemeentehuis' },
      focalX: 0.2,
      focalY: 0.3,
    });
    await setBlockImage(publicBlock, guid);
    const before = await call('GET', `/a/${guid}?width=400&v=1`);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/media/${guid}/file`,
      ...imageUpload(await png(1200, 900), 'nieuw.png', as(editor)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const asset = response.json() as Asset;
    expect(asset).toMatchObject({
      guid,
      version: 2,
      width: 1200,
      alt: { nl: 'Het gemeentehuis', en: '' },
      focalX: 0.2,
    });
    const data = (await blockData(publicBlock)).data;
    expect(data).toMatchObject({ alt: 'Het gemeentehuis', width: 1200 });
    expect(data?.src).toContain('v=2');
    const after = await call('GET', `/a/${guid}?width=400&v=2`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Someone else's asset: not theirs to replace, refused before the body is read.
    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/media/${guid}/file`,
      ...imageUpload(await png(), 'x.png', as(otherEditor)),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('crops fit=cover variants around the focal point', async () => {
    // Left half red, right half blue: a focal point on the right keeps blue in a square crop.
    const image = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0000ff' } })
            .png()
            .toBuffer(),
          left: 400,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const guid = await uploadToLibrary(admin, 'rood-blauw.png', image);
    const centre = async () => {
      const response = await call('GET', `/a/${guid}?width=100&height=100&fit=cover&format=png`, admin);
      const { data } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      return { red: data[0] ?? 0, blue: data[2] ?? 0, etag: response.headers.etag };
    };
    const before = await centre();
    await call('PATCH', `/api/media/${guid}`, admin, { focalX: 0.95, focalY: 0.5 });
    const after = await centre();
    expect(after.etag).not.toBe(before.etag);
    expect(after.blue).toBeGreaterThan(200);
    expect(after.red).toBeLessThan(50);
    await call('PATCH', `/api/media/${guid}`, admin, { focalX: 0.05 });
    const left = await centre();
    expect(left.red).toBeGreaterThan(200);
  });

  it('offers the original for download, as it was uploaded', async () => {
    const data = await png(300, 200);
    const guid = await uploadToLibrary(editor, 'origineel bestand.png', data);
    const response = await call('GET', `/api/media/${guid}/original`, editor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toContain('attachment;');
    expect(response.rawPayload.equals(data)).toBe(true);
    expectApiError(await call('GET', `/api/media/${guid}/original`, member), 403, 'forbidden');
  });

  it('keeps profile photos out of the library', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/a/upload?profile',
      ...imageUpload(await png(), 'ik.png', as(member)),
    });
    const { guid } = response.json() as { guid: string };
    expectApiError(await call('GET', `/api/media/${guid}`, admin), 404, 'not_found');
    const [row] = await test.database.db.select().from(media).where(eq(media.id, guid));
    expect(row?.purpose).toBe('profile');
  });

  it('counts matches up to 1,000, then says there are more, and still serves the pages past that', async () => {
    const { db } = test.database;
    const [uploader] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'redacteur@example.nl'));
    // 1,050 assets in one statement, older than any other so they do not crowd the other tests' pages.
    await db.execute(sql`
      INSERT INTO media (content_hash, purpose, file_name, format, width, height, size, title, alt, tags,
                         search_text, uploaded_by, created_at, updated_at)
      SELECT encode(sha256(('teller' || i)::bytea), 'hex'), 'library', 'teller-' || i || '.png', 'png', 10, 10,
             100, 'Teller ' || i, '{}'::jsonb, '{}', 'teller ' || i || ' teller-' || i || '.png',
             ${uploader?.id}::uuid, now() - interval '10 years' + make_interval(secs => i), now()
      FROM generate_series(1, 1050) AS i`);
    try {
      const list = async (query: string) =>
        (await call('GET', `/api/media?${query}`, editor)).json() as {
          assets: { title: string }[];
          total: number;
          isTotalExact: boolean;
        };
      const first = await list('search=teller');
      expect(first).toMatchObject({ total: 1_000, isTotalExact: false });
      expect(first.assets).toHaveLength(24);
      // Page 44 holds the 1,033rd to the 1,050th match: past the count, still served.
      const last = await list('search=teller&sort=oldest&page=44');
      expect(last.isTotalExact).toBe(false);
      expect(last.assets.map((asset) => asset.title)).toEqual(
        Array.from({ length: 18 }, (_, index) => `Teller ${1_033 + index}`),
      );
      expect((await list('search=teller&page=45')).assets).toEqual([]);
      // Fewer than the limit: counted exactly.
      // teller-100 and teller-1000 to 1009.
      expect(await list('search=teller-100')).toMatchObject({ total: 11, isTotalExact: true });
      // Counted exactly, its matches are sorted as the walk of the whole library sorts them.
      const titles = (query: string) => list(query).then((page) => page.assets.map((asset) => asset.title));
      const eleven = ['Teller 100', ...Array.from({ length: 10 }, (_, index) => `Teller ${1000 + index}`)];
      expect(await titles('search=teller-100&sort=oldest')).toEqual(eleven);
      expect(await titles('search=teller-100&sort=newest')).toEqual([...eleven].reverse());
      expect(await titles('search=teller-100&sort=title&pageSize=4&page=2')).toEqual([
        'Teller 1003',
        'Teller 1004',
        'Teller 1005',
        'Teller 1006',
      ]);
      expect(await titles('search=teller&sort=title&pageSize=3')).toEqual([
        'Teller 1',
        'Teller 10',
        'Teller 100',
      ]);
    } finally {
      await db.delete(media).where(like(media.searchText, 'teller %'));
    }
  });
});
