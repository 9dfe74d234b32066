import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { fadedIn, fadedInAt, seriousViolations } from './axe.ts';
import {
  baseUrl,
  launchBrowser,
  newContext,
  openDialog,
  waitForHydration,
  watchProblems,
} from './browser.ts';

/**
 * An item's own blocks in the item editor (issue 13): every block type with the same editors as
 * page blocks. The admin adds an image block to an item, uploads an image for it and sets its alt
 * text; adds a text block and moves it above the image; visitors see both on the item's page, in
 * that order. The item editor with a block editor open has no serious accessibility problems, in
 * Dutch and in English.
 */

/** The demo's board vacancies page (/over-ons/bestuur/vacatures) gets a list of its own. */
const PAGE_NAME = 'vacatures-bestuur';
const PAGE_PATH = '/over-ons/bestuur/vacatures';

const TEXT = {
  nl: {
    editItem: (title: string) => `Bewerk ${title}`,
    itemDialog: 'Item bewerken',
    blocks: 'Blokken',
    add: 'Blok toevoegen',
    image: 'Afbeelding',
    text: 'Tekst',
    newImage: 'Nieuw blok: Afbeelding',
    editImage: 'Blok bewerken: Afbeelding',
    newText: 'Nieuw blok: Tekst',
    editText: 'Blok bewerken: Tekst',
    alt: 'Alternatieve tekst',
    create: 'Maak aan',
    save: 'Opslaan',
    done: 'Gelukt.',
  },
  en: {
    editItem: (title: string) => `Edit ${title}`,
    itemDialog: 'Edit item',
    blocks: 'Blocks',
    editText: 'Edit block: Text',
  },
} as const;

let browser: Browser;
let admin: Awaited<ReturnType<typeof adminSession>>;
let listBlock: string;
let itemGuid: string;
let itemTitle: string;
let itemTitleEn: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  const page = (await (await admin.get(`/api/pages:withName?name=${PAGE_NAME}`)).json()) as { guid: string };
  const suffix = Date.now().toString(36);
  const block = (await (
    await admin.post(`/api/pages/${page.guid}/buildingblockinstances`, {
      buildingBlockName: 'list',
      layoutPosition: 'main',
      content: { nl: { title: `Berichten ${suffix}` }, en: { title: `Posts ${suffix}` } },
      options: { sortOrder: 'manual' },
    })
  ).json()) as { guid: string };
  listBlock = block.guid;
  itemTitle = `Blokkenbericht ${suffix}`;
  itemTitleEn = `Blocks post ${suffix}`;
  const [item] = (await (
    await admin.post(`/api/listitem/list/${listBlock}`, [
      {
        title: { nl: itemTitle, en: itemTitleEn },
        listItemTypeName: 'nieuws',
        metadata: { description: { nl: 'Een bericht met blokken.', en: 'A post with blocks.' } },
        contentBuildingBlockInstances: [
          {
            buildingBlockName: 'text',
            content: {
              nl: {
                doc: {
                  type: 'doc',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'De tekst.' }] }],
                },
              },
            },
            sortId: 0,
          },
        ],
      },
    ])
  ).json()) as { guid: string }[];
  itemGuid = item?.guid ?? '';
});

afterAll(async () => {
  if (listBlock) await admin?.delete(`/api/buildingblockinstance/${listBlock}`);
  await admin?.close();
  await browser?.close();
});

