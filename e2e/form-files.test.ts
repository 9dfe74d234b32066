import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';
import { signInByApi, TEST_ADMIN, unexpectedProblems, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import {
  baseUrl,
  launchBrowser,
  newContext,
  useOwnServer,
  waitForHydration,
  watchProblems,
} from './browser.ts';
import { publishFromEditBar } from './edit-mode.ts';

/**
 * Issue 11: a form with a file question on a page. Visitors send a file with and without
 * JavaScript; the receipt and the admin's submission screen link the file, which downloads.
 */

const PAGE = '/contact';
const SITE_PARTS = ['.site-header', '.site-footer'];
const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  {
    key: 'bijlage',
    kind: 'file',
    label: { nl: 'Bijlage', en: 'Attachment' },
    help: { nl: 'Een foto of een brief.' },
    required: true,
  },
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('a form with a file question', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let formGuid = '';
  let png: Buffer;

  beforeAll(async () => {
    server = await startServer({});
    useOwnServer({ baseUrl: server.url, dataDir: server.dataDir });
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1280, height: 1000 });
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#06c' } })
      .png()
      .toBuffer();
    const headers = await xsrfHeaders(admin);
    const created = await admin.request.post(`${baseUrl()}/api/forms`, {
      headers,
      data: { title: 'Bestanden', draft: { fields: FIELDS } },
    });
    expect(created.status(), await created.text()).toBe(201);
    formGuid = ((await created.json()) as { guid: string }).guid;
    const published = await admin.request.post(`${baseUrl()}/api/forms/${formGuid}/publish`, { headers });
    expect(published.status(), await published.text()).toBe(200);

    // On a page, with the form block.
    const page = await admin.newPage();
    await page.goto(`${baseUrl()}${PAGE}/edit`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Blok toevoegen aan hoofdgedeelte' }).click();
    await page.getByRole('menuitem', { name: 'Formulier', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Formulier' });
    await drawer.getByRole('textbox', { name: 'Titel boven het formulier' }).fill('Stuur een bestand');
    await drawer.getByRole('combobox', { name: 'Formulier', exact: true }).click();
    await page.getByRole('option', { name: 'Bestanden', exact: true }).click();
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await publishFromEditBar(page);
    await page.close();
  }, 180_000);
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
    useOwnServer(undefined);
    await server?.stop();
  });

  async function downloadFrom(page: Page, name: string) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `${name} downloaden` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    return readFile(await download.path());
  }

  it('offers the file question in the builder, with the kinds of file it takes', async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/admin/forms/view/${formGuid}`);
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Soort vraag of onderdeel', exact: true }).click();
    await page.getByRole('option', { name: 'Bestand', exact: true }).click();
    await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    const editor = page.locator('.form-builder-panel:not([hidden])');
    await editor.getByRole('checkbox', { name: 'PDF' }).waitFor();
    expect(await editor.getByRole('checkbox', { name: /Afbeeldingen/ }).isChecked()).toBe(true);
    await editor.getByRole('checkbox', { name: 'PDF' }).uncheck();
    expect(await editor.getByRole('checkbox', { name: 'PDF' }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });

  it('takes a file with JavaScript, and the receipt downloads it', async () => {
    const context = await newContext(browser, { width: 375, height: 800 });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${PAGE}`);
    await waitForHydration(page);
    const form = page.locator('[data-block="form"] form');
    const file = form.getByLabel('Bijlage');
    await file.waitFor();
    // The hint says what the question takes and how large.
    await form.getByText(/een afbeelding .* of een PDF, hoogstens 30 MB/).waitFor();
    await form.getByRole('button', { name: 'Versturen' }).click();
    await form.getByText('Vul dit veld in.').first().waitFor();
    expect(await seriousViolations(page, { exclude: SITE_PARTS })).toEqual([]);

    await form.getByRole('textbox', { name: 'Naam' }).fill('Fatima');
    // Too large is said before anything is sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST') posts += 1;
    });
    await file.setInputFiles({
      name: 'groot.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(30 * 1024 * 1024 + 1),
    });
    await form.getByRole('button', { name: 'Versturen' }).click();
    await form.getByText('Dit bestand is te groot: het mag hoogstens 30 MB zijn.').first().waitFor();
    expect(posts).toBe(0);
    await file.setInputFiles({ name: 'vakantie.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Versturen' }).click();
    await page.waitForURL(/\/submission\/[0-9a-f-]{36}\?sent=1/);
    await expect.poll(() => page.locator('.receipt-answers').innerText()).toContain('vakantie.png');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await downloadFrom(page, 'vakantie.png')).equals(png)).toBe(true);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('takes a file without JavaScript, refusing a wrong one at its field; the admin downloads it', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${PAGE}`);
    const form = page.locator('[data-block="form"] form');
    expect(await form.getAttribute('enctype')).toBe('multipart/form-data');
    await form.getByRole('textbox', { name: 'Naam' }).fill('Kees');
    // A program renamed .png: the server looks at the bytes.
    await form.getByLabel('Bijlage').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00 not an image', 'latin1'),
    });
    await form.getByRole('button', { name: 'Versturen' }).click();
    await page.waitForLoadState('load');
    await form
      .getByText(/Dit soort bestand kan hier niet/)
      .first()
      .waitFor();

    await form.getByRole('textbox', { name: 'Naam' }).fill('Kees');
    await form
      .getByLabel('Bijlage')
      .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Versturen' }).click();
    await page.waitForURL(/\/submission\/[0-9a-f-]{36}\?sent=1/);
    await expect.poll(() => page.locator('.receipt-answers').innerText()).toContain('brief.pdf');
    const submission = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await context.close();

    const adminPage = await admin.newPage();
    await adminPage.goto(`${baseUrl()}/admin/forms/${formGuid}/${submission}`);
    await waitForHydration(adminPage);
    expect((await downloadFrom(adminPage, 'brief.pdf')).equals(PDF)).toBe(true);
    expect(await seriousViolations(adminPage)).toEqual([]);
    await adminPage.close();
  });
});
