import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import {
  addMainBlock,
  mainBlocks,
  openEditMode,
  pageWithText,
  publishFromEditBar,
  waitForBlockCount,
} from './edit-mode.ts';

/*
 * Issue 31: the table and contact blocks, added in edit mode from the "add block" menu (the table's
 * row and column added by keyboard), filled in the drawer and published; shown without JavaScript
 * (a real table with header cells, tel: and mailto: links, JSON-LD that parses); axe in Dutch and
 * English at 375 and 1280 px, where at 375 px a wide table scrolls in its region and the page does
 * not. One page of its own for the whole file.
 */

const CAPTION = 'Openingstijden bibliotheek';
const WIDE_CAPTION = 'Dienstregeling buurtbus';
const NAME = 'Dorpshuis De Linde';
const PHONE = '+31 (0)513-123 456';
const EMAIL = 'info@dorpshuis.example.nl';

/** A timetable of ten columns: wider than a phone. */
const STOPS = ['Halte', 'Kerk', 'School', 'Molen', 'Haven', 'Brink', 'Station', 'Sporthal', 'Markt', 'Eind'];
const wideRows = (first: string) => [
  STOPS.map((text, index) => ({ text: index === 0 ? first : text })),
  STOPS.map((_, index) => ({ text: index === 0 ? 'Ochtend' : `7.${(10 + index * 4).toString()}` })),
  STOPS.map((_, index) => ({ text: index === 0 ? 'Middag' : `13.${(10 + index * 4).toString()}` })),
];

