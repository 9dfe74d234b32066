import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import {
  addMainBlock,
  draftSaved,
  mainBlocks,
  openEditMode,
  pageWithText,
  publishFromEditBar,
  waitForBlockCount,
} from './edit-mode.ts';

/*
 * Issue 31: the cards block, added in edit mode from the "add block" menu: a card filled in the
 * drawer (an image from the media library, a title, a text, a link chosen with the link picker), a
 * second one added and moved up by its named button (the focus stays with it), published; shown
 * without JavaScript (each card one link, its title's, the whole card clickable by CSS); one column
 * on a phone, two on a tablet, the chosen count on a desktop; moved and deleted in edit mode; axe in
 * Dutch and English at 375 and 1280 px. One page of its own for the whole file.
 */

const MARKET_TITLE = 'Lindenmarkt';
const MARKET_TEXT = 'Elke eerste zaterdag van juni op het plein.';
const MARKET_ALT = 'Drie marktkramen met rode, gele en blauwe daken op het plein';
const QUIZ_TITLE = 'Dorpsquiz in het dorpshuis';
/** The block made through the API: four cards in four columns, in both languages. */
const GRID_TITLES = ['Bibliotheek', 'Sporthal', 'Huisarts', 'Gemeentehuis'];

/** Picks `option` in the drawer's select labelled `label` (a Mantine Select). */
async function choose(page: Page, drawer: Locator, label: string, option: string) {
  await drawer.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** How many columns the cards of `grid` stand in: the distinct left edges of its cards. */
const columnsOf = (grid: Locator) =>
  grid.evaluate((list) => new Set([...list.children].map((card) => card.getBoundingClientRect().left)).size);

describe('the cards block', () => {
  let browser: Browser;
  let path: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    const created = await pageWithText(admin, 'Kaarten', 'De kaarten van issue 31.');
    path = created.path;
    // A grid of four in four columns with library images, in both languages, so that the
    // responsive layout and axe see a full grid too.
    const assets = (await (await admin.get('/api/media?search=&pageSize=100')).json()) as {
      assets: { guid: string; title: string }[];
    };
    const images = ['Lindenmarkt', 'Winter op het plein', 'Zomeravond'].map(
      (title) => assets.assets.find((asset) => asset.title === title)?.guid ?? null,
    );
    const texts = (titles: string[]) =>
      Object.fromEntries(titles.map((title, index) => [`k${index}`, { title, text: 'Open op werkdagen.' }]));
    await admin.post(`/api/pages/${created.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'cards',
      layoutPosition: 'main',
      content: {
        nl: { cards: texts(GRID_TITLES) },
        en: { cards: texts(['Library', 'Sports hall', 'Doctor', 'Town hall']) },
      },
      options: {
        columns: '4',
        cards: GRID_TITLES.map((_, index) => ({
          key: `k${index}`,
          imageGuid: images[index] ?? null,
          href: index === 3 ? 'https://www.example.org/' : '/contact',
        })),
      },
    });
    await admin.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lets the admin add cards from the menu: an image from the library, a title, a text and a link from the link picker; a second card moved up; published', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const before = await mainBlocks(page).count();

    const drawer = await addMainBlock(page, 'Kaarten');
    await drawer.getByRole('textbox', { name: 'Titel van kaart 1' }).fill(MARKET_TITLE);
    await drawer.getByRole('textbox', { name: 'Tekst van kaart 1 (optioneel)' }).fill(MARKET_TEXT);

    // The image from the media library (the demo's market picture, described there).
    await drawer
      .getByRole('button', { name: 'Kiezen uit de mediabibliotheek voor Afbeelding van kaart 1 (optioneel)' })
      .click();
    const picker = page.getByRole('dialog', { name: 'Kies een afbeelding' });
    await picker.waitFor();
    await picker.getByRole('searchbox', { name: 'Zoeken' }).fill(MARKET_TITLE);
    await picker.locator('.media-card').filter({ hasText: MARKET_TITLE }).first().click();
    await picker.waitFor({ state: 'detached' });
    // With an image, the card may have an alt text of its own; empty keeps the library's.
    await drawer.getByRole('textbox', { name: 'Eigen alt-tekst bij de afbeelding van kaart 1' }).waitFor();

    // The link chosen with the link picker: a page by reference.
    await drawer.getByRole('button', { name: 'Kies link voor Link van kaart 1 (optioneel)' }).click();
    const links = page.getByRole('dialog', { name: 'Link kiezen' });
    await links.waitFor();
    await links.getByRole('combobox', { name: 'Zoek een pagina of item' }).fill('Activiteiten');
    await links.getByRole('option').filter({ hasText: 'Activiteiten' }).first().click();
    await links.waitFor({ state: 'detached' });
    await expect(
      drawer.getByRole('textbox', { name: 'Link van kaart 1 (optioneel)' }).inputValue(),
    ).resolves.toMatch(/^page:[0-9a-f-]{36}$/);

    // A second card: its title is asked for; then it moves up by its named button, the focus with it
    // (on its other move button, now that it is first).
    await drawer.getByRole('button', { name: 'Kaart toevoegen' }).click();
    await drawer.getByRole('textbox', { name: 'Titel van kaart 2' }).waitFor();
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.getByText('Vul dit veld in.').first().waitFor();
    await drawer.getByRole('textbox', { name: 'Titel van kaart 2' }).fill(QUIZ_TITLE);
    // A javascript: link is refused by the one link rule, in the drawer as on the server.
    await drawer.getByRole('textbox', { name: 'Link van kaart 2 (optioneel)' }).fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer
      .getByText(/openbaar http\(s\)-adres/)
      .first()
      .waitFor();
    await drawer.getByRole('textbox', { name: 'Link van kaart 2 (optioneel)' }).fill('/kalender');
    await drawer.getByRole('button', { name: 'Kaart 2 omhoog' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), {
        timeout: 10_000,
      })
      .toBe('Kaart 1 omlaag');
    await expect(drawer.getByRole('textbox', { name: 'Titel van kaart 1' }).inputValue()).resolves.toBe(
      QUIZ_TITLE,
    );
    await choose(page, drawer, 'Kolommen op een groot scherm', '2');
    // The drawer with its two cards: fields and buttons each named after their card.
    expect(await seriousViolations(page), 'the drawer').toEqual([]);
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 1);
    const shown = page.locator('[data-editable-block="cards"] .cards-block[data-columns="2"]');
    await shown.waitFor();
    await expect(shown.getByRole('heading', { level: 2 }).allInnerTexts()).resolves.toEqual([
      QUIZ_TITLE,
      MARKET_TITLE,
    ]);

    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows a visitor without JavaScript each card as one link, its title, with the whole card clickable', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false, width: 1280 });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(200);

    const grid = page.locator('.cards-block[data-columns="2"]');
    const cards = grid.getByRole('listitem');
    await expect(cards.count()).resolves.toBe(2);
    const market = cards.filter({ hasText: MARKET_TITLE });
    await expect(market.getByRole('heading', { level: 2 }).innerText()).resolves.toBe(MARKET_TITLE);
    await expect(market.locator('.cards-block-text').innerText()).resolves.toBe(MARKET_TEXT);
    // One link per card, named by the title: the page picked by reference, served at its path.
    await expect(market.getByRole('link').count()).resolves.toBe(1);
    await expect(market.getByRole('link', { name: MARKET_TITLE }).getAttribute('href')).resolves.toBe(
      '/activiteiten',
    );
    // The library's alt text and a 4:3 crop around the focal point, with the file version.
    const image = market.getByRole('img', { name: MARKET_ALT });
    await expect(image.getAttribute('src')).resolves.toMatch(
      /^\/a\/[0-9a-f-]{36}\?width=400&height=300&fit=cover&v=\d+$/,
    );
    // The heading comes before the image in the markup; the image is shown above it.
    const [imageBox, headingBox] = await Promise.all([
      image.boundingBox(),
      market.getByRole('heading').boundingBox(),
    ]);
    expect((imageBox?.y ?? 0) < (headingBox?.y ?? 0)).toBe(true);
    // A click on the card's text (not its title) follows the card's link: CSS stretches the link.
    // (Playwright's click would refuse: the link's ::after covers the text, which is the point.)
    await market.scrollIntoViewIfNeeded();
    const textBox = await market.locator('.cards-block-text').boundingBox();
    await page.mouse.click((textBox?.x ?? 0) + 10, (textBox?.y ?? 0) + (textBox?.height ?? 0) / 2);
    await page.waitForURL(`${baseUrl()}/activiteiten`);
    await context.close();
  });

  it('stands in one column on a phone, two on a tablet and the chosen count on a desktop', async () => {
    for (const [width, expected] of [
      [375, { chosen4: 1, chosen2: 1 }],
      [800, { chosen4: 2, chosen2: 2 }],
      [1280, { chosen4: 4, chosen2: 2 }],
    ] as const) {
      const context = await newContext(browser, { width, height: 900, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}${path}`);
      await expect(columnsOf(page.locator('.cards-block[data-columns="4"]')), `4 at ${width}`).resolves.toBe(
        expected.chosen4,
      );
      await expect(columnsOf(page.locator('.cards-block[data-columns="2"]')), `2 at ${width}`).resolves.toBe(
        expected.chosen2,
      );
      // Never wider than the page.
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it('has no serious accessibility violations in Dutch and English at 375 and 1280 px, the focus drawn around a card', async () => {
    for (const width of [375, 1280]) {
      const context = await newContext(browser, { width, height: 900 });
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const language of ['nl', 'en'] as const) {
        await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
        await waitForHydration(page);
        await page.locator('.cards-block').first().waitFor();
        await page.locator('.cards-block[data-columns="4"]').scrollIntoViewIfNeeded();
        expect(await seriousViolations(page), `${language} at ${width} px`).toEqual([]);
        await expect(page.locator('.cards-block[data-columns="4"] h2').allInnerTexts()).resolves.toEqual(
          language === 'en' ? ['Library', 'Sports hall', 'Doctor', 'Town hall'] : GRID_TITLES,
        );
      }
      // By keyboard the card's link takes the focus, its ring drawn around the whole card.
      const link = page.locator('.cards-block-link').first();
      await link.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(link.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      const ring = await link.evaluate((element) => {
        const after = getComputedStyle(element, '::after');
        return { position: after.position, outline: after.outlineStyle };
      });
      expect(ring).toEqual({ position: 'absolute', outline: 'solid' });
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
  });

  it('moves the cards block up and deletes the grid in edit mode; the visitor sees the new order', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const count = await mainBlocks(page).count();
    const texts = () =>
      mainBlocks(page).evaluateAll((blocks) => blocks.map((block) => block.textContent ?? ''));
    const mine = mainBlocks(page).filter({ hasText: MARKET_TITLE });
    const index = (await texts()).findIndex((name) => name.includes(MARKET_TITLE));
    expect(index).toBeGreaterThan(0);
    // Up to the top, one place at a time (each saved before the next, so that no two saves of the
    // draft cross), above the text block.
    for (let at = index; at > 0; at -= 1) {
      const saved = draftSaved(page);
      await mine.getByRole('button', { name: 'Omhoog' }).click();
      await saved;
      await page.waitForFunction(
        ([place, title]) =>
          document
            .querySelectorAll('[data-editable-position="main"] > [data-editable-block]')
            [place]?.textContent?.includes(title),
        [at - 1, MARKET_TITLE] as const,
      );
    }

    const grid = mainBlocks(page)
      .filter({ hasText: GRID_TITLES[0] ?? '' })
      .first();
    await grid.getByRole('button', { name: 'Verwijder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Blok verwijderen?' });
    const deleted = draftSaved(page);
    await confirm.getByRole('button', { name: 'Verwijder' }).click();
    await confirm.waitFor({ state: 'detached' });
    await waitForBlockCount(page, count - 1);
    await deleted;
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    const visitor = await newContext(browser);
    const shown = await visitor.newPage();
    await shown.goto(`${baseUrl()}${path}`);
    const text = await shown.locator('article.page').innerText();
    // The cards now stand above the text block that was above them; the grid is gone.
    expect(text.indexOf(QUIZ_TITLE)).toBeGreaterThan(-1);
    expect(text.indexOf(QUIZ_TITLE)).toBeLessThan(text.indexOf('De kaarten van issue 31.'));
    expect(text).not.toContain(GRID_TITLES[0]);
    await visitor.close();
  });
});
