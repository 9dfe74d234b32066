import type { Browser, Page } from 'playwright-core';
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
 * Issue 31: the quote, notice and call-to-action blocks, added in edit mode from the "add block"
 * menu, filled in the drawer and published; shown without JavaScript; moved and deleted; axe in
 * Dutch and English at 375 and 1280 px. One page of its own for the whole file.
 */

const QUOTE = 'Een dorp is zo sterk als de mensen die er wonen.';
const SOURCE = 'Burgemeester Jansma';
const NOTICE_TITLE = 'Dorpsstraat afgesloten';
const NOTICE_TEXT = 'Van 3 tot 7 juni is de Dorpsstraat dicht voor verkeer.';
const CTA_TITLE = 'Word vrijwilliger';
const CTA_TEXT = 'Help mee bij de dorpsdag in september.';

/** Picks `option` in the drawer's select labelled `label` (a Mantine Select). */
async function choose(page: Page, drawer: ReturnType<Page['getByRole']>, label: string, option: string) {
  await drawer.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('quote, notice and call-to-action blocks', () => {
  let browser: Browser;
  let path: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    const created = await pageWithText(admin, 'Meer blokken', 'De blokken van issue 31.');
    path = created.path;
    // The variants the browser test does not make by hand, so that axe sees them too: a call to
    // action on the light tint with a secondary button, and a notice of good news.
    await admin.post(`/api/pages/${created.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'callToAction',
      layoutPosition: 'main',
      content: {
        nl: {
          title: 'Blijf op de hoogte',
          text: 'Eens per maand het dorpsnieuws in je mailbox.',
          buttons: [
            { label: 'Naar de nieuwsbrief', href: '/nieuws' },
            { label: 'Contact opnemen', href: '/contact' },
          ],
        },
        en: {
          title: 'Stay informed',
          text: 'The village news in your mailbox once a month.',
          buttons: [
            { label: 'To the newsletter', href: '/nieuws' },
            { label: 'Get in touch', href: '/contact' },
          ],
        },
      },
      options: { background: 'light' },
    });
    await admin.post(`/api/pages/${created.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'notice',
      layoutPosition: 'main',
      content: {
        nl: {
          title: 'Inschrijving geopend',
          doc: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'Schrijf je in voor de dorpsdag.' }] },
            ],
          },
        },
      },
      options: { kind: 'success' },
    });
    await admin.close();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lets the admin add a quote, a notice and a call to action from the menu, fill them in and publish them', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const before = await mainBlocks(page).count();

    const quote = await addMainBlock(page, 'Citaat');
    await quote.getByRole('textbox', { name: 'Citaat' }).fill(QUOTE);
    await quote.getByRole('textbox', { name: 'Bron (optioneel)' }).fill(SOURCE);
    await quote.getByRole('button', { name: 'Maak aan' }).click();
    await quote.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 1);
    await page.locator('figure.quote-block').filter({ hasText: QUOTE }).last().waitFor();

    const notice = await addMainBlock(page, 'Melding');
    await notice.getByRole('textbox', { name: 'Titel (optioneel)' }).fill(NOTICE_TITLE);
    await notice.locator('.ProseMirror').click();
    await page.keyboard.type(NOTICE_TEXT);
    await choose(page, notice, 'Soort melding', 'Waarschuwing');
    await notice.getByRole('button', { name: 'Maak aan' }).click();
    await notice.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 2);
    await page.locator('.notice-block-warning').filter({ hasText: NOTICE_TITLE }).last().waitFor();

    const cta = await addMainBlock(page, 'Oproep tot actie');
    // Asked without a title or a link, the drawer says which fields are missing.
    await cta.getByRole('button', { name: 'Maak aan' }).click();
    await cta.getByText('Vul dit veld in.').first().waitFor();
    await cta.getByRole('textbox', { name: 'Titel', exact: true }).fill(CTA_TITLE);
    await cta.getByRole('textbox', { name: 'Tekst (optioneel)' }).fill(CTA_TEXT);
    await cta.getByRole('textbox', { name: 'Tekst van de hoofdknop' }).fill('Meld je aan');
    // A javascript: link is refused by the one link rule, in the drawer as on the server.
    await cta.getByRole('textbox', { name: 'Link van de hoofdknop' }).fill('javascript:alert(1)');
    await cta.getByRole('button', { name: 'Maak aan' }).click();
    await cta
      .getByText(/openbaar http\(s\)-adres/)
      .first()
      .waitFor();
    await cta.getByRole('textbox', { name: 'Link van de hoofdknop' }).fill('/contact');
    await cta.getByRole('button', { name: 'Tweede knop toevoegen' }).click();
    await cta.getByRole('textbox', { name: 'Tekst van de tweede knop' }).fill('Bekijk de activiteiten');
    await cta.getByRole('textbox', { name: 'Link van de tweede knop' }).fill('/activiteiten');
    await expect(cta.getByRole('button', { name: 'Tweede knop toevoegen' }).count()).resolves.toBe(0);
    await choose(page, cta, 'Achtergrond', 'Huisstijlkleur');
    await cta.getByRole('button', { name: 'Maak aan' }).click();
    await cta.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 3);
    const shown = page.locator('.cta-block-primary').filter({ hasText: CTA_TITLE }).last();
    await shown.waitFor();
    await expect(shown.getByRole('heading', { level: 2, name: CTA_TITLE }).count()).resolves.toBe(1);

    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows all three to a visitor without JavaScript, as the server renders them', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(200);

    const quote = page.locator('figure.quote-block').first();
    await expect(quote.locator('blockquote').innerText()).resolves.toBe(QUOTE);
    await expect(quote.locator('figcaption').innerText()).resolves.toContain(SOURCE);

    const notice = page.getByRole('note').filter({ hasText: NOTICE_TITLE }).first();
    // The kind in words for screen readers, before the title; no live region on a static page.
    await expect(notice.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      `Let op: ${NOTICE_TITLE}`,
    );
    await expect(notice.innerText()).resolves.toContain(NOTICE_TEXT);
    await expect(
      page.locator('[role="alert"], [role="status"]').filter({ hasText: NOTICE_TITLE }).count(),
    ).resolves.toBe(0);
    await expect(
      page.getByRole('note').filter({ hasText: 'Inschrijving geopend' }).getByRole('heading').textContent(),
    ).resolves.toBe('Goed nieuws: Inschrijving geopend');

    const cta = page.getByRole('region', { name: CTA_TITLE }).first();
    await expect(cta.innerText()).resolves.toContain(CTA_TEXT);
    await expect(cta.getByRole('link', { name: 'Meld je aan' }).getAttribute('href')).resolves.toBe(
      '/contact',
    );
    await expect(
      cta.getByRole('link', { name: 'Bekijk de activiteiten' }).getAttribute('href'),
    ).resolves.toBe('/activiteiten');
    // The main action filled, the second one outlined; the text readable on the site's colour.
    await expect(cta.getByRole('link').first().getAttribute('data-variant')).resolves.toBe('filled');
    await expect(cta.getByRole('link').last().getAttribute('data-variant')).resolves.toBe('outline');
    await context.close();
  });

  it('has no serious accessibility violations in Dutch and English at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const context = await newContext(browser, { width, height: 900 });
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const language of ['nl', 'en'] as const) {
        await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
        await waitForHydration(page);
        await page.locator('.cta-block-primary').first().waitFor();
        expect(await seriousViolations(page), `${language} at ${width} px`).toEqual([]);
      }
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
  });

  it('moves a quote up and deletes a notice in edit mode; the visitor sees the new order', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    const count = await mainBlocks(page).count();
    const names = () =>
      mainBlocks(page).evaluateAll((blocks) =>
        blocks.map((block) => block.getAttribute('data-editable-block')),
      );
    const quoteIndex = (await names()).indexOf('quote');
    expect(quoteIndex).toBeGreaterThan(0);
    await mainBlocks(page).nth(quoteIndex).getByRole('button', { name: 'Omhoog' }).click();
    await page.waitForFunction(
      (index) =>
        document
          .querySelectorAll('[data-editable-position="main"] > [data-editable-block]')
          [index - 1]?.getAttribute('data-editable-block') === 'quote',
      quoteIndex,
    );

    const notice = mainBlocks(page).filter({ hasText: NOTICE_TITLE }).first();
    await notice.getByRole('button', { name: 'Verwijder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Blok verwijderen?' });
    await confirm.getByRole('button', { name: 'Verwijder' }).click();
    await confirm.waitFor({ state: 'detached' });
    await waitForBlockCount(page, count - 1);
    await publishFromEditBar(page);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    const visitor = await newContext(browser);
    const shown = await visitor.newPage();
    await shown.goto(`${baseUrl()}${path}`);
    const text = await shown.locator('article.page').innerText();
    expect(text.indexOf(QUOTE)).toBeGreaterThan(-1);
    // The quote now stands above the notice that was above it.
    expect(text.indexOf(QUOTE)).toBeLessThan(text.indexOf('Inschrijving geopend'));
    expect(text).not.toContain(NOTICE_TITLE);
    await visitor.close();
  });
});
