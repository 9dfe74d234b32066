import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RichTextNode } from '../../../common/blocks/rich-text.ts';
import { paragraphs } from '../../../common/blocks/rich-text.ts';
import { type PageView, TOP_LEVEL_MENU } from '../../../common/site.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { menuItems, menus } from '../../db/schema.ts';
import { type Actor, ANONYMOUS } from '../../policies/index.ts';
import { createPage } from '../../seed/builders.ts';
import { seedDemoSite } from '../../seed/demo.ts';
import { createSiteServices } from './services.ts';

type LogLine = { level: number; msg: string; buildingBlockName?: string; guid?: string };

/** A real pino logger whose lines the test can read. */
function captureLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { log, lines };
}

const admin: Actor = {
  user: {
    id: randomUUID(),
    isAdmin: true,
    isContentManager: false,
    isMett: false,
    isDeveloper: false,
    isActive: true,
    roleIds: [],
  },
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoSite({ db: database.db });
});
afterAll(async () => {
  await database.close();
});

const site = (actor: Actor = ANONYMOUS) =>
  createSiteServices({ db: database.db, actor, log: captureLog().log });
const byPath = (path: string, locale: 'nl' | 'en' = 'nl', actor: Actor = ANONYMOUS) =>
  site(actor).getPageByPath({ path, locale });
const htmlOf = (view: PageView | null, position = 'main') =>
  view?.blocks
    .filter((block) => block.name === 'text' && block.position === position)
    .map((block) => (block.data as { html: string }).html)
    .join('');

describe('getPageByPath: resolving a path through the menu', () => {
  it('treats an empty first segment as home', async () => {
    const home = await byPath('/');
    expect(home).toMatchObject({ name: 'home', title: 'Welkom', path: '/', contentLocale: 'nl' });
    expect((await byPath(''))?.name).toBe('home');
  });

  it('follows nested segments down to the third level', async () => {
    const page = await byPath('/over-ons/bestuur/vacatures');
    expect(page).toMatchObject({ name: 'vacatures-bestuur', path: '/over-ons/bestuur/vacatures' });
  });

  it('ignores a trailing slash and doubled slashes', async () => {
    expect((await byPath('/over-ons/bestuur/'))?.name).toBe('bestuur');
    expect((await byPath('//over-ons//bestuur'))?.name).toBe('bestuur');
  });

  it.each([
    ['an unknown top-level segment', '/bestaat-niet'],
    ['an unknown nested segment', '/over-ons/onbekend'],
    ['a segment below the deepest item', '/over-ons/bestuur/vacatures/meer'],
    ['a nested page asked at the top level', '/bestuur'],
    ['another case', '/Over-Ons'],
    ['an external menu item', '/gemeente'],
  ])('answers null for %s', async (_case, path) => {
    expect(await byPath(path)).toBeNull();
  });

  it('answers null to a visitor for the item of an unpublished page', async () => {
    expect(await byPath('/concept')).toBeNull();
  });

  it('resolves an unpublished page for an admin, who may edit it', async () => {
    const page = await byPath('/concept', 'nl', admin);
    expect(page).toMatchObject({ name: 'concept', abilities: { update: true } });
  });

  it("still resolves a hidden item's page", async () => {
    expect(await byPath('/activiteiten/vrijwilligers')).toMatchObject({ name: 'vrijwilligers' });
  });

  it('tells a visitor they may not edit the page', async () => {
    expect((await byPath('/nieuws'))?.abilities).toEqual({
      update: false,
      changeRights: false,
      chooseSocialImage: false,
    });
  });
});

