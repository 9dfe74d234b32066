import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { buildingBlockInstances } from '../../db/schema.ts';
import { createBlock, createPage } from '../../seed/builders.ts';

describe('GET /api/buildingblockinstance/{guid}', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });
  const get = (url: string) => test.app.inject({ method: 'GET', url });
  const UNKNOWN_GUID = '00000000-0000-4000-8000-000000000000';

  it('returns a block of a published page with its options and per-locale content', async () => {
    const content = { nl: { doc: paragraphs('Hallo') }, en: { doc: paragraphs('Hello') } };
    const page = await createPage(test.database.db, {
      name: 'met-blok',
      title: 'Met blok',
      blocks: [{ name: 'text', position: 'right', content }],
    });
    const block = page.blocks[0]!;
    const response = await get(`/api/buildingblockinstance/${block.id}?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      guid: block.id,
      pageGuid: page.id,
      buildingBlockName: 'text',
      options: {},
      content,
      layoutPosition: 'right',
      sortId: 10,
      // In no columns block (issue 31).
      parentGuid: null,
      columnIndex: null,
    });
  });

  it('returns a block of a published template', async () => {
    const template = await createPage(test.database.db, {
      name: 'blok-template',
      title: 'Template',
      kind: 'template',
      blocks: [{ name: 'divider', options: { variant: 'dotted' } }],
    });
    const response = await get(`/api/buildingblockinstance/${template.blocks[0]!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ buildingBlockName: 'divider', options: { variant: 'dotted' } });
  });

  it('answers a visitor 404 for a block of an unpublished page, exactly like an unknown guid', async () => {
    const page = await createPage(test.database.db, {
      name: 'blok-concept',
      title: 'Concept',
      isPublished: false,
      blocks: [{ name: 'divider' }],
    });
    const hidden = await get(`/api/buildingblockinstance/${page.blocks[0]!.id}`);
    const unknown = await get(`/api/buildingblockinstance/${UNKNOWN_GUID}`);
    expectApiError(hidden, 404, 'not_found');
    expect(hidden.body).toBe(unknown.body);
  });

  it('answers 404 for a block that belongs to no page', async () => {
    const page = await createPage(test.database.db, { name: 'blok-los', title: 'Los' });
    const orphan = await createBlock(test.database.db, { pageId: page.id, name: 'divider' });
    // page_id is nullable: a block can exist without a page.
    await test.database.db
      .update(buildingBlockInstances)
      .set({ pageId: null })
      .where(eq(buildingBlockInstances.id, orphan.id));
    expectApiError(await get(`/api/buildingblockinstance/${orphan.id}`), 404, 'not_found');
  });

  it('answers 404 in English when asked', async () => {
    expectApiError(await get(`/api/buildingblockinstance/${UNKNOWN_GUID}?lang=en`), 404, 'not_found', 'en');
  });

  it.each(['abc', '1', "' OR 1=1 --", `${UNKNOWN_GUID}0`, 'g0000000-0000-4000-8000-000000000000'])(
    'answers 400 to the malformed guid %s',
    async (guid) => {
      const response = await get(`/api/buildingblockinstance/${encodeURIComponent(guid)}`);
      expectApiError(response, 400, 'validation_failed');
    },
  );
});
