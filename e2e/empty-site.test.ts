import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';
import { mailedPath, newestMail, PASSWORD, signInByApi, TEST_ADMIN } from './accounts.ts';
import {
  baseUrl,
  DESKTOP_CHROME,
  launchBrowser,
  newContext,
  useOwnServer,
  waitForHydration,
} from './browser.ts';

/**
 * Issue 10's promise: an organisation builds and runs its site from an empty database in the
 * browser alone. A server of its own without the demo site (SEED_DEMO=false); the admin creates
 * three pages in different layouts, puts them in the menu and nests them by drag and drop and by
 * keyboard, creates the role "Redactie", gives it edit rights on one page and invites a user into
 * it; that user edits that page and not another; the statistics show the visits of the test.
 */

const PAGES = [
  { title: 'Over ons', layout: /Eén kolom/, segment: 'over-ons' },
  { title: 'Nieuws', layout: /Linkerkolom/, segment: 'nieuws' },
  { title: 'Contact', layout: /Twee zijkolommen/, segment: 'contact' },
] as const;

type Item = { name: string; urlSegment: string; path?: string; relatedMenuItems: Item[] };

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

function flatten(items: Item[], parent = ''): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const item of items) {
    const path = `${parent}/${item.urlSegment}`;
    paths[item.urlSegment] = path;
    Object.assign(paths, flatten(item.relatedMenuItems, path));
  }
  return paths;
}

