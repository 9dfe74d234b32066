import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryBlockData } from '../../../common/blocks/gallery.ts';
import { BLOCK_TYPES } from '../../../common/blocks/index.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { distinctPng, imageUpload } from '../../../test/uploads.ts';
import { buildingBlockInstances, pages } from '../../db/schema.ts';
import { prepareBlocks } from '../../domains/blocks/prepare.ts';
import { createPage } from '../../seed/builders.ts';

/*
 * The gallery block (issue 27): its schema, what visitors get of it (the library's texts unless the
 * block has its own, in order, with the file version in every URL), and its images as uses of their
 * assets: listed where used, delete refused while used, a replaced file in every URL, and the
 * visibility rule (an asset only in a gallery on a members-only page is not served to visitors).
 */

let test: TestApp;
let dataDir: string;
let editor: Browser;
let publicPage: string;
let publicBlock: string;
let membersBlock: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-gallery-test-'));
  test = await createTestApp({ config: { dataDir } });
  const { db } = test.database;
  await buildUser(db, { email: 'redacteur@example.nl', isContentManager: true, roleIds: ['redactie'] });
  editor = await signInAs(test.app, 'redacteur@example.nl');
  const page = await createPage(db, {
    name: 'fotos',
    title: "Foto's",
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'gallery' }],
  });
  publicPage = page.id;
  publicBlock = page.blocks[0]?.id ?? '';
  const members = await createPage(db, {
    name: 'leden-fotos',
    title: 'Leden',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'gallery' }],
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

const png = (width = 800, height = 600) => distinctPng(width, height);

const as = (browser: Browser) => ({ cookie: browser.cookie, 'x-xsrf-token': browser.xsrf });

async function upload(name: string, data?: Buffer): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/a/upload?library',
    ...imageUpload(data ?? (await png()), name, as(editor)),
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

function putGallery(
  blockGuid: string,
  imageGuids: string[],
  content: Record<string, unknown> = { nl: { alts: {}, captions: {} } },
) {
  return call('PUT', `/api/buildingblockinstance/${blockGuid}`, editor, {
    content,
    options: { imageGuids, columns: '3' },
  });
}

async function setGallery(blockGuid: string, imageGuids: string[], content?: Record<string, unknown>) {
  const response = await putGallery(blockGuid, imageGuids, content);
  expect(response.statusCode, response.body).toBe(200);
}

async function galleryData(blockGuid: string, locale: 'nl' | 'en' = 'nl') {
  const rows = await test.database.db
    .select()
    .from(buildingBlockInstances)
    .where(eq(buildingBlockInstances.id, blockGuid));
  const [view] = await prepareBlocks(test.database.db, rows, locale, test.app.log);
  return (view as unknown as { data: GalleryBlockData | null }).data;
}