async function signedIn(locale: 'nl' | 'en'): Promise<BrowserContext> {
  const context = await newContext(browser, { locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

/** Opens the item's editor from the list in edit mode; resolves with the dialog once its text field loaded. */
async function openItemEditor(page: Page, locale: 'nl' | 'en'): Promise<Locator> {
  await page.goto(`${baseUrl()}${PAGE_PATH}/edit`);
  await waitForHydration(page);
  const list = page.locator(`.block-list[data-guid="${listBlock}"]`);
  await list.locator('.list-item').first().waitFor();
  const dialog = page.getByRole('dialog', { name: TEXT[locale].itemDialog });
  await openDialog(
    list.getByRole('button', { name: TEXT[locale].editItem(locale === 'nl' ? itemTitle : itemTitleEn) }),
    dialog,
  );
  await dialog.locator('.ProseMirror').waitFor();
  return dialog;
}

/** The block rows of the item editor: "Blok 1: Afbeelding"… */
const rowLabels = (dialog: Locator) =>
  dialog
    .locator('.item-blocks-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent ?? ''));

async function addBlock(page: Page, dialog: Locator, type: string, drawerName: string): Promise<Locator> {
  const drawer = page.getByRole('dialog', { name: drawerName });
  await dialog.getByRole('button', { name: TEXT.nl.add }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  await drawer.waitFor();
  return drawer;
}

describe("an item's own blocks in the item editor", () => {
  it('adds an image block with an uploaded image and alt text, and a text block moved above it', async () => {
    const context = await signedIn('nl');
    const page = await context.newPage();
    const problems = watchProblems(page);
    const dialog = await openItemEditor(page, 'nl');
    const blocks = dialog.getByRole('region', { name: TEXT.nl.blocks });
    await blocks.waitFor();
    // The item's text is the form's text field, not one of the listed blocks.
    await dialog.getByText('Dit item heeft nog geen blokken.').waitFor();

    // An image block: created with its alt text, then (the block exists) the upload, then saved.
    const newImage = await addBlock(page, dialog, TEXT.nl.image, TEXT.nl.newImage);
    await newImage.getByLabel(TEXT.nl.alt).fill('De nieuwe voorzitter');
    await newImage.getByRole('button', { name: TEXT.nl.create }).click();
    const imageDrawer = page.getByRole('dialog', { name: TEXT.nl.editImage });
    await imageDrawer.waitFor();
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    await imageDrawer
      .locator('input[type="file"]')
      .setInputFiles({ name: 'voorzitter.png', mimeType: 'image/png', buffer: png });
    await imageDrawer.locator('img').first().waitFor();
    await imageDrawer.getByRole('button', { name: TEXT.nl.save }).click();
    await imageDrawer.waitFor({ state: 'detached' });
    await expect.poll(() => rowLabels(dialog)).toEqual(['Blok 1: Afbeelding']);
    await dialog.getByText('De nieuwe voorzitter').waitFor();
    // The item form is still open: a block's save does not submit it.
    expect(await dialog.isVisible()).toBe(true);

    // A text block, then moved above the image.
    const newText = await addBlock(page, dialog, TEXT.nl.text, TEXT.nl.newText);
    await newText.locator('.ProseMirror').click();
    await page.keyboard.type('Een tweede tekst onder het bericht.');
    await newText.getByRole('button', { name: TEXT.nl.create }).click();
    await newText.waitFor({ state: 'detached' });
    await expect.poll(() => rowLabels(dialog)).toEqual(['Blok 1: Afbeelding', 'Blok 2: Tekst']);
    await dialog.getByRole('button', { name: 'Omhoog: Blok 2: Tekst' }).click();
    await expect.poll(() => rowLabels(dialog)).toEqual(['Blok 1: Tekst', 'Blok 2: Afbeelding']);

    // Escape in a block's editor closes that editor only.
    await dialog.getByRole('button', { name: 'Bewerk Blok 1: Tekst' }).click();
    const textDrawer = page.getByRole('dialog', { name: TEXT.nl.editText });
    await textDrawer.locator('.ProseMirror').waitFor();
    await page.keyboard.press('Escape');
    await textDrawer.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);

    // Saving the item's fields keeps its blocks.
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedProblems(problems)).toEqual([]);

    const stored = (await (await admin.get(`/api/listitem/${itemGuid}`)).json()) as {
      url: string;
      contentBuildingBlockInstances: { buildingBlockName: string; options: Record<string, unknown> }[];
    };
    const image = stored.contentBuildingBlockInstances.find((block) => block.buildingBlockName === 'image');
    expect(image?.options).toMatchObject({ width: 800, height: 400 });

    // Visitors see the item's text, then the text block, then the image with its alt text.
    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    const visitorProblems = watchProblems(visitorPage);
    await visitorPage.goto(`${baseUrl()}${stored.url}`);
    await waitForHydration(visitorPage);
    await visitorPage.getByRole('heading', { level: 1, name: itemTitle }).waitFor();
    const img = visitorPage.locator('figure.image-block').getByRole('img', { name: 'De nieuwe voorzitter' });
    await img.waitFor();
    const order = await visitorPage.evaluate(() => {
      const body = document.body.innerText;
      return [body.indexOf('De tekst.'), body.indexOf('Een tweede tekst onder het bericht.')];
    });
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[1]).toBeGreaterThan(order[0] ?? 0);
    const textBeforeImage = await img.evaluate((element) => {
      const text = [...document.querySelectorAll('p')].find((p) =>
        p.textContent?.includes('Een tweede tekst onder het bericht.'),
      );
      return text ? Boolean(text.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) : false;
    });
    expect(textBeforeImage).toBe(true);
    expect(unexpectedProblems(visitorProblems)).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it.each(['nl', 'en'] as const)(
    'has no serious accessibility problems with a block editor open over the item editor (%s)',
    async (locale) => {
      const context = await signedIn(locale);
      const page = await context.newPage();
      const dialog = await openItemEditor(page, locale);
      const blocks = dialog.getByRole('region', { name: TEXT[locale].blocks });
      await blocks.locator('.item-blocks-row').first().waitFor();
      await blocks.locator('.item-blocks-row').first().getByRole('button').first().click();
      const drawer = page.getByRole('dialog', { name: TEXT[locale].editText });
      await drawer.locator('.ProseMirror').waitFor();
      await fadedIn(page);
      await page.waitForTimeout(300);
      const found = await seriousViolations(page, { exclude: ['.site-header', '.site-footer'] });
      expect(found, found.join('\n\n')).toEqual([]);
      await context.close();
    },
  );

  it.each(['nl', 'en'] as const)(
    "has no serious accessibility problems with the item editor's date-time picker open (%s)",
    async (locale) => {
      const context = await signedIn(locale);
      const page = await context.newPage();
      const dialog = await openItemEditor(page, locale);
      // The end date is empty: the calendar is named after the picker's placeholder.
      await dialog.getByRole('button', { name: locale === 'nl' ? 'Einddatum' : 'End date' }).click();
      await page.locator('[data-dates-dropdown]').waitFor();
      await fadedInAt(page, '[data-dates-dropdown]');
      const found = await seriousViolations(page, { exclude: ['.site-header', '.site-footer'] });
      expect(found, found.join('\n\n')).toEqual([]);
      await context.close();
    },
  );
});
