import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { auditEvents, buildingBlockInstances, media } from '../../db/schema.ts';
import { validationText } from '../../errors.ts';
import { createBlock, createPage } from '../../seed/builders.ts';

const EDITORS = '7c1e2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const UNKNOWN_GUID = '00000000-0000-4000-8000-000000000000';
const textContent = (nl: string, en?: string) => ({
  nl: { doc: paragraphs(nl) },
  ...(en ? { en: { doc: paragraphs(en) } } : {}),
});

describe('block editing', () => {
  let test: TestApp;
  let admin: Browser;
  let editor: Browser;
  let roleEditor: Browser;
  let member: Browser;
  beforeAll(async () => {
    test = await createTestApp();
    const { db } = test.database;
    await buildUser(db, { email: 'beheer@example.nl', isAdmin: true });
    await buildUser(db, { email: 'redactie@example.nl', isContentManager: true, roleIds: [EDITORS] });
    await buildUser(db, { email: 'lid@example.nl' });
    // Edits the role's pages but is no content manager: no media library (issue 27).
    await buildUser(db, { email: 'rol@example.nl', roleIds: [EDITORS] });
    admin = await signInAs(test.app, 'beheer@example.nl');
    editor = await signInAs(test.app, 'redactie@example.nl');
    roleEditor = await signInAs(test.app, 'rol@example.nl');
    member = await signInAs(test.app, 'lid@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  let pageCounter = 0;
  async function editorsPage(input: Partial<Parameters<typeof createPage>[1]> = {}) {
    pageCounter += 1;
    return createPage(test.database.db, {
      name: `bewerk-${pageCounter}`,
      title: `Bewerk ${pageCounter}`,
      editPermission: 'roles',
      editRoles: [EDITORS],
      ...input,
    });
  }

  async function addMedia(input: { purpose: 'block' | 'public' | 'item'; ownerGuid?: string | null }) {
    const [row] = await test.database.db
      .insert(media)
      .values({
        contentHash: randomBytes(32).toString('hex'),
        purpose: input.purpose,
        ownerGuid: input.ownerGuid ?? null,
        fileName: 'foto.png',
        format: 'png',
        width: 2000,
        height: 1000,
        size: 12345,
      })
      .returning();
    if (!row) throw new Error('media not created');
    return row;
  }

  const contentVersion = async () =>
    Number(
      (await queryRows<{ version: string }>(test.database.db, sql`SELECT version FROM content_version`))[0]
        ?.version,
    );

  describe('POST /api/pages/{id}/buildingblockinstances', () => {
    it('lets the page’s content manager add a text block at the end of a position, with an audit event', async () => {
      const page = await editorsPage({ blocks: [{ name: 'divider' }, { name: 'divider' }] });
      const before = await contentVersion();
      const response = await editor.request({
        method: 'POST',
        url: `/api/pages/${page.id}/buildingblockinstances`,
        payload: {
          buildingBlockName: 'text',
          layoutPosition: 'main',
          content: textContent('Hallo', 'Hello'),
        },
      });
      expect(response.statusCode).toBe(201);
      const block = response.json();
      expect(block).toMatchObject({
        pageGuid: page.id,
        buildingBlockName: 'text',
        layoutPosition: 'main',
        sortId: 30,
        options: {},
        content: textContent('Hallo', 'Hello'),
      });
      expect(await contentVersion()).toBeGreaterThan(before);
      const events = await test.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, block.guid), eq(auditEvents.action, 'block.create')));
      expect(events).toHaveLength(1);
      const visitor = await test.app.inject({
        method: 'GET',
        url: `/api/buildingblockinstance/${block.guid}`,
      });
      expect(visitor.statusCode).toBe(200);
    });

    it('fills in the type’s defaults and keeps an explicit sortId', async () => {
      const page = await editorsPage();
      const response = await admin.request({
        method: 'POST',
        url: `/api/pages/${page.id}/buildingblockinstances`,
        payload: {
          buildingBlockName: 'list',
          layoutPosition: 'right',
          content: { nl: { title: 'Nieuws' } },
          options: { defaultItemsPerPage: 5 },
          sortId: 5,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        sortId: 5,
        layoutPosition: 'right',
        options: { defaultItemsPerPage: 5, defaultSortBy: 'publishedOn_desc', sortOrder: 'automatic' },
      });
    });

    it('answers 400 to an unknown block type', async () => {
      const page = await editorsPage();
      const body = expectApiError(
        await admin.request({
          method: 'POST',
          url: `/api/pages/${page.id}/buildingblockinstances`,
          payload: { buildingBlockName: 'carousel', layoutPosition: 'main', content: { nl: {} } },
        }),
        400,
        'validation_failed',
      );
      expect(body.error.details?.[0]?.path).toBe('buildingBlockName');
    });

    it.each([
      ['an image with an alt text that is no text', 'image', { nl: { alt: 5 } }, {}, 'content.nl.alt'],
      ['a text block without a doc', 'text', { nl: { html: '<p>x</p>' } }, {}, 'content.nl.doc'],
      [
        'an English video without a url',
        'video',
        { nl: { url: 'https://vimeo.com/76979871', title: 'T' }, en: { title: 'T' } },
        {},
        'content.en.url',
      ],
      [
        'a button with a javascript: link',
        'buttons',
        { nl: { buttons: [{ label: 'x', href: 'javascript:alert(1)' }] } },
        {},
        'content.nl.buttons.0.href',
      ],
      ...[
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'javascript://www.youtube.com/%0aalert(1)',
        'https://video.example.org/watch?v=aqz-KE-bpKQ',
      ].map((url): [string, string, object, object, string] => [
        `a video at ${url}`,
        'video',
        { nl: { url, title: 'T' } },
        {},
        'content.nl.url',
      ]),
      ...[
        'http://[::ffff:0:7f00:1]/',
        'http://[64:ff9b::7f00:1]/',
        'http://[fec0::1]/',
        'http://224.0.0.1/',
        'http://255.255.255.255/',
        'http://198.18.0.1/',
        '/\\evil.example',
      ].map((href): [string, string, object, object, string] => [
        `a button linking to ${href}`,
        'buttons',
        { nl: { buttons: [{ label: 'x', href }] } },
        {},
        'content.nl.buttons.0.href',
      ]),
      ['a divider of an unknown variant', 'divider', { nl: {} }, { variant: 'wavy' }, 'options.variant'],
      [
        'a list with too many items per page',
        'list',
        { nl: {} },
        { defaultItemsPerPage: 100000 },
        'options.defaultItemsPerPage',
      ],
    ])('answers 400 to %s', async (_label, name, content, options, path) => {
      const page = await editorsPage();
      const body = expectApiError(
        await admin.request({
          method: 'POST',
          url: `/api/pages/${page.id}/buildingblockinstances`,
          payload: { buildingBlockName: name, layoutPosition: 'main', content, options },
        }),
        400,
        'validation_failed',
      );
      expect(body.error.details?.map((detail) => detail.path)).toContain(path);
    });

    it('answers 400 to content that is not per locale, and to an unknown position', async () => {
      const page = await editorsPage();
      for (const payload of [
        { buildingBlockName: 'divider', layoutPosition: 'main', content: {} },
        { buildingBlockName: 'divider', layoutPosition: 'main', content: 'tekst' },
        { buildingBlockName: 'divider', layoutPosition: 'sidebar', content: { nl: {} } },
      ]) {
        expectApiError(
          await admin.request({
            method: 'POST',
            url: `/api/pages/${page.id}/buildingblockinstances`,
            payload,
          }),
          400,
          'validation_failed',
        );
      }
    });

    it('creates an image block without an image yet (the upload needs its guid)', async () => {
      const page = await editorsPage();
      const response = await editor.request({
        method: 'POST',
        url: `/api/pages/${page.id}/buildingblockinstances`,
        payload: {
          buildingBlockName: 'image',
          layoutPosition: 'main',
          content: { nl: { alt: 'Het dorpshuis' } },
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        options: { imageGuid: null, width: null, height: null, size: 'full' },
        content: { nl: { alt: 'Het dorpshuis', caption: '' } },
      });
    });
  });

  describe('who may change blocks', () => {
    type Actor = 'anonymous' | 'member' | 'editor' | 'admin';
    const as = (actor: Exclude<Actor, 'anonymous'>) => ({ member, editor, admin })[actor];

    async function attempt(actor: Actor, kind: 'roles page' | 'admins page' | 'draft' | 'template') {
      const page =
        kind === 'template'
          ? await editorsPage({ kind: 'template', blocks: [{ name: 'divider' }] })
          : kind === 'admins page'
            ? await editorsPage({ editPermission: 'admins', editRoles: [], blocks: [{ name: 'divider' }] })
            : await editorsPage({ isPublished: kind !== 'draft', blocks: [{ name: 'divider' }] });
      const block = page.blocks[0]!;
      const requests = [
        {
          method: 'POST' as const,
          url: `/api/pages/${page.id}/buildingblockinstances`,
          payload: { buildingBlockName: 'divider', layoutPosition: 'main', content: { nl: {} } },
        },
        {
          method: 'PUT' as const,
          url: `/api/buildingblockinstance/${block.id}`,
          payload: { options: { size: 'lg' } },
        },
        {
          method: 'POST' as const,
          url: `/api/buildingblockinstance/${block.id}/options`,
          payload: { size: 'sm' },
        },
        {
          method: 'POST' as const,
          url: `/api/pages/${page.id}/buildingblockinstances:reorder`,
          payload: { position: 'main', guids: [block.id] },
        },
        { method: 'DELETE' as const, url: `/api/buildingblockinstance/${block.id}` },
      ];
      const statuses = [];
      for (const request of requests) {
        const response =
          actor === 'anonymous'
            ? await test.app.inject({
                method: request.method,
                url: request.url,
                ...(request.payload ? { payload: request.payload } : {}),
              })
            : await as(actor).request(request);
        statuses.push(response.statusCode);
      }
      return [...new Set(statuses)];
    }

    // Every write endpoint answers the same for an actor and page; success is 201/200/204 per endpoint.
    it.each([
      ['anonymous', 'roles page', [401]],
      ['anonymous', 'draft', [401]],
      ['member', 'roles page', [403]],
      ['member', 'draft', [404]],
      ['member', 'template', [403]],
      ['editor', 'roles page', [201, 200, 204]],
      ['editor', 'draft', [201, 200, 204]],
      ['editor', 'admins page', [403]],
      ['editor', 'template', [403]],
      ['admin', 'admins page', [201, 200, 204]],
      ['admin', 'template', [201, 200, 204]],
    ] as const)('a %s on a %s gets %j', async (actor, kind, expected) => {
      expect(await attempt(actor, kind)).toEqual(expected);
    });

    it('answers 404 for an unknown block or page, also to an admin', async () => {
      expectApiError(
        await admin.request({
          method: 'PUT',
          url: `/api/buildingblockinstance/${UNKNOWN_GUID}`,
          payload: {},
        }),
        404,
        'not_found',
      );
      expectApiError(
        await admin.request({ method: 'DELETE', url: `/api/buildingblockinstance/${UNKNOWN_GUID}` }),
        404,
        'not_found',
      );
      expectApiError(
        await admin.request({
          method: 'POST',
          url: `/api/pages/${UNKNOWN_GUID}/buildingblockinstances`,
          payload: { buildingBlockName: 'divider', layoutPosition: 'main', content: { nl: {} } },
        }),
        404,
        'not_found',
      );
    });

    it('refuses a cookie request without the XSRF header', async () => {
      const page = await editorsPage({ blocks: [{ name: 'divider' }] });
      expectApiError(
        await editor.request({
          method: 'DELETE',
          url: `/api/buildingblockinstance/${page.blocks[0]!.id}`,
          withXsrf: false,
        }),
        403,
        'xsrf_failed',
      );
    });
  });

  describe('PUT /api/buildingblockinstance/{guid}', () => {
    it('replaces content and options, and moves the block to the end of another position', async () => {
      const page = await editorsPage({
        layout: '75-25',
        blocks: [
          { name: 'text', content: textContent('Oud') },
          { name: 'divider', position: 'right' },
        ],
      });
      const [text] = page.blocks;
      const response = await editor.request({
        method: 'PUT',
        url: `/api/buildingblockinstance/${text!.id}`,
        payload: { content: textContent('Nieuw', 'New'), layoutPosition: 'right' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        content: textContent('Nieuw', 'New'),
        layoutPosition: 'right',
        sortId: 20,
      });
    });

    it('answers 400 to invalid content and leaves the block as it was', async () => {
      const page = await editorsPage({ blocks: [{ name: 'text', content: textContent('Blijft') }] });
      const block = page.blocks[0]!;
      expectApiError(
        await editor.request({
          method: 'PUT',
          url: `/api/buildingblockinstance/${block.id}`,
          payload: { content: { nl: { doc: { type: 'paragraph' } } } },
        }),
        400,
        'validation_failed',
      );
      const stored = await test.app.inject({ method: 'GET', url: `/api/buildingblockinstance/${block.id}` });
      expect(stored.json().content).toEqual(textContent('Blijft'));
    });

    it('answers 400 to a block whose stored type is no longer known', async () => {
      const page = await editorsPage();
      const legacy = await createBlock(test.database.db, { pageId: page.id, name: 'oud-type' });
      expectApiError(
        await admin.request({ method: 'PUT', url: `/api/buildingblockinstance/${legacy.id}`, payload: {} }),
        400,
        'validation_failed',
      );
    });
  });

  describe('links and video URLs (the URL rule, common/urls.ts)', () => {
    const linked = (href: string) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href } }] }],
        },
      ],
    });
    const add = async (buildingBlockName: string, content: unknown, options: unknown = {}) =>
      admin.request({
        method: 'POST',
        url: `/api/pages/${(await editorsPage()).id}/buildingblockinstances`,
        payload: { buildingBlockName, layoutPosition: 'main', content, options },
      });

    it.each([
      [
        'a video with a javascript: URL',
        'video',
        { nl: { url: 'javascript://www.youtube.com/%0aalert(1)', title: 'T' } },
        {},
        'content.nl.url',
        'validation.videoUrl',
      ],
      [
        'a video with a data: URL',
        'video',
        { nl: { url: 'data:text/html,<script>alert(1)</script>', title: 'T' } },
        {},
        'content.nl.url',
        'validation.videoUrl',
      ],
      [
        'a video of a provider we do not embed',
        'video',
        { nl: { url: 'https://video.example.org/1', title: 'T' } },
        {},
        'content.nl.url',
        'validation.videoUrl',
      ],
      [
        'a button to an IPv4-translated loopback address',
        'buttons',
        { nl: { buttons: [{ label: 'x', href: 'http://[::ffff:0:7f00:1]/' }] } },
        {},
        'content.nl.buttons.0.href',
        'validation.link',
      ],
      [
        'a button to NAT64 with a private IPv4 address',
        'buttons',
        { nl: { buttons: [{ label: 'x', href: 'http://[64:ff9b::a9fe:a9fe]/' }] } },
        {},
        'content.nl.buttons.0.href',
        'validation.link',
      ],
      [
        'an English button to a multicast address',
        'buttons',
        {
          nl: { buttons: [{ label: 'x', href: '/goed' }] },
          en: { buttons: [{ label: 'x', href: 'http://224.0.0.1/' }] },
        },
        {},
        'content.en.buttons.0.href',
        'validation.link',
      ],
      [
        'a text with a link to another host written as a local link',
        'text',
        { nl: { doc: linked('/\\evil.example') } },
        {},
        'content.nl.doc',
        'validation.link',
      ],
      [
        'an accordion with a javascript: link',
        'accordion',
        { nl: { items: [{ title: 'V', doc: linked('JaVaScRiPt:alert(1)') }] } },
        {},
        'content.nl.items.0.doc',
        'validation.link',
      ],
      [
        'an image linking to a benchmarking address',
        'image',
        { nl: { alt: 'Foto' } },
        { href: 'http://198.18.0.1/' },
        'options.href',
        'validation.link',
      ],
    ])(
      'answers 400 to %s, naming the field and the rule',
      async (_case, name, content, options, path, key) => {
        const body = expectApiError(await add(name, content, options), 400, 'validation_failed');
        expect(body.error.details).toContainEqual({ path, message: validationText(key, 'nl') });
      },
    );

    it.each([
      [
        'a YouTube video',
        'video',
        { nl: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'T' } },
        {},
      ],
      ['a Vimeo video', 'video', { nl: { url: 'https://vimeo.com/76979871', title: 'T' } }, {}],
      [
        'buttons to a page, an anchor, a public site, mail and phone',
        'buttons',
        {
          nl: {
            buttons: [
              { label: 'a', href: '/nieuws/item?x=1' },
              { label: 'b', href: '#contact' },
              { label: 'c', href: 'https://www.gemeente.nl/x?y=1#z' },
              { label: 'd', href: 'mailto:info@gemeente.nl' },
              { label: 'e', href: 'tel:+31201234567' },
              { label: 'f', href: 'https://[2a00:1450:4001::200e]/' },
            ],
          },
        },
        {},
      ],
      ['a text with a public link', 'text', { nl: { doc: linked('https://www.rijksoverheid.nl/') } }, {}],
      ['an image linking to a page', 'image', { nl: { alt: 'Foto' } }, { href: '/over-ons' }],
    ])('saves %s', async (_case, name, content, options) => {
      const response = await add(name, content, options);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ buildingBlockName: name, content });
    });

    it('answers 400 to replacing a video’s URL with a javascript: URL, and keeps the old one', async () => {
      const page = await editorsPage({
        blocks: [{ name: 'video', content: { nl: { url: 'https://vimeo.com/76979871', title: 'T' } } }],
      });
      const block = page.blocks[0]!;
      const body = expectApiError(
        await editor.request({
          method: 'PUT',
          url: `/api/buildingblockinstance/${block.id}`,
          payload: { content: { nl: { url: 'javascript:alert(1)', title: 'T' } } },
        }),
        400,
        'validation_failed',
      );
      expect(body.error.details).toEqual([
        { path: 'content.nl.url', message: validationText('validation.videoUrl', 'nl') },
      ]);
      const stored = await test.app.inject({ method: 'GET', url: `/api/buildingblockinstance/${block.id}` });
      expect(stored.json().content.nl.url).toBe('https://vimeo.com/76979871');
    });
  });

  describe('image blocks', () => {
    async function imageBlock() {
      const page = await editorsPage();
      const response = await editor.request({
        method: 'POST',
        url: `/api/pages/${page.id}/buildingblockinstances`,
        payload: { buildingBlockName: 'image', layoutPosition: 'main', content: { nl: { alt: 'Foto' } } },
      });
      return response.json() as { guid: string };
    }

    it('takes an image uploaded for this block and fills in its size from the media', async () => {
      const block = await imageBlock();
      const image = await addMedia({ purpose: 'block', ownerGuid: block.guid });
      const response = await editor.request({
        method: 'PUT',
        url: `/api/buildingblockinstance/${block.guid}`,
        // A client cannot set the size: the server takes it from the media row.
        payload: { options: { imageGuid: image.id, width: 1, height: 1, size: 'medium' } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().options).toMatchObject({
        imageGuid: image.id,
        width: 2000,
        height: 1000,
        size: 'medium',
      });
    });

    it('takes a public image', async () => {
      const block = await imageBlock();
      const image = await addMedia({ purpose: 'public' });
      const response = await editor.request({
        method: 'POST',
        url: `/api/buildingblockinstance/${block.guid}/options`,
        payload: { imageGuid: image.id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().options).toMatchObject({ imageGuid: image.id, width: 2000, size: 'full' });
    });

    it.each([
      ['unknown media', async () => UNKNOWN_GUID],
      [
        'an image uploaded for another block',
        async () => (await addMedia({ purpose: 'block', ownerGuid: UNKNOWN_GUID })).id,
      ],
      ['an item’s image', async () => (await addMedia({ purpose: 'item', ownerGuid: UNKNOWN_GUID })).id],
    ])('answers 400 to %s from an editor without the library', async (_label, imageGuid) => {
      const block = await imageBlock();
      const body = expectApiError(
        await roleEditor.request({
          method: 'PUT',
          url: `/api/buildingblockinstance/${block.guid}`,
          payload: { options: { imageGuid: await imageGuid() } },
        }),
        400,
        'validation_failed',
      );
      expect(body.error.details?.[0]?.path).toBe('options.imageGuid');
    });
  });

  describe('widget blocks', () => {
    it('take a list block as their source and refuse anything else', async () => {
      const listPage = await editorsPage({
        blocks: [{ name: 'list', content: { nl: { title: 'Nieuws' } } }, { name: 'divider' }],
      });
      const [list, divider] = listPage.blocks;
      const page = await editorsPage();
      const ok = await editor.request({
        method: 'POST',
        url: `/api/pages/${page.id}/buildingblockinstances`,
        payload: {
          buildingBlockName: 'widget',
          layoutPosition: 'main',
          content: { nl: { title: 'Laatste nieuws' } },
          options: { sourceBlockGuid: list!.id, showImages: false },
        },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().options).toMatchObject({
        sourceBlockGuid: list!.id,
        showImages: false,
        defaultItemsPerPage: 5,
      });
      for (const source of [divider!.id, UNKNOWN_GUID]) {
        const body = expectApiError(
          await editor.request({
            method: 'POST',
            url: `/api/buildingblockinstance/${ok.json().guid}/options`,
            payload: { sourceBlockGuid: source },
          }),
          400,
          'validation_failed',
        );
        expect(body.error.details?.[0]?.path).toBe('options.sourceBlockGuid');
      }
    });
  });

  describe('POST /api/buildingblockinstance/{guid}/options', () => {
    it('merges into the stored options and validates the result', async () => {
      const page = await editorsPage({
        blocks: [{ name: 'divider', options: { variant: 'dotted', size: 'sm' } }],
      });
      const block = page.blocks[0]!;
      const response = await editor.request({
        method: 'POST',
        url: `/api/buildingblockinstance/${block.id}/options`,
        payload: { size: 'xl' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().options).toEqual({ variant: 'dotted', size: 'xl' });
      expectApiError(
        await editor.request({
          method: 'POST',
          url: `/api/buildingblockinstance/${block.id}/options`,
          payload: { size: 'enorm' },
        }),
        400,
        'validation_failed',
      );
    });
  });

  describe('POST /api/buildingblockinstance/{guid}/permissions', () => {
    it('stores who may add items in the options, and options changes keep it', async () => {
      const page = await editorsPage({ blocks: [{ name: 'list', content: { nl: { title: 'Agenda' } } }] });
      const block = page.blocks[0]!;
      const response = await editor.request({
        method: 'POST',
        url: `/api/buildingblockinstance/${block.id}/permissions`,
        payload: { addPermission: 'roles', addRoles: ['leden', 'leden', 'bestuur'] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().options.permissions).toEqual({
        addPermission: 'roles',
        addRoles: ['leden', 'bestuur'],
      });
      const changed = await editor.request({
        method: 'PUT',
        url: `/api/buildingblockinstance/${block.id}`,
        // A permissions key in options is ignored: only the permissions call changes them.
        payload: { options: { defaultItemsPerPage: 3, permissions: { addPermission: 'users' } } },
      });
      expect(changed.json().options).toMatchObject({
        defaultItemsPerPage: 3,
        permissions: { addPermission: 'roles', addRoles: ['leden', 'bestuur'] },
      });
      const users = await editor.request({
        method: 'POST',
        url: `/api/buildingblockinstance/${block.id}/permissions`,
        payload: { addPermission: 'users', addRoles: ['leden'] },
      });
      expect(users.json().options.permissions).toEqual({ addPermission: 'users', addRoles: [] });
    });

    it('answers 400 to an unknown mode or a block that takes no items, 403 to a member', async () => {
      const page = await editorsPage({ blocks: [{ name: 'list' }, { name: 'divider' }] });
      const [list, divider] = page.blocks;
      expectApiError(
        await editor.request({
          method: 'POST',
          url: `/api/buildingblockinstance/${list!.id}/permissions`,
          payload: { addPermission: 'everyone' },
        }),
        400,
        'validation_failed',
      );
      expectApiError(
        await editor.request({
          method: 'POST',
          url: `/api/buildingblockinstance/${divider!.id}/permissions`,
          payload: { addPermission: 'users' },
        }),
        400,
        'validation_failed',
      );
      expectApiError(
        await member.request({
          method: 'POST',
          url: `/api/buildingblockinstance/${list!.id}/permissions`,
          payload: { addPermission: 'users' },
        }),
        403,
        'forbidden',
      );
    });
  });

  describe('POST /api/pages/{id}/buildingblockinstances:reorder', () => {
    it('sets the sort order, moves blocks between positions and keeps unlisted ones after', async () => {
      const page = await editorsPage({
        layout: '75-25',
        blocks: [
          { name: 'divider' },
          { name: 'divider' },
          { name: 'divider' },
          { name: 'divider', position: 'right' },
        ],
      });
      const [a, b, c, side] = page.blocks.map((block) => block.id);
      const response = await editor.request({
        method: 'POST',
        url: `/api/pages/${page.id}/buildingblockinstances:reorder`,
        payload: { position: 'main', guids: [c, side, a] },
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.json().map((block: { guid: string; sortId: number }) => [block.guid, block.sortId]),
      ).toEqual([
        [c, 10],
        [side, 20],
        [a, 30],
        [b, 40],
      ]);
      const rows = await test.database.db
        .select()
        .from(buildingBlockInstances)
        .where(eq(buildingBlockInstances.pageId, page.id));
      expect(rows.every((row) => row.layoutPosition === 'main')).toBe(true);
    });

    it('answers 400 to a block of another page or a repeated guid', async () => {
      const page = await editorsPage({ blocks: [{ name: 'divider' }] });
      const other = await editorsPage({ blocks: [{ name: 'divider' }] });
      const own = page.blocks[0]!.id;
      for (const guids of [[own, other.blocks[0]!.id], [own, own], [UNKNOWN_GUID]]) {
        expectApiError(
          await editor.request({
            method: 'POST',
            url: `/api/pages/${page.id}/buildingblockinstances:reorder`,
            payload: { position: 'main', guids },
          }),
          400,
          'validation_failed',
        );
      }
    });
  });

  describe('DELETE /api/buildingblockinstance/{guid}', () => {
    it('removes the block: it is gone for visitors and the API', async () => {
      const page = await editorsPage({ blocks: [{ name: 'divider' }] });
      const block = page.blocks[0]!;
      const response = await editor.request({
        method: 'DELETE',
        url: `/api/buildingblockinstance/${block.id}`,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectApiError(
        await test.app.inject({ method: 'GET', url: `/api/buildingblockinstance/${block.id}` }),
        404,
        'not_found',
      );
      expectApiError(
        await editor.request({ method: 'DELETE', url: `/api/buildingblockinstance/${block.id}` }),
        404,
        'not_found',
      );
    });
  });

  describe('GET /api/buildingblockinstance?buildingBlockName=list', () => {
    it('lists the list blocks on pages the caller sees, with their page', async () => {
      const visible = await editorsPage({
        title: 'Zichtbaar',
        blocks: [{ name: 'list', content: { nl: { title: 'Nieuws' }, en: { title: 'News' } } }],
      });
      const draft = await editorsPage({
        isPublished: false,
        blocks: [{ name: 'list', content: { nl: { title: 'Geheim' } } }],
      });
      const visitor = await test.app.inject({
        method: 'GET',
        url: '/api/buildingblockinstance?buildingBlockName=list&lang=en',
      });
      expect(visitor.statusCode).toBe(200);
      const guids = visitor.json().map((block: { guid: string }) => block.guid);
      expect(guids).toContain(visible.blocks[0]!.id);
      expect(guids).not.toContain(draft.blocks[0]!.id);
      expect(visitor.json()).toContainEqual({
        guid: visible.blocks[0]!.id,
        buildingBlockName: 'list',
        title: 'News',
        pageGuid: visible.id,
        pageName: visible.name,
        pageTitle: 'Zichtbaar',
      });
      const asEditor = await editor.request({
        method: 'GET',
        url: '/api/buildingblockinstance?buildingBlockName=list',
      });
      expect(asEditor.json().map((block: { guid: string }) => block.guid)).toContain(draft.blocks[0]!.id);
      expectApiError(
        await test.app.inject({
          method: 'GET',
          url: '/api/buildingblockinstance?buildingBlockName=carousel',
        }),
        400,
        'validation_failed',
      );
    });
  });
});