describe('page views', () => {
  it('has breadcrumbs from the top of the menu down to the page, in the language asked', async () => {
    expect((await byPath('/over-ons/bestuur/vacatures'))?.breadcrumbs).toEqual([
      { name: 'Over ons', url: '/over-ons' },
      { name: 'Bestuur', url: '/over-ons/bestuur' },
      { name: 'Vacatures', url: '/over-ons/bestuur/vacatures' },
    ]);
    expect((await byPath('/over-ons/bestuur', 'en'))?.breadcrumbs).toEqual([
      { name: 'About us', url: '/over-ons' },
      { name: 'Board', url: '/over-ons/bestuur' },
    ]);
  });

  it('has the sub menu of the top-level item, nested, without hidden items', async () => {
    const about = await byPath('/over-ons/bestuur/vacatures');
    expect(about?.subMenu.map((node) => [node.name, node.url])).toEqual([
      ['Bestuur', '/over-ons/bestuur'],
      ['Geschiedenis', '/over-ons/geschiedenis'],
    ]);
    expect(about?.subMenu[0]?.children.map((node) => node.url)).toEqual(['/over-ons/bestuur/vacatures']);
    const activities = await byPath('/activiteiten');
    expect(activities?.subMenu.map((node) => node.name)).toEqual(['Kalender']);
    expect((await byPath('/'))?.subMenu).toEqual([]);
  });

  it('shows the header template the page names and the default footer template', async () => {
    const home = await byPath('/');
    expect(home?.headerBlocks).toHaveLength(1);
    expect(home?.headerBlocks[0]?.data).toEqual({ html: expect.stringContaining('jaarvergadering') });
    expect(home?.footerBlocks.map((block) => block.position)).toEqual(['left', 'main', 'right']);
    expect((await byPath('/nieuws'))?.headerBlocks).toEqual([]);
  });

  it('shows the header image the page names, in the language asked', async () => {
    expect((await byPath('/', 'en'))?.headerImage).toMatchObject({
      title: 'Welcome to Lindendorp',
      text: 'A lively village, by and for its residents.',
      imageUrl: null,
    });
    expect((await byPath('/nieuws'))?.headerImage).toBeNull();
  });

  it('gives content in English and falls back to Dutch where a block has no English', async () => {
    const english = await byPath('/', 'en');
    expect(english).toMatchObject({ title: 'Welcome', contentLocale: 'en' });
    expect(htmlOf(english)).toContain('Together we make the village');
    const onlyDutch = await createPage(database.db, {
      name: 'alleen-nederlands',
      title: 'Alleen Nederlands',
      blocks: [{ name: 'text', content: { nl: { doc: paragraphs('Alleen in het Nederlands') } } }],
    });
    const view = await site().getPageByName({ name: onlyDutch.name, locale: 'en' });
    expect(view?.title).toBe('Alleen Nederlands');
    expect(htmlOf(view)).toContain('Alleen in het Nederlands');
  });

  it('prepares every block type for rendering', async () => {
    const home = await byPath('/');
    const byName = new Map(home?.blocks.map((block) => [block.name, block]));
    expect(htmlOf(home)).toContain('<h2>Samen maken we het dorp</h2>');
    expect(htmlOf(home)).toContain('<a rel="noopener noreferrer" href="/over-ons">');
    expect(byName.get('buttons')?.data).toEqual({
      buttons: [
        { label: 'Word lid', href: '/over-ons', variant: 'filled' },
        { label: 'Activiteiten', href: '/activiteiten', variant: 'outline' },
      ],
    });
    expect(byName.get('buttons')?.options).toEqual({ align: 'left' });
    expect(byName.get('divider')?.options).toEqual({ variant: 'solid', size: 'md' });
    const accordion = byName.get('accordion')?.data as { items: { title: string; html: string }[] };
    expect(accordion.items[0]?.title).toBe('Hoe word ik lid?');
    expect(accordion.items[0]?.html).toMatch(/^<p>/);
    expect(byName.get('video')?.data).toEqual({
      provider: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      title: 'Impressie van de Lindenmarkt',
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    });
  });
});

describe('getPageByName', () => {
  it('returns a published page by name without breadcrumbs', async () => {
    const privacy = await site().getPageByName({ name: 'legal-privacy', locale: 'en' });
    expect(privacy).toMatchObject({ title: 'Privacy statement', breadcrumbs: [], subMenu: [], path: '' });
    expect(htmlOf(privacy)).toContain('14 March 2023');
    const dutch = await site().getPageByName({ name: 'legal-privacy', locale: 'nl' });
    expect(htmlOf(dutch)).toContain('14 maart 2023');
  });

  it('answers null for an unknown name, an unpublished page and a template', async () => {
    for (const name of ['bestaat-niet', 'concept', 'footer']) {
      expect(await site().getPageByName({ name, locale: 'nl' })).toBeNull();
    }
  });

  it('answers null for a locale it does not know', async () => {
    const locale = 'fr' as 'nl';
    expect(await site().getPageByName({ name: 'legal-privacy', locale })).toBeNull();
  });
});