describe('the gallery block', () => {
  it('takes an ordered list of distinct image guids and 2 to 4 columns', () => {
    const { options, content } = BLOCK_TYPES.gallery;
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(options.parse({})).toEqual({ imageGuids: [], columns: '3' });
    expect(options.parse({ imageGuids: [guid.toUpperCase()] }).imageGuids).toEqual([guid]);
    expect(options.safeParse({ imageGuids: [guid, guid.toUpperCase()] }).success).toBe(false);
    expect(options.safeParse({ imageGuids: ['../etc/passwd'] }).success).toBe(false);
    expect(options.safeParse({ columns: '7' }).success).toBe(false);
    expect(options.safeParse({ imageGuids: Array.from({ length: 61 }, () => guid) }).success).toBe(false);
    expect(content.safeParse({ captions: { 'not-a-guid': 'x' } }).success).toBe(false);
    expect(content.safeParse({ captions: { [guid]: 'x'.repeat(501) } }).success).toBe(false);
  });

  it("shows the images in order with the library's texts unless the block has its own, in each language", async () => {
    const first = await upload('strand.png', await png(1000, 750));
    const second = await upload('duinen.png', await png(300, 200));
    await call('PATCH', `/api/media/${first}`, editor, {
      alt: { nl: 'Het strand', en: 'The beach' },
      caption: { nl: 'Zomer aan zee' },
    });
    await call('PATCH', `/api/media/${second}`, editor, { isDecorative: true });
    await setGallery(publicBlock, [second, first], {
      nl: { alts: {}, captions: { [second]: 'De duinen' } },
      en: { alts: { [first]: 'Our beach' }, captions: {} },
    });
    const nl = await galleryData(publicBlock);
    expect(nl?.images.map((image) => image.guid)).toEqual([second, first]);
    expect(nl?.images[0]).toMatchObject({ alt: '', caption: 'De duinen', width: 300 });
    expect(nl?.images[1]).toMatchObject({ alt: 'Het strand', caption: 'Zomer aan zee', width: 1000 });
    // Thumbnails are 4:3 crops around the focal point; every URL has the file version.
    expect(nl?.images[1]?.thumbnail).toBe(`/a/${first}?width=400&height=300&fit=cover&v=1`);
    // The large image: the original's own width when it is narrower than 1600.
    expect(nl?.images[1]?.large).toBe(`/a/${first}?width=1000&v=1`);
    expect(nl?.images[1]?.largeSrcSet).toContain('1000w');
    const en = await galleryData(publicBlock, 'en');
    expect(en?.images[1]).toMatchObject({ alt: 'Our beach', caption: 'Zomer aan zee' });
  });

  it('refuses a guid that is no image the block may name, at its place in the list', async () => {
    const known = await upload('haven.png');
    const response = await putGallery(publicBlock, [known, '6b1d3c9e-2f6a-4c1e-9a8b-0c5d7e3f1a2b']);
    expectApiError(response, 400, 'validation_failed');
    expect(response.body).toContain('options.imageGuids.1');
  });

  it('lists a gallery as a use: delete is refused while used, and when confirmed only that image goes', async () => {
    const kept = await upload('blijft.png');
    const gone = await upload('weg.png');
    await setGallery(publicBlock, [kept, gone]);
    const uses = (await call('GET', `/api/media/${gone}/uses`, editor)).json() as {
      uses: { kind: string; guid: string }[];
    };
    expect(uses.uses).toEqual([expect.objectContaining({ kind: 'page', guid: publicPage })]);
    const unused = (await call('GET', '/api/media?unused=true&pageSize=100', editor)).json() as {
      assets: { guid: string }[];
    };
    expect(unused.assets.map((asset) => asset.guid)).not.toContain(gone);
    expectApiError(await call('DELETE', `/api/media/${gone}`, editor), 409, 'media_in_use');
    expect((await call('DELETE', `/api/media/${gone}?force=true`, editor)).statusCode).toBe(204);
    const [block] = await test.database.db
      .select({ options: buildingBlockInstances.options })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.id, publicBlock));
    expect((block?.options as { imageGuids?: string[] } | undefined)?.imageGuids).toEqual([kept]);
    expect((await galleryData(publicBlock))?.images.map((image) => image.guid)).toEqual([kept]);
  });

  it('shows a replaced file in the gallery with the next version', async () => {
    const guid = await upload('oud.png', await png(800, 600));
    await setGallery(publicBlock, [guid]);
    expect((await galleryData(publicBlock))?.images[0]?.thumbnail).toContain('v=1');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/media/${guid}/file`,
      ...imageUpload(await png(1200, 900), 'nieuw.png', as(editor)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const image = (await galleryData(publicBlock))?.images[0];
    expect(image?.thumbnail).toContain('v=2');
    expect(image?.width).toBe(1200);
  });

  it('serves an image only in a members-only gallery to no visitor, and one in a public gallery to all', async () => {
    const hidden = await upload('leden.png');
    await setGallery(membersBlock, [hidden]);
    expectApiError(await call('GET', `/a/${hidden}?width=400`), 404, 'not_found');
    expect((await call('GET', `/a/${hidden}?width=400`, editor)).headers['cache-control']).toBe(
      'private, max-age=3600',
    );
    const shown = await upload('iedereen.png');
    await setGallery(publicBlock, [shown]);
    const response = await call('GET', `/a/${shown}?width=400&height=300&fit=cover&v=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("counts a gallery image without any alt text as a finding before publishing, reading the asset's alt text", async () => {
    type Draft = {
      version: number;
      revision: number | null;
      document: { blocks: { guid: string; name: string; content: unknown; options: unknown }[] };
      findings: { code: string; blockGuid: string; language: string; details: unknown }[];
    };
    const described = await upload('molen.png');
    const undescribed = await upload('plein.png');
    const decorative = await upload('streep.png');
    await call('PATCH', `/api/media/${described}`, editor, { alt: { nl: 'De molen' } });
    await call('PATCH', `/api/media/${decorative}`, editor, { isDecorative: true });
    const start = (await call('GET', `/api/pages/${publicPage}/draft`, editor)).json() as Draft;
    const save = async (base: Draft, alts: Record<string, string>) => {
      const document = {
        ...base.document,
        blocks: base.document.blocks.map((block) =>
          block.guid === publicBlock
            ? {
                ...block,
                content: { nl: { alts, captions: { [undescribed]: 'Een bijschrift' } } },
                options: { imageGuids: [described, undescribed, decorative], columns: '3' },
              }
            : block,
        ),
      };
      const response = await call('PUT', `/api/pages/${publicPage}/draft`, editor, {
        version: base.version,
        revision: base.revision,
        document,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Draft;
    };

    const saved = await save(start, {});
    expect(saved.findings).toEqual([
      {
        code: 'imageAlt',
        blockGuid: publicBlock,
        position: 'main',
        language: 'nl',
        details: { reason: 'missing', text: '', isLinked: false },
      },
    ]);
    expectApiError(
      await call('POST', `/api/pages/${publicPage}/draft:publish`, editor, {
        version: saved.version,
        revision: saved.revision,
      }),
      409,
      'accessibility_findings',
    );
    // The block's own alt text, or one given in the library, is enough.
    const own = await save(saved, { [undescribed]: 'Het dorpsplein' });
    expect(own.findings).toEqual([]);
    const again = await save(own, {});
    expect(again.findings).toHaveLength(1);
    await call('PATCH', `/api/media/${undescribed}`, editor, { alt: { nl: 'Het dorpsplein' } });
    const draft = (await call('GET', `/api/pages/${publicPage}/draft`, editor)).json() as Draft;
    expect(draft.findings).toEqual([]);
  });
});
