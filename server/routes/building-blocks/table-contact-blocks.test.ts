import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { refreshSearchIndex } from '../../domains/search/queries.ts';
import { validationText } from '../../errors.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * The contact and table blocks (issue 31) through the API: what they take, what they refuse
 * (hostile or oversized input: 400 `validation_failed` naming the field), and which of their texts
 * the search index finds.
 */

const contact = {
  nl: {
    title: 'Dorpshuis De Linde',
    label: 'Beheer en verhuur',
    phone: '+31 (0)513-123 456',
    email: 'info@dorpshuis.example.nl',
    address: 'Lindeplein 1\n8401 AB Dorp',
    openingHours: 'ma–vr 9.00–17.00\nza 10.00–12.00',
  },
  en: { title: 'Village hall De Linde', label: 'Management and rental', phone: '+31 513 123 456' },
};

describe('contact and table blocks', () => {
  let test: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  let pageCounter = 0;
  async function newPage() {
    pageCounter += 1;
    return createPage(test.database.db, { name: `kaarten-${pageCounter}`, title: `Kaarten ${pageCounter}` });
  }
  const add = async (buildingBlockName: string, content: unknown, options: unknown = {}) =>
    admin.request({
      method: 'POST',
      url: `/api/pages/${(await newPage()).id}/buildingblockinstances`,
      payload: { buildingBlockName, layoutPosition: 'main', content, options },
    });

  async function publishedPage(
    name: string,
    blocks: NonNullable<Parameters<typeof createPage>[1]['blocks']>,
  ) {
    const { db } = test.database;
    const page = await createPage(db, { name, title: name, blocks });
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    await createMenuItem(db, { menuId: menu.id, urlSegment: name, name, pageId: page.id });
    return page;
  }

  async function searchTitles(words: string) {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(words)}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as SearchResults).hits.map((hit) => hit.title);
  }

  describe('contact', () => {
    it.each([
      ['a full contact card', contact, { kind: 'place' }, { kind: 'place' }],
      ['a card with only a name', { nl: { title: 'Anna de Vries' } }, {}, { kind: 'organization' }],
    ])('saves %s with its options and defaults', async (_case, content, options, stored) => {
      const response = await add('contact', content, options);
      expect(response.statusCode).toBe(201);
      const block = response.json();
      expect(block).toMatchObject({ buildingBlockName: 'contact', options: stored });
      const visitor = await test.app.inject({
        method: 'GET',
        url: `/api/buildingblockinstance/${block.guid}`,
      });
      expect(visitor.json()).toMatchObject({ buildingBlockName: 'contact', content, options: stored });
    });

    it.each([
      ['without a name', { title: '' }, 'content.nl.title', null],
      ['with a name over 200 characters', { title: 'x'.repeat(201) }, 'content.nl.title', null],
      ['with a role over 200 characters', { label: 'x'.repeat(201) }, 'content.nl.label', null],
      ['with an address over 500 characters', { address: 'x'.repeat(501) }, 'content.nl.address', null],
      [
        'with opening hours over 1000 characters',
        { openingHours: 'x'.repeat(1001) },
        'content.nl.openingHours',
        null,
      ],
      ['with a name that is no text', { title: { html: '<b>x</b>' } }, 'content.nl.title', null],
      ...[
        'javascript:alert(1)',
        'tel:0513123456',
        '123;ext=<script>alert(1)</script>',
        '0513 123 456\nX: y',
        '0513\u00a0123456',
        '\uff10\uff15\uff11\uff13\uff11\uff12\uff13\uff14\uff15\uff16',
        '12345',
        '   ',
        '1'.repeat(21),
      ].map((phone): [string, object, string, string] => [
        `with the phone number ${JSON.stringify(phone)}`,
        { phone },
        'content.nl.phone',
        'validation.phone',
      ]),
      ...[
        'javascript:alert(1)',
        'javascript:alert(1)//@example.nl',
        'a@example.nl?bcc=b@example.nl',
        'a@example.nl\nBcc: b@example.nl',
        '<a@example.nl>',
        'a@localhost',
        ' ',
      ].map((email): [string, object, string, string] => [
        `with the e-mail address ${JSON.stringify(email)}`,
        { email },
        'content.nl.email',
        'validation.email',
      ]),
    ])('answers 400 to a card %s, naming the field', async (_case, change, path, key) => {
      const body = expectApiError(
        await add('contact', { nl: { ...contact.nl, ...change } }),
        400,
        'validation_failed',
      );
      if (key) expect(body.error.details).toContainEqual({ path, message: validationText(key, 'nl') });
      else expect(body.error.details?.map((detail) => detail.path)).toContain(path);
    });

    it('answers 400 to an unknown kind and to a bad English phone number, naming the field', async () => {
      expect(
        expectApiError(
          await add('contact', contact, { kind: 'LocalBusiness' }),
          400,
          'validation_failed',
        ).error.details?.map((detail) => detail.path),
      ).toContain('options.kind');
      const body = expectApiError(
        await add('contact', { ...contact, en: { title: 'x', phone: 'javascript:alert(1)' } }),
        400,
        'validation_failed',
      );
      expect(body.error.details).toContainEqual({
        path: 'content.en.phone',
        message: validationText('validation.phone', 'nl'),
      });
    });

    it('makes the name and the role searchable', async () => {
      await publishedPage('verenigingen', [
        { name: 'contact', content: { nl: { title: 'IJsclub Thialf', label: 'Penningmeester' } } },
      ]);
      await refreshSearchIndex(test.database.db);
      for (const words of ['IJsclub', 'Thialf', 'penningmeester']) {
        expect(await searchTitles(words), words).toContain('verenigingen');
      }
    });
  });

  describe('table', () => {
    const cells = (...texts: string[]) => texts.map((text) => ({ text }));
    const grid = (rows: number, columns: number, text = 'x') =>
      Array.from({ length: rows }, () => Array.from({ length: columns }, () => ({ text })));
    const hours = {
      nl: {
        caption: 'Openingstijden',
        rows: [cells('Dag', 'Open'), cells('Maandag', '9.00–17.00'), cells('Zaterdag', 'gesloten')],
      },
      en: { caption: '', rows: [cells('Day', 'Open'), cells('Monday', '9.00–17.00')] },
    };

    it.each([
      [
        'opening hours as a grid',
        hours,
        { headerColumn: true },
        { headerRow: true, headerColumn: true, striped: true },
      ],
      [
        'the largest table',
        { nl: { caption: 'c'.repeat(300), rows: grid(50, 10, 'y'.repeat(500)) } },
        {},
        { headerRow: true, headerColumn: false, striped: true },
      ],
      [
        'a table without headers or stripes',
        { nl: { rows: grid(1, 1) } },
        { headerRow: false, striped: false },
        { headerRow: false, headerColumn: false, striped: false },
      ],
    ])('saves %s with its options and defaults', async (_case, content, options, stored) => {
      const response = await add('table', content, options);
      expect(response.statusCode).toBe(201);
      const block = response.json();
      expect(block).toMatchObject({ buildingBlockName: 'table', options: stored });
      const visitor = await test.app.inject({
        method: 'GET',
        url: `/api/buildingblockinstance/${block.guid}`,
      });
      expect(visitor.json()).toMatchObject({ buildingBlockName: 'table', content, options: stored });
    });

    it.each([
      ['51 rows', { rows: grid(51, 2) }, 'content.nl.rows', null],
      ['11 columns', { rows: grid(2, 11) }, 'content.nl.rows.0', null],
      ['no rows', { rows: [] }, 'content.nl.rows', null],
      ['an empty row', { rows: [[]] }, 'content.nl.rows.0', null],
      [
        'a cell over 500 characters',
        { rows: [cells('a', 'x'.repeat(501))] },
        'content.nl.rows.0.1.text',
        null,
      ],
      [
        'a caption over 300 characters',
        { caption: 'x'.repeat(301), rows: grid(1, 1) },
        'content.nl.caption',
        null,
      ],
      [
        'a cell that is a string, not a cell',
        { rows: [['javascript:alert(1)']] },
        'content.nl.rows.0.0',
        null,
      ],
      [
        'a cell of HTML-typed content',
        { rows: [[{ text: { html: '<script>alert(1)</script>' } }]] },
        'content.nl.rows.0.0.text',
        null,
      ],
      ['rows that are not a list', { rows: 'javascript:alert(1)' }, 'content.nl.rows', null],
      [
        'a shorter second row',
        { rows: [cells('a', 'b', 'c'), cells('d', 'e')] },
        'content.nl.rows.1',
        { row: 2, columns: 3 },
      ],
      [
        'a longer third row',
        { rows: [cells('a'), cells('b'), cells('c', 'd')] },
        'content.nl.rows.2',
        { row: 3, columns: 1 },
      ],
    ])('answers 400 to a table with %s, naming the field', async (_case, nl, path, params) => {
      const body = expectApiError(await add('table', { nl }), 400, 'validation_failed');
      const paths = body.error.details?.map((detail) => detail.path);
      expect(paths).toContain(path);
      if (params) {
        expect(body.error.details).toContainEqual({
          path,
          message: validationText('validation.tableRowLength', 'nl', params),
        });
      }
    });

    it('answers 400 to options that are not booleans, naming the option', async () => {
      const body = expectApiError(
        await add('table', hours, { headerRow: 'javascript:alert(1)', striped: 1 }),
        400,
        'validation_failed',
      );
      expect(body.error.details?.map((detail) => detail.path).sort()).toEqual([
        'options.headerRow',
        'options.striped',
      ]);
    });

    it('makes the caption and the words of its cells searchable', async () => {
      await publishedPage('zwembad', [
        {
          name: 'table',
          content: {
            nl: { caption: 'Badtijden', rows: [cells('Dag', 'Bad'), cells('Woensdag', 'Banenzwemmen')] },
          },
        },
      ]);
      await refreshSearchIndex(test.database.db);
      for (const words of ['Badtijden', 'banenzwemmen', 'Woensdag']) {
        expect(await searchTitles(words), words).toContain('zwembad');
      }
    });
  });
});
