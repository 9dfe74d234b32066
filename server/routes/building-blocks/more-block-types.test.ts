import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import type { SearchResults } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { refreshSearchIndex } from '../../domains/search/queries.ts';
import { validationText } from '../../errors.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * The quote, notice and call-to-action blocks (issue 31) through the API: what they take, what they
 * refuse (hostile or oversized input: 400 `validation_failed` naming the field), and that the
 * search index reads their texts.
 */

const linked = (href: string) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'lees', marks: [{ type: 'link', attrs: { href } }] }],
    },
  ],
});
const quote = { nl: { text: 'Een dorp\nis zijn mensen.', caption: 'Anna de Vries' } };
const notice = { nl: { title: 'Wegafsluiting', doc: paragraphs('De Dorpsstraat is dicht.') } };
const callToAction = {
  nl: {
    title: 'Word vrijwilliger',
    text: 'Help mee bij de dorpsdag.',
    buttons: [
      { label: 'Meld je aan', href: '/aanmelden' },
      { label: 'Lees verder over de dorpsdag', href: 'page:0b6f3c2e-1d5a-4e1b-9a51-3f3b2a1c0d9e' },
    ],
  },
  en: { title: 'Volunteer', text: '', buttons: [{ label: 'Sign up', href: 'https://www.example.org/' }] },
};