describe('table and contact blocks', () => {
  let browser: Browser;
  let path: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    const created = await pageWithText(
      admin,
      'Tabel en contact',
      'De tabel en de contactkaart van issue 31.',
    );
    path = created.path;
    // A table wider than a phone, in both languages, for the sideways scrolling and axe.
    await admin.post(`/api/pages/${created.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'table',
      layoutPosition: 'main',
      content: {
        nl: { caption: WIDE_CAPTION, rows: wideRows('Halte') },
        en: { caption: 'Village bus timetable', rows: wideRows('Stop') },
      },
      options: { headerRow: true, headerColumn: true, striped: true },
    });
    await admin.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lets the admin add a table (a row and a column by keyboard) and a contact card from the menu, and publish them', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const before = await mainBlocks(page).count();

    const table = await addMainBlock(page, 'Tabel');
    await table.getByRole('textbox', { name: 'Bijschrift (optioneel)' }).fill(CAPTION);
    // Three rows of two cells to start with; a row and a column added by keyboard.
    await table.getByRole('button', { name: 'Rij toevoegen' }).focus();
    await page.keyboard.press('Enter');
    await table.getByRole('button', { name: 'Kolom toevoegen' }).focus();
    await page.keyboard.press('Space');
    const cells = [
      ['', 'Ochtend', 'Middag'],
      ['Maandag', '10.00–12.00', 'gesloten'],
      ['Woensdag', '10.00–12.00', '13.00–17.00'],
      ['Zaterdag', '10.00–13.00', 'gesloten'],
    ];
    for (const [row, texts] of cells.entries()) {
      for (const [column, text] of texts.entries()) {
        if (text)
          await table.getByRole('textbox', { name: `Rij ${row + 1}, kolom ${column + 1}` }).fill(text);
      }
    }
    await expect(table.getByRole('textbox', { name: /^Rij \d, kolom \d$/ }).count()).resolves.toBe(12);
    await table.getByRole('switch', { name: 'De eerste kolom is een kopkolom' }).check({ force: true });
    await table.getByRole('button', { name: 'Maak aan' }).click();
    await table.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 1);
    await page.locator('.table-block').filter({ hasText: CAPTION }).last().waitFor();

    const contact = await addMainBlock(page, 'Contactgegevens');
    await contact.getByRole('textbox', { name: 'Naam' }).fill(NAME);
    await contact
      .getByRole('textbox', { name: 'Functie of omschrijving (optioneel)' })
      .fill('Beheer en verhuur');
    // A phone number with something else in it is refused by the one rule, in the drawer as on the server.
    await contact.getByRole('textbox', { name: 'Telefoon (optioneel)' }).fill('0513;ext=<script>');
    await contact.getByRole('button', { name: 'Maak aan' }).click();
    await contact.getByText(/Vul een geldig telefoonnummer in/).waitFor();
    await contact.getByRole('textbox', { name: 'Telefoon (optioneel)' }).fill(PHONE);
    await contact.getByRole('textbox', { name: 'E-mail (optioneel)' }).fill(EMAIL);
    await contact.getByRole('textbox', { name: 'Adres (optioneel)' }).fill('Lindeplein 1\n8401 AB Dorp');
    await contact.getByRole('textbox', { name: 'Openingstijden (optioneel)' }).fill('ma–vr 9.00–17.00');
    await contact.getByRole('button', { name: 'Maak aan' }).click();
    await contact.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 2);
    await page.locator('.contact-block').filter({ hasText: NAME }).last().waitFor();

    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows a visitor without JavaScript a real table with its headers and the card with its links and JSON-LD', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(200);

    const region = page.getByRole('region', { name: CAPTION }).first();
    await expect(region.getAttribute('tabindex')).resolves.toBe('0');
    const table = region.locator('table');
    await expect(table.locator('caption').innerText()).resolves.toBe(CAPTION);
    await expect(table.locator('thead th[scope="col"]').allInnerTexts()).resolves.toEqual([
      'Ochtend',
      'Middag',
    ]);
    // The empty corner above the row headers is no header.
    await expect(table.locator('thead td').count()).resolves.toBe(1);
    await expect(table.locator('tbody th[scope="row"]').allInnerTexts()).resolves.toEqual([
      'Maandag',
      'Woensdag',
      'Zaterdag',
    ]);
    await expect(table.locator('tbody td').count()).resolves.toBe(6);

    const card = page.locator('.contact-block').filter({ hasText: NAME }).first();
    await expect(card.getByRole('heading', { level: 2 }).innerText()).resolves.toBe(NAME);
    await expect(card.locator('address').count()).resolves.toBe(1);
    await expect(card.getByRole('link', { name: PHONE }).getAttribute('href')).resolves.toBe(
      'tel:+31513123456',
    );
    await expect(card.getByRole('link', { name: EMAIL }).getAttribute('href')).resolves.toBe(
      `mailto:${EMAIL}`,
    );
    const json = await card.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(json ?? '')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: NAME,
      telephone: PHONE,
      email: EMAIL,
      address: 'Lindeplein 1\n8401 AB Dorp',
      openingHours: 'ma–vr 9.00–17.00',
    });
    await context.close();
  });

  it('has no serious accessibility violations in Dutch and English at 375 and 1280 px; at 375 px the table scrolls, not the page', async () => {
    for (const width of [375, 1280]) {
      const context = await newContext(browser, { width, height: 900 });
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const language of ['nl', 'en'] as const) {
        await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
        await waitForHydration(page);
        await page.locator('.contact-block').first().waitFor();
        expect(await seriousViolations(page), `${language} at ${width} px`).toEqual([]);
        const wide = page.getByRole('region', {
          name: language === 'en' ? 'Village bus timetable' : WIDE_CAPTION,
        });
        const sizes = await wide.evaluate((region) => ({
          page: document.documentElement.scrollWidth - window.innerWidth,
          region: region.scrollWidth - region.clientWidth,
        }));
        expect(sizes.page, `the page's overflow, ${language} at ${width} px`).toBeLessThanOrEqual(0);
        if (width === 375) {
          expect(sizes.region, `the table's overflow, ${language}`).toBeGreaterThan(0);
          // The keyboard scrolls it: the region takes the focus, the arrow key moves it.
          await wide.focus();
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction(
            (caption) =>
              [...document.querySelectorAll('.table-block')].some(
                (region) => region.textContent?.includes(caption) && region.scrollLeft > 0,
              ),
            language === 'en' ? 'Village bus timetable' : WIDE_CAPTION,
          );
        }
      }
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
  });
});