describe('an organisation builds its site from an empty database, in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  const editor = { email: `redacteur-${Date.now().toString(36)}@e2e.example`, guid: '' };

  beforeAll(async () => {
    server = await startServer({ seedDemo: false, extraEnv: { STATISTICS_FLUSH_SECONDS: '1' } });
    useOwnServer({ baseUrl: server.url, dataDir: server.dataDir });
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1280 });
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
    const result = await server?.stop(5_000);
    useOwnServer(undefined);
    expect(result?.code).toBe(0);
  });

  async function menuPaths(): Promise<Record<string, string>> {
    const response = await admin.request.get(`${baseUrl()}/api/menus:withName?name=Top%20level%20menu`);
    const menu = (await response.json()) as { menuItems: Item[] };
    return flatten(menu.menuItems);
  }

  it('starts empty: no pages, an empty menu', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/pages');
    await page.getByText("Nog geen pagina's. Maak de eerste pagina.").waitFor();
    await open(page, '/admin/menu');
    await page.getByText('Dit menu heeft nog geen items.', { exact: false }).waitFor();
    await page.close();
  });

  it('creates three pages in different layouts', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/pages');
    for (const { title, layout } of PAGES) {
      await page.getByRole('button', { name: 'Nieuwe pagina' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Nieuwe pagina' });
      await dialog.getByLabel('Titel (Nederlands)').fill(title);
      await dialog.getByLabel('Indeling', { exact: true }).click();
      await page.getByRole('option', { name: layout }).click();
      await dialog.getByLabel('Gepubliceerd').check();
      await dialog.getByRole('button', { name: 'Maak aan' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => page.getByRole('row').count()).toBe(PAGES.length + 1);
    for (const { title } of PAGES) {
      await expect(page.getByRole('row').filter({ hasText: title }).innerText()).resolves.toContain(
        'niet in het menu',
      );
    }
    await page.close();
  });

  it('puts the pages in the menu and nests them by drag and drop and by keyboard', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/menu');
    for (const { title } of PAGES) {
      await page.getByRole('button', { name: 'Item toevoegen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Item toevoegen' });
      await dialog.getByLabel('Pagina', { exact: true }).click();
      await page.getByRole('option', { name: title, exact: true }).click();
      await dialog.getByRole('button', { name: 'Maak aan' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Verplaats ${title}` }).waitFor();
    }
    await expect.poll(menuPaths).toEqual({ 'over-ons': '/over-ons', nieuws: '/nieuws', contact: '/contact' });

    // Drag and drop with the mouse: "Nieuws" moves right, under "Over ons" (its sibling above).
    const handle = page.getByRole('button', { name: 'Verplaats Nieuws' });
    await handle.scrollIntoViewIfNeeded();
    const box = await handle.boundingBox();
    if (!box) throw new Error('no drag handle');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(x + step * 6, y + (step % 2));
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    await expect.poll(async () => (await menuPaths()).nieuws, { timeout: 10_000 }).toBe('/over-ons/nieuws');

    // By keyboard: "Contact" goes in under "Over ons" too.
    // Once the tree on screen shows the drag's result (its save and reload): before that, "Contact"'s
    // sibling above is still "Nieuws", and the key may land on a button the reload replaces.
    await expect.poll(() => page.getByRole('button', { name: 'Spring Nieuws uit' }).isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    const indent = page.getByRole('button', { name: 'Spring Contact in' });
    await expect.poll(() => indent.isEnabled()).toBe(true);
    await indent.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await menuPaths()).contact, { timeout: 10_000 }).toBe('/over-ons/contact');

    // A visitor sees the nesting in the public menu, and the page at its nested path.
    const visitor = await newContext(browser);
    const visit = await visitor.newPage();
    await open(visit, '/over-ons/nieuws');
    await visit.getByRole('heading', { level: 1, name: 'Nieuws' }).waitFor();
    await expect(visit.locator('a[href="/over-ons/contact"]').count()).resolves.toBeGreaterThan(0);
    await visitor.close();
    await page.close();
  });

  it('creates role "Redactie" and gives it edit rights on "Nieuws"', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/roles');
    await page.getByRole('button', { name: 'Nieuwe rol' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe rol' });
    await dialog.getByLabel('Naam').fill('Redactie');
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await open(page, '/admin/pages');
    await page
      .getByRole('row')
      .filter({ hasText: 'Nieuws' })
      .getByRole('button', { name: /Acties/ })
      .click();
    await page.getByRole('menuitem', { name: 'Instellingen' }).click();
    const settings = page.getByRole('dialog', { name: 'Instellingen van “Nieuws”' });
    await settings.getByRole('radio', { name: 'Beheerders en deze rollen' }).check();
    await settings.getByLabel('Rollen die mogen bewerken', { exact: true }).click({ force: true });
    await page.getByRole('option', { name: 'Redactie' }).click();
    await page.keyboard.press('Escape');
    await settings.getByRole('button', { name: 'Sla op' }).click();
    await settings.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Nieuws' }).innerText())
      .toContain('Redactie');
    await page.close();
  });

  it('invites a user into the role; they edit "Nieuws" and not "Contact"', async () => {
    const page = await admin.newPage();
    await open(page, '/admin/users');
    const invitation = page.getByRole('form', { name: 'Nieuwe uitnodiging' });
    await invitation.getByLabel(/^E-mailadres/).fill(editor.email);
    await invitation.getByLabel('Rollen', { exact: true }).click({ force: true });
    await page.getByRole('option', { name: 'Redactie' }).click();
    await page.keyboard.press('Escape');
    await invitation.getByRole('button', { name: 'Maak aan' }).click();
    const invitationPath = mailedPath(await newestMail(editor.email), '/invitation/');
    await page.close();

    const context = await newContext(browser, { width: 1280 });
    const invited = await context.newPage();
    await open(invited, invitationPath);
    await invited.getByLabel(/^Voornaam/).fill('Roos');
    await invited.getByLabel(/^Achternaam/).fill('Redacteur');
    await invited.getByLabel(/^Nieuw wachtwoord/).fill(PASSWORD);
    await invited.getByRole('button', { name: 'Maak account aan en accepteer' }).click();
    await invited.waitForURL((url) => url.pathname === '/account/profile');
    const terms = invited.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
    await terms.getByRole('button', { name: 'Accepteer' }).click();
    await terms.waitFor({ state: 'hidden' });

    await open(invited, '/over-ons/nieuws/edit');
    await invited.getByRole('region', { name: 'Bewerkmodus' }).waitFor();
    await open(invited, '/over-ons/contact/edit');
    expect(new URL(invited.url()).pathname).toBe('/unauthorized');
    await context.close();
  });

  it('shows the visits made during the test in the statistics', async () => {
    const visitor = await newContext(browser, { userAgent: DESKTOP_CHROME });
    const visit = await visitor.newPage();
    for (const path of ['/over-ons', '/over-ons/nieuws', '/over-ons/contact', '/over-ons/nieuws']) {
      await open(visit, path);
    }
    await visitor.close();

    const page = await admin.newPage();
    await expect
      .poll(
        async () => {
          await open(page, '/statistics');
          const row = page.getByRole('row').filter({ hasText: '/over-ons/nieuws' }).first();
          return (await row.count()) > 0 ? row.innerText() : '';
        },
        { timeout: 15_000 },
      )
      .toMatch(/\/over-ons\/nieuws\D+[2-9]/);
    await page.close();
  });
});