describe('getShell', () => {
  it('has the visible menu of published pages, the settings and the cookie categories', async () => {
    const shell = await site().getShell({ locale: 'nl' });
    expect(shell.settings.platformName).toBe('Dorpsvereniging De Linde');
    expect(shell.menu.map((node) => node.name)).toEqual([
      'Home',
      'Nieuws',
      'Over ons',
      'Activiteiten',
      'Contact',
      'Gemeente',
    ]);
    expect(shell.menu.find((node) => node.name === 'Gemeente')).toMatchObject({
      isExternal: true,
      url: 'https://www.rijksoverheid.nl/',
    });
    const activities = shell.menu.find((node) => node.name === 'Activiteiten');
    expect(activities?.children.map((node) => node.name)).toEqual(['Kalender']);
    expect(shell.optionalCookieCategories).toEqual(['analytical', 'functional']);
    expect(shell.defaultFooterBlocks).toHaveLength(3);
  });

  it('shows an admin the item of an unpublished page', async () => {
    const shell = await site(admin).getShell({ locale: 'nl' });
    expect(shell.menu.map((node) => node.name)).toContain('Concept');
  });

  it('marks a menu name that exists only in Dutch as Dutch on an English page (WCAG 3.1.2)', async () => {
    const [top] = await database.db.select().from(menus).where(eq(menus.name, TOP_LEVEL_MENU));
    const [item] = await database.db
      .insert(menuItems)
      .values({
        menuId: top!.id,
        urlSegment: 'alleen-nl',
        name: { nl: 'Alleen Nederlands' },
        externalUrl: 'https://example.org/',
        sortId: 99,
      })
      .returning();
    try {
      const english = await site().getShell({ locale: 'en' });
      expect(english.menu.find((node) => node.name === 'Alleen Nederlands')?.lang).toBe('nl');
      expect(english.menu.find((node) => node.name === 'News')).not.toHaveProperty('lang');
      const dutch = await site().getShell({ locale: 'nl' });
      expect(dutch.menu.find((node) => node.name === 'Alleen Nederlands')).not.toHaveProperty('lang');
    } finally {
      await database.db.delete(menuItems).where(eq(menuItems.id, item!.id));
    }
  });

  it('links the legal pages in the language asked', async () => {
    const shell = await site().getShell({ locale: 'en' });
    expect(shell.legalLinks).toEqual([
      { key: 'termsOfUse', name: 'Terms of use', url: '/legal/terms-of-use/en' },
      { key: 'privacy', name: 'Privacy statement', url: '/legal/privacy' },
      { key: 'accessibility', name: 'Accessibility', url: '/legal/accessibility/en' },
      { key: 'cookieStatement', name: 'Cookie statement', url: '/legal/cookie-statement/en' },
    ]);
  });
});

