import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../scripts/server-process.ts';
import { fakeGeocoder } from '../test/fake-geocoder.ts';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import {
  baseUrl,
  CONSENT_COOKIE,
  launchBrowser,
  newContext,
  type PageProblems,
  useOwnServer,
  waitForHydration,
  watchProblems,
} from './browser.ts';
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
 * Issue 31: the map block, added in edit mode from the "add block" menu, its place found through
 * the address search (a stand-in Nominatim on loopback, GEOCODER_URL of a server of this file's own)
 * or typed, and published. A visitor without consent gets the place's name, address and a plain
 * link to OpenStreetMap and no frame; after consenting, the frame (never loaded here: requests
 * leave for nowhere but the site); without JavaScript the same as the server renders it. Edited,
 * moved and deleted; axe in Dutch and English at 375 and 1280 px.
 */

const NAME = 'Dorpshuis De Linde';
const ADDRESS = 'Dorpsstraat 1\n8401 AB De Linde';
const FOUND = 'Dorpsstraat 1, 8401 AB De Linde, Friesland, Nederland';
const LINK = 'https://www.openstreetmap.org/?mlat=53.0386&mlon=5.6659#map=17/53.0386/5.6659';
const TYPE = 'Kaart (OpenStreetMap)';

/** Only our own server: OpenStreetMap's frame must never be asked for from a test. */
async function offline(context: BrowserContext) {
  const origin = new URL(baseUrl()).origin;
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort('blockedbyclient'),
  );
}

/** Problems besides the frame's request that `offline` blocked on purpose. */
const besidesBlocked = (problems: PageProblems, expectedStatuses: number[] = []) =>
  unexpectedProblems(problems, expectedStatuses).filter((message) => !/ERR_BLOCKED_BY_CLIENT/.test(message));

const theMap = (page: Page, name = NAME) => page.locator('.block[data-block=map]').filter({ hasText: name });