describe('quote, notice and call-to-action blocks', () => {
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
    return createPage(test.database.db, { name: `blokken-${pageCounter}`, title: `Blokken ${pageCounter}` });
  }
  const add = async (buildingBlockName: string, content: unknown, options: unknown = {}) =>
    admin.request({
      method: 'POST',
      url: `/api/pages/${(await newPage()).id}/buildingblockinstances`,
      payload: { buildingBlockName, layoutPosition: 'main', content, options },
    });

  it.each([
    ['a quote', 'quote', quote, {}, {}],
    ['a notice', 'notice', notice, { kind: 'warning' }, { kind: 'warning' }],
    [
      'a notice without a title',
      'notice',
      { nl: { doc: paragraphs('Alleen tekst.') } },
      {},
      { kind: 'info' },
    ],
    ['a call to action', 'callToAction', callToAction, { background: 'primary' }, { background: 'primary' }],
    [
      'a call to action with one button',
      'callToAction',
      { nl: { title: 'Doe mee', buttons: [{ label: 'Ja', href: '#mee' }] } },
      {},
      { background: 'light' },
    ],
  ])('saves %s with its options and defaults', async (_case, name, content, options, stored) => {
    const response = await add(name, content, options);
    expect(response.statusCode).toBe(201);
    const block = response.json();
    expect(block).toMatchObject({ buildingBlockName: name, options: stored });
    const visitor = await test.app.inject({ method: 'GET', url: `/api/buildingblockinstance/${block.guid}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ buildingBlockName: name, content, options: stored });
  });

  it.each([
    ['a quote without words', 'quote', { nl: { text: '' } }, {}, 'content.nl.text', null],
    [
      'a quote over 1000 characters',
      'quote',
      { nl: { text: 'x'.repeat(1001) } },
      {},
      'content.nl.text',
      null,
    ],
    [
      'a quote source over 200 characters',
      'quote',
      { nl: { text: 'x', caption: 'y'.repeat(201) } },
      {},
      'content.nl.caption',
      null,
    ],
    [
      'a quote of HTML-typed content',
      'quote',
      { nl: { text: { html: '<script>alert(1)</script>' } } },
      {},
      'content.nl.text',
      null,
    ],
    ['a notice of an unknown kind', 'notice', notice, { kind: 'danger' }, 'options.kind', null],
    [
      'a notice title over 200 characters',
      'notice',
      { nl: { title: 'x'.repeat(201), doc: paragraphs('x') } },
      {},
      'content.nl.title',
      null,
    ],
    [
      'a notice of HTML instead of rich text',
      'notice',
      { nl: { doc: '<img src=x onerror=alert(1)>' } },
      {},
      'content.nl.doc',
      null,
    ],
    [
      'a notice with a javascript: link',
      'notice',
      { nl: { doc: linked('JaVaScRiPt:alert(1)') } },
      {},
      'content.nl.doc',
      'validation.link',
    ],
    [
      'a call to action without a title',
      'callToAction',
      { nl: { title: '', buttons: [{ label: 'Ja', href: '/ja' }] } },
      {},
      'content.nl.title',
      null,
    ],
    [
      'a call to action without buttons',
      'callToAction',
      { nl: { title: 'T', buttons: [] } },
      {},
      'content.nl.buttons',
      null,
    ],
    [
      'a call to action with three buttons',
      'callToAction',
      { nl: { title: 'T', buttons: ['/a', '/b', '/c'].map((href) => ({ label: 'x', href })) } },
      {},
      'content.nl.buttons',
      null,
    ],
    [
      'a call to action text over 1000 characters',
      'callToAction',
      { nl: { title: 'T', text: 'x'.repeat(1001), buttons: [{ label: 'x', href: '/x' }] } },
      {},
      'content.nl.text',
      null,
    ],
    [
      'a call to action of an unknown background',
      'callToAction',
      callToAction,
      { background: 'url(x)' },
      'options.background',
      null,
    ],
    ...[
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http://[::ffff:0:7f00:1]/',
      'http://10.0.0.1/',
      '/\\evil.example',
      'page:../../admin',
      '',
    ].map((href): [string, string, object, object, string, string] => [
      `a call to action button linking to ${JSON.stringify(href)}`,
      'callToAction',
      {
        nl: {
          title: 'T',
          buttons: [
            { label: 'Ja', href: '/ja' },
            { label: 'x', href },
          ],
        },
      },
      {},
      'content.nl.buttons.1.href',
      'validation.link',
    ]),
    [
      'an English call to action button to a multicast address',
      'callToAction',
      { ...callToAction, en: { title: 'T', buttons: [{ label: 'x', href: 'http://224.0.0.1/' }] } },
      {},
      'content.en.buttons.0.href',
      'validation.link',
    ],
  ])('answers 400 to %s, naming the field', async (_case, name, content, options, path, key) => {
    const body = expectApiError(await add(name, content, options), 400, 'validation_failed');
    if (key) expect(body.error.details).toContainEqual({ path, message: validationText(key, 'nl') });
    else expect(body.error.details?.map((detail) => detail.path)).toContain(path);
  });

  it('answers 400 to replacing a call to action’s link with a javascript: URL (PUT), and keeps the old one', async () => {
    const created = (await add('callToAction', callToAction)).json();
    const hostile = structuredClone(callToAction);
    (hostile.nl.buttons[0] as { href: string }).href = 'javascript:alert(document.cookie)';
    const body = expectApiError(
      await admin.request({
        method: 'PUT',
        url: `/api/buildingblockinstance/${created.guid}`,
        payload: { content: hostile },
      }),
      400,
      'validation_failed',
    );
    expect(body.error.details).toContainEqual({
      path: 'content.nl.buttons.0.href',
      message: validationText('validation.link', 'nl'),
    });
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/buildingblockinstance/${created.guid}`,
    });
    expect(stored.json().content).toEqual(callToAction);
  });

  it('replaces a notice’s kind and text (PUT)', async () => {
    const created = (await add('notice', notice)).json();
    const response = await admin.request({
      method: 'PUT',
      url: `/api/buildingblockinstance/${created.guid}`,
      payload: {
        content: { nl: { title: '', doc: paragraphs('Weer open.') } },
        options: { kind: 'success' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ options: { kind: 'success' }, content: { nl: { title: '' } } });
  });

  it('makes the texts of all three searchable: the quote and its source, the notice, the call to action and its buttons', async () => {
    const { db } = test.database;
    const page = await createPage(db, {
      name: 'vrijwilligers',
      title: 'Vrijwilligers',
      blocks: [
        {
          name: 'quote',
          content: { nl: { text: 'Zonder vrijwilligers geen kermis.', caption: 'Burgemeester Jansma' } },
        },
        {
          name: 'notice',
          content: { nl: { title: 'Omleiding', doc: paragraphs('De veerpont vaart niet.') } },
        },
        {
          name: 'callToAction',
          content: {
            nl: {
              title: 'Kom helpen',
              text: 'Wij zoeken klussers.',
              buttons: [{ label: 'Schrijf je in voor de ploeg', href: '/x' }],
            },
          },
        },
      ],
    });
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'vrijwilligers',
      name: 'Vrijwilligers',
      pageId: page.id,
    });
    await refreshSearchIndex(db);
    for (const words of ['kermis', 'Jansma', 'Omleiding', 'veerpont', 'klussers', 'Kom helpen', 'ploeg']) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(words)}`,
      });
      expect(response.statusCode).toBe(200);
      const results = response.json() as SearchResults;
      expect(
        results.hits.map((hit) => hit.title),
        words,
      ).toContain('Vrijwilligers');
    }
  });
});