describe('blocks on the public site', () => {
  const text = (value: string, marks?: RichTextNode['marks']): RichTextNode => ({
    type: 'text',
    text: value,
    marks,
  });
  const link = (label: string, href: string) => text(label, [{ type: 'link', attrs: { href } }]);
  const doc = (...content: RichTextNode[]) => ({ doc: { type: 'doc', content } });

  it('renders text to safe HTML: unsafe links lose their link, HTML in text is escaped', async () => {
    const page = await createPage(database.db, {
      name: 'onveilig',
      title: 'Onveilig',
      blocks: [
        {
          name: 'text',
          content: {
            nl: doc(
              {
                type: 'paragraph',
                content: [
                  link('klik', 'javascript:alert(1)'),
                  link('data', 'data:text/html,<script>alert(1)</script>'),
                  link('intern', 'http://127.0.0.1/admin'),
                  link('veilig', 'https://www.example.org/'),
                  text('opener', [
                    {
                      type: 'link',
                      attrs: {
                        href: 'https://www.example.org/b',
                        target: '_blank',
                        rel: 'opener',
                        class: 'x',
                      },
                    },
                  ]),
                  text('<script>alert("x")</script><img src=x onerror=alert(1)>'),
                ],
              },
              { type: 'heading', attrs: { level: 2, id: 'goed-anker' }, content: [text('Anker')] },
              { type: 'heading', attrs: { level: 2, id: '"><script>' }, content: [text('Fout anker')] },
            ),
          },
        },
      ],
    });
    const html = htmlOf(await site().getPageByName({ name: page.name, locale: 'nl' })) ?? '';
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('data:text/html');
    expect(html).not.toContain('127.0.0.1');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('klik');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a rel="noopener noreferrer" href="https://www.example.org/">veilig</a>');
    expect(html).toContain('<a rel="noopener noreferrer" href="https://www.example.org/b">opener</a>');
    expect(html).toContain('<h2 id="goed-anker">Anker</h2>');
    expect(html).toContain('<h2>Fout anker</h2>');
  });

  it('renders a text block whose document has unknown nodes as empty, and logs it', async () => {
    const page = await createPage(database.db, {
      name: 'onbekende-node',
      title: 'Onbekende node',
      blocks: [
        { name: 'text', content: { nl: doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }) } },
      ],
    });
    const { log, lines } = captureLog();
    const view = await createSiteServices({ db: database.db, actor: ANONYMOUS, log }).getPageByName({
      name: page.name,
      locale: 'nl',
    });
    expect(view?.blocks).toHaveLength(1);
    expect(htmlOf(view)).not.toContain('evil.example');
    expect(lines.some((line) => line.msg === 'rich text could not be rendered')).toBe(true);
  });

  it('gives a block of an unknown type data null and logs the name once', async () => {
    const name = `onbekend-${randomUUID().slice(0, 8)}`;
    const first = await createPage(database.db, {
      name: 'onbekend-blok-1',
      title: 'Een',
      blocks: [{ name }, { name: 'divider' }],
    });
    const second = await createPage(database.db, {
      name: 'onbekend-blok-2',
      title: 'Twee',
      blocks: [{ name }],
    });
    const { log, lines } = captureLog();
    const services = createSiteServices({ db: database.db, actor: ANONYMOUS, log });
    const view = await services.getPageByName({ name: first.name, locale: 'nl' });
    await services.getPageByName({ name: second.name, locale: 'nl' });
    await services.getPageByName({ name: first.name, locale: 'en' });
    expect(view?.blocks.map((block) => [block.name, block.data])).toEqual([
      [name, null],
      ['divider', {}],
    ]);
    expect(lines.filter((line) => line.buildingBlockName === name)).toHaveLength(1);
  });

  it('skips blocks whose content or options do not match their schema, and logs them', async () => {
    const page = await createPage(database.db, {
      name: 'kapotte-blokken',
      title: 'Kapot',
      blocks: [
        { name: 'video', content: { nl: { url: 'geen url', title: 'Video' } } },
        { name: 'buttons', content: { nl: { buttons: [{ label: 'Klik', href: 'javascript:alert(1)' }] } } },
        { name: 'divider', options: { variant: 'zigzag' } },
        { name: 'text', content: { nl: { doc: { type: 'paragraph' } } } },
        { name: 'accordion', content: { nl: { items: 'geen lijst' } } },
        { name: 'text', content: { nl: { doc: paragraphs('Dit blok is goed') } } },
      ],
    });
    const { log, lines } = captureLog();
    const view = await createSiteServices({ db: database.db, actor: ANONYMOUS, log }).getPageByName({
      name: page.name,
      locale: 'nl',
    });
    expect(view?.blocks.map((block) => block.guid)).toEqual([page.blocks[5]!.id]);
    const skipped = lines.filter(
      (line) => line.msg === 'building block content does not match its schema; skipped',
    );
    expect(skipped.map((line) => line.guid).sort()).toEqual(
      page.blocks
        .slice(0, 5)
        .map((block) => block.id)
        .sort(),
    );
  });

  it('leaves out a video from a provider it does not embed (its schema refuses it)', async () => {
    const page = await createPage(database.db, {
      name: 'andere-video',
      title: 'Video',
      blocks: [
        { name: 'video', content: { nl: { url: 'https://video.example.org/watch/1', title: 'Video' } } },
      ],
    });
    const view = await site().getPageByName({ name: page.name, locale: 'nl' });
    expect(view?.blocks).toEqual([]);
  });

  it('ignores template and header image options that are not guids or name nothing', async () => {
    const page = await createPage(database.db, {
      name: 'rare-opties',
      title: 'Rare opties',
      options: {
        templateHeader: 'geen-guid',
        headerImage: "'; DROP TABLE pages; --",
        footerGuid: randomUUID(),
        templateFooter: randomUUID(),
      },
    });
    const view = await site().getPageByName({ name: page.name, locale: 'nl' });
    expect(view).toMatchObject({ headerBlocks: [], footerBlocks: [], headerImage: null });
  });

  it('puts an extra footer template above the footer the page names', async () => {
    const extra = await createPage(database.db, {
      name: 'extra-voet',
      title: 'Extra',
      kind: 'template',
      blocks: [{ name: 'divider', options: { variant: 'dotted' } }],
    });
    const footer = await createPage(database.db, {
      name: 'eigen-voet',
      title: 'Voet',
      kind: 'template',
      blocks: [{ name: 'divider', options: { variant: 'dashed' } }],
    });
    const page = await createPage(database.db, {
      name: 'met-voeten',
      title: 'Voeten',
      options: { templateFooter: extra.id, footerGuid: footer.id },
    });
    const view = await site().getPageByName({ name: page.name, locale: 'nl' });
    expect(
      view?.footerBlocks.map((block) => (block.name === 'divider' ? block.options.variant : null)),
    ).toEqual(['dotted', 'dashed']);
  });
});