describe('map block', () => {
  const geocoder = fakeGeocoder();
  let server: ServerProcess;
  let browser: Browser;
  let path: string;

  beforeAll(async () => {
    const geocoderUrl = await geocoder.listen();
    server = await startServer({ extraEnv: { GEOCODER_URL: geocoderUrl, GEOCODER_TIMEOUT: '2' } });
    useOwnServer({ baseUrl: server.url, dataDir: server.dataDir });
    browser = await launchBrowser();
    const admin = await adminSession(browser);
    const created = await pageWithText(admin, 'Route', 'Zo vind je ons.');
    path = created.path;
    // A second map, in Dutch and English, for the English page, moving and deleting.
    await admin.post(`/api/pages/${created.pageGuid}/buildingblockinstances`, {
      buildingBlockName: 'map',
      layoutPosition: 'main',
      content: { nl: { title: 'De Dam' }, en: { title: 'Dam Square', address: 'Dam, Amsterdam' } },
      options: { latitude: 52.3731, longitude: 4.8922, zoom: 16 },
    });
    await admin.close();
  });
  afterAll(async () => {
    await browser?.close();
    useOwnServer(undefined);
    await server?.stop();
    await geocoder.close();
  });

  it('lets the admin add a map, find its place by address or type it, and publish it', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    await offline(context);
    const before = await mainBlocks(page).count();

    const drawer = await addMainBlock(page, TYPE);
    await drawer.getByRole('textbox', { name: 'Naam van de plek' }).fill(NAME);
    await drawer.getByRole('textbox', { name: 'Adres (optioneel)' }).fill(ADDRESS);

    // The address search, by keyboard: Enter searches (it does not save the block).
    const search = drawer.getByRole('textbox', { name: 'Adres zoeken' });
    await search.fill('Dorpsstraat 1');
    await search.press('Enter');
    const results = drawer.getByRole('list', { name: 'Gevonden plekken' });
    await results.getByRole('button', { name: FOUND }).waitFor();
    await expect(drawer.getByText('1 plek gevonden').count()).resolves.toBe(1);
    // (A retry of this test finds the answer in the server's cache: the geocoder was asked once.)
    expect(geocoder.calls.map((call) => call.query)).toContainEqual(
      expect.objectContaining({ q: 'Dorpsstraat 1', 'accept-language': 'nl' }),
    );
    await results.getByRole('button', { name: FOUND }).focus();
    await page.keyboard.press('Enter');
    // The chosen result's button is gone: the focus is on the coordinates it filled in.
    const coordinates = drawer.getByRole('textbox', { name: 'Coördinaten' });
    await expect.poll(() => coordinates.inputValue()).toBe('53.0386, 5.6659');
    await expect.poll(() => coordinates.evaluate((input) => input === document.activeElement)).toBe(true);
    await drawer.getByText(`Op de kaart gezet: ${FOUND}.`).waitFor();
    await expect(results.count()).resolves.toBe(0);

    // The geocoder down: the editor says so, and the coordinates are still there to type.
    geocoder.setMode('error');
    try {
      await search.fill('Dam');
      await drawer.getByRole('button', { name: 'Zoek adres' }).click();
      await drawer
        .getByText(
          'Adressen zoeken lukt nu niet: de zoekdienst antwoordt niet. Probeer het later opnieuw of vul de coördinaten zelf in.',
        )
        .waitFor();
    } finally {
      geocoder.setMode('ok');
    }
    await expect(coordinates.inputValue()).resolves.toBe('53.0386, 5.6659');

    // Coordinates that break the rule are refused in the drawer, by the same rule as the server's.
    await coordinates.fill('53.0386; javascript:alert(1)');
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.getByText(/Schrijf de coördinaten als 52\.3702, 4\.8952/).waitFor();
    // A link of OpenStreetMap is read for its place and zoom, and shown as coordinates once left.
    await coordinates.fill('https://www.openstreetmap.org/#map=17/53.0386/5.6659');
    await coordinates.press('Tab');
    await expect(coordinates.inputValue()).resolves.toBe('53.0386, 5.6659');
    await expect(drawer.getByRole('textbox', { name: 'Zoomniveau' }).inputValue()).resolves.toBe('17');
    await expect(
      drawer.getByRole('link', { name: /Bekijk deze plek op OpenStreetMap/ }).getAttribute('href'),
    ).resolves.toBe(LINK);

    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await waitForBlockCount(page, before + 1);
    await theMap(page).locator('.map-block').last().waitFor();
    await publishFromEditBar(page);
    // The search's 424 is the geocoder's failure the test asked for.
    expect(besidesBlocked(problems, [424])).toEqual([]);
    await context.close();
  });

  it('shows a visitor without consent the address and a plain link, no frame; after consenting the frame', async () => {
    const context = await newContext(browser, { consent: 'required' });
    await offline(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${path}`);
    await waitForHydration(page);
    const map = theMap(page);
    await expect(map.locator('iframe').count()).resolves.toBe(0);
    await expect(map.locator('.map-block-address').innerText()).resolves.toBe(ADDRESS);
    const link = map.getByRole('link', { name: `Bekijk ${NAME} op OpenStreetMap` });
    await expect(link.getAttribute('href')).resolves.toBe(LINK);
    await expect(map.innerText()).resolves.toContain('Deze kaart wordt geladen via OpenStreetMap');

    await map.getByRole('button', { name: 'Functionele cookies toestaan' }).click();
    const frame = map.locator('iframe');
    await frame.waitFor({ state: 'attached' });
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.origin + src.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(src.searchParams.get('marker')).toBe('53.0386,5.6659');
    expect(src.searchParams.get('layer')).toBe('mapnik');
    expect(src.searchParams.get('bbox')).toMatch(/^5\.66\d*,53\.03\d*,5\.67\d*,53\.04\d*$/);
    await expect(frame.getAttribute('title')).resolves.toBe(NAME);
    // The other map on the page follows the same consent; the link and address stay below the frame.
    await expect(theMap(page, 'De Dam').locator('iframe').count()).resolves.toBe(1);
    await expect(link.getAttribute('href')).resolves.toBe(LINK);
    const consent = (await context.cookies(baseUrl())).find((cookie) => cookie.name === CONSENT_COOKIE);
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}')).categories.sort()).toEqual([
      'functional',
      'required',
    ]);
    expect(besidesBlocked(problems)).toEqual([]);
    await context.close();
  });

  it('without JavaScript, gives the same: the fallback before consent, the frame from the server after it', async () => {
    for (const consent of ['required', 'all'] as const) {
      const context = await newContext(browser, { consent, javaScriptEnabled: false });
      await offline(context);
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBe(200);
      const map = theMap(page);
      await expect(map.locator('iframe').count()).resolves.toBe(consent === 'all' ? 1 : 0);
      await expect(map.locator('.map-block-address').innerText()).resolves.toBe(ADDRESS);
      await expect(
        map.getByRole('link', { name: `Bekijk ${NAME} op OpenStreetMap` }).getAttribute('href'),
      ).resolves.toBe(LINK);
      if (consent === 'all') {
        await expect(map.locator('iframe').getAttribute('src')).resolves.toMatch(
          /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/,
        );
      } else {
        // The consent button is a plain form: it works without JavaScript, and comes back here.
        await map.getByRole('button', { name: 'Functionele cookies toestaan' }).click();
        await page.waitForURL(`${baseUrl()}${path}`);
        await theMap(page).locator('iframe').waitFor({ state: 'attached' });
        const stored = (await context.cookies(baseUrl())).find((cookie) => cookie.name === CONSENT_COOKIE);
        expect(JSON.parse(decodeURIComponent(stored?.value ?? '{}')).categories.sort()).toEqual([
          'functional',
          'required',
        ]);
      }
      await context.close();
    }
  });

  // Four pages a test, each scanned whole: more than the default minute on a loaded machine.
  it.each(['required', 'all'] as const)(
    'has no serious accessibility violations in Dutch and English at 375 and 1280 px (consent: %s)',
    async (consent) => {
      for (const width of [375, 1280]) {
        const context = await newContext(browser, { width, height: 900, consent });
        await offline(context);
        const page = await context.newPage();
        const problems = watchProblems(page);
        for (const language of ['nl', 'en'] as const) {
          await page.goto(`${baseUrl()}${path}${language === 'en' ? '?lang=en' : ''}`);
          await waitForHydration(page);
          await theMap(page, language === 'en' ? 'Dam Square' : 'De Dam').waitFor();
          expect(await seriousViolations(page), `${language} at ${width} px`).toEqual([]);
        }
        // The English page names its links in English, the place by its English name.
        await expect(
          theMap(page, 'Dam Square').getByRole('link', { name: 'View Dam Square on OpenStreetMap' }).count(),
        ).resolves.toBe(1);
        expect(besidesBlocked(problems)).toEqual([]);
        await context.close();
      }
    },
    150_000,
  );

  it('edits a map’s zoom, moves it up and deletes another in edit mode; the visitor sees the result', async () => {
    const { context, page, problems } = await openEditMode(browser, `${path}/edit`);
    await offline(context);
    const count = await mainBlocks(page).count();
    const names = () =>
      mainBlocks(page).evaluateAll((blocks) =>
        blocks.map(
          (block) => `${block.getAttribute('data-editable-block')}:${block.textContent?.includes('De Dam')}`,
        ),
      );

    // Edit: the Dam further out, by keyboard in the zoom field.
    const dam = mainBlocks(page).filter({ hasText: 'De Dam' });
    expect(await dam.count()).toBe(1);
    await dam.getByRole('button', { name: 'Bewerk' }).click();
    const drawer = page.getByRole('dialog', { name: `Blok bewerken: ${TYPE}` });
    await drawer.waitFor();
    const zoom = drawer.getByRole('textbox', { name: 'Zoomniveau' });
    await zoom.fill('12');
    const saved = draftSaved(page);
    await drawer.getByRole('button', { name: 'Opslaan' }).click();
    await saved;
    await drawer.waitFor({ state: 'detached' });

    // Move: the Dam one place up, above the text it follows.
    const before = await names();
    const damIndex = before.indexOf('map:true');
    expect(damIndex).toBeGreaterThan(0);
    await mainBlocks(page).nth(damIndex).getByRole('button', { name: 'Omhoog' }).click();
    await expect
      .poll(names)
      .toEqual([
        ...before.slice(0, damIndex - 1),
        'map:true',
        before[damIndex - 1],
        ...before.slice(damIndex + 1),
      ]);

    // Delete: the Linde.
    await mainBlocks(page).filter({ hasText: NAME }).getByRole('button', { name: 'Verwijder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Blok verwijderen?' });
    await confirm.getByRole('button', { name: 'Verwijder' }).click();
    await confirm.waitFor({ state: 'detached' });
    await waitForBlockCount(page, count - 1);
    await publishFromEditBar(page);
    expect(besidesBlocked(problems)).toEqual([]);
    await context.close();

    const visitor = await newContext(browser, { consent: 'required', javaScriptEnabled: false });
    const shown = await visitor.newPage();
    await shown.goto(`${baseUrl()}${path}`);
    const text = await shown.locator('article.page').innerText();
    expect(text).toContain('De Dam');
    expect(text).not.toContain(NAME);
    expect(text.indexOf('De Dam')).toBeLessThan(text.indexOf('Zo vind je ons.'));
    await expect(
      shown.getByRole('link', { name: 'Bekijk De Dam op OpenStreetMap' }).getAttribute('href'),
    ).resolves.toBe('https://www.openstreetmap.org/?mlat=52.3731&mlon=4.8922#map=12/52.3731/4.8922');
    await visitor.close();
  });
});
