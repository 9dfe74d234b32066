import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { createListItem, createPage, createUser } from '../../seed/builders.ts';

/** An item's own image block (issue 13): its image is uploaded for the block, as on a page. */

let test: TestApp;
let listBlock: string;
let auth: {
  editor: Record<string, string>;
  member: Record<string, string>;
  roleEditor: Record<string, string>;
};

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  const page = await createPage(db, {
    name: 'nieuws',
    title: 'Nieuws',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'list', content: { nl: { title: 'Nieuws' } } }],
  });
  listBlock = page.blocks[0]?.id ?? '';
  const editor = await createUser(db, {
    email: 'redacteur@example.org',
    isContentManager: true,
    roleIds: ['redactie'],
  });
  const member = await createUser(db, { email: 'lid@example.org' });
  // Edits the role's pages but is no content manager: no media library (issue 27).
  const roleEditor = await createUser(db, { email: 'rol@example.org', roleIds: ['redactie'] });
  auth = {
    editor: await bearerFor(db, editor.id),
    member: await bearerFor(db, member.id),
    roleEditor: await bearerFor(db, roleEditor.id),
  };
});

afterAll(async () => {
  await test.close();
});

const BOUNDARY = '----bouwsteen-item-block-boundary';

async function upload(query: string, headers: Record<string, string>) {
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return test.app.inject({
    method: 'POST',
    url: `/a/upload?${query}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
}

function itemWithImage(blockGuid: string, imageGuid: string | null, isPublished = true) {
  return {
    title: { nl: 'Met foto' },
    listItemTypeName: 'nieuws',
    isPublished,
    contentBuildingBlockInstances: [
      {
        guid: blockGuid,
        buildingBlockName: 'image',
        content: { nl: { alt: 'Het dorpsplein', caption: '' } },
        options: { imageGuid, size: 'full' },
        sortId: 0,
      },
    ],
  };
}

async function itemWithImageBlock(isPublished = true) {
  const blockGuid = randomUUID();
  const item = await createListItem(test.database.db, {
    blockId: listBlock,
    title: 'Met foto',
    isPublished,
    content: [
      {
        guid: blockGuid,
        buildingBlockName: 'image',
        content: { nl: { alt: 'Het dorpsplein', caption: '' } },
        options: { imageGuid: null, size: 'full' },
        sortId: 0,
      },
    ],
  });
  return { itemGuid: item.id, blockGuid };
}

const put = (guid: string, payload: object, headers = auth.editor) =>
  test.app.inject({ method: 'PUT', url: `/api/listitem/${guid}`, payload, headers });

describe("an item's image block", () => {
  it("takes an image uploaded for the block, by whoever may edit the item's page, and stores its size", async () => {
    const { itemGuid, blockGuid } = await itemWithImageBlock();
    expect((await upload(`block=${blockGuid}`, auth.member)).statusCode).toBe(403);
    const uploaded = await upload(`block=${blockGuid}`, auth.editor);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as { guid: string };

    const saved = await put(itemGuid, itemWithImage(blockGuid, image.guid));
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = (await test.app.inject({ method: 'GET', url: `/api/listitem/${itemGuid}` })).json() as {
      contentBuildingBlockInstances: { options: Record<string, unknown> }[];
    };
    expect(detail.contentBuildingBlockInstances[0]?.options).toMatchObject({
      imageGuid: image.guid,
      width: 64,
      height: 32,
    });
    // A published item's block image is public, like the item's own image.
    expect((await test.app.inject({ method: 'GET', url: `/a/${image.guid}` })).statusCode).toBe(200);
  });

  it("hides an unpublished item's block image from visitors", async () => {
    const { blockGuid } = await itemWithImageBlock(false);
    const uploaded = await upload(`block=${blockGuid}`, auth.editor);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as { guid: string };
    expect((await test.app.inject({ method: 'GET', url: `/a/${image.guid}` })).statusCode).toBe(404);
    expect(
      (await test.app.inject({ method: 'GET', url: `/a/${image.guid}`, headers: auth.editor })).statusCode,
    ).toBe(200);
  });

  it("refuses an image uploaded for another block, at the block's option, to an editor without the library", async () => {
    const first = await itemWithImageBlock();
    const second = await itemWithImageBlock();
    const uploaded = await upload(`block=${first.blockGuid}`, auth.roleEditor);
    const image = uploaded.json() as { guid: string };
    const refused = await put(second.itemGuid, itemWithImage(second.blockGuid, image.guid), auth.roleEditor);
    expectApiError(refused, 400, 'validation_failed');
    expect(refused.json().error.details).toEqual([
      expect.objectContaining({ path: 'contentBuildingBlockInstances.0.options.imageGuid' }),
    ]);
    // A content manager picks it from the library (issue 27): reusing an asset is what it is for.
    const reused = await put(second.itemGuid, itemWithImage(second.blockGuid, image.guid));
    expect(reused.statusCode, reused.body).toBe(200);
  });

  it('answers 404 to an upload for a block no page or item has', async () => {
    expect((await upload(`block=${randomUUID()}`, auth.editor)).statusCode).toBe(404);
  });
});
