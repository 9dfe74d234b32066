import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByApi, TEST_ADMIN, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/** The demo's news page and its list of ~12 news items (server/seed/demo.ts). */
const NEWS = '/nieuws';
/** The demo's calendar page with its "Agenda" list of events (some with a period that has ended). */
const AGENDA = '/activiteiten/kalender';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newsList = (page: Page): Locator => page.locator('.block-list').first();
const titles = (list: Locator) => list.locator('.list-item-title').allInnerTexts();

/** The list block's URL parameter prefix: the first 8 characters of its guid. */
async function listPrefix(list: Locator): Promise<string> {
  const guid = await list.getAttribute('data-guid');
  if (!guid) throw new Error('list block without data-guid');
  return guid.slice(0, 8);
}

async function openNews(page: Page, search = '') {
  await page.goto(`${baseUrl()}${NEWS}${search}`);
  await waitForHydration(page);
  await newsList(page).locator('.list-item').first().waitFor();
}

/** Waits for the list to show something else than `before` (a client-side navigation finished). */
async function waitForChange(page: Page, before: string[]) {
  await page.waitForFunction(
    (previous) =>
      JSON.stringify(
        [...document.querySelectorAll('.block-list .list-item-title')].map(
          (node) => (node as HTMLElement).innerText,
        ),
      ) !== previous,
    JSON.stringify(before),
  );
}

describe('a list of items for visitors', () => {
  it('pages through the list with links in the URL, and back', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openNews(page);
    const list = newsList(page);
    const prefix = await listPrefix(list);
    const first = await titles(list);
    expect(first.length).toBeGreaterThan(0);

    await list.getByRole('link', { name: 'Pagina 2' }).click();
    await page.waitForURL((url) => url.searchParams.get(`${prefix}_page`) === '2');
    await waitForChange(page, first);
    const second = await titles(list);
    expect(second.some((title) => first.includes(title))).toBe(false);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has(`${prefix}_page`));
    await waitForChange(page, second);
    await expect(titles(list)).resolves.toEqual(first);
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('pages without JavaScript too (the server renders the URL state)', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${NEWS}`);
    const list = newsList(page);
    const first = await titles(list);
    await list.getByRole('link', { name: 'Pagina 2' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).search).toMatch(/_page=2/);
    const second = await titles(newsList(page));
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
    await context.close();
  });

  it('sorts by title', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openNews(page);
    const list = newsList(page);
    const prefix = await listPrefix(list);
    const before = await titles(list);
    await list.getByLabel('Sorteer op').selectOption('title_asc');
    await page.waitForURL((url) => url.searchParams.get(`${prefix}_sort`) === 'title_asc');
    await waitForChange(page, before);
    const sorted = await titles(list);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'nl')));
    // The choice survives a reload: it lives in the URL.
    await page.reload();
    await waitForHydration(page);
    await expect(titles(newsList(page))).resolves.toEqual(sorted);
    await context.close();
  });

  it('filters by item type', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openNews(page);
    const list = newsList(page);
    const prefix = await listPrefix(list);
    const select = list.getByLabel('Soort', { exact: true });
    const options = await select
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThan(0);
    const filter = options[0] ?? '';
    // The option shows the type's label ("Nieuws"), the list item the same label, never the raw name.
    const typeLabel = ((await select.locator(`option[value="${filter}"]`).textContent()) ?? '').trim();
    expect(typeLabel).not.toBe(filter.replace(/^type:/, ''));
    await select.selectOption(filter);
    await page.waitForURL((url) => url.searchParams.get(`${prefix}_filter`) === filter);
    await list.locator('.list-item').first().waitFor();
    const types = await list.locator('.list-item-type').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set([typeLabel]));
    await context.close();
  });

  it('searches within the list and shows the empty state for no match', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openNews(page);
    const list = newsList(page);
    const prefix = await listPrefix(list);
    const [firstTitle = ''] = await titles(list);
    const word = firstTitle.split(/\s+/).find((part) => part.length >= 5) ?? firstTitle;
    // The search field is remounted when the list's state in the URL changes: wait for that, or the
    // next query typed could land in the old field and be replaced.
    const field = await list.getByLabel('Zoek in de lijst').elementHandle();
    await list.getByLabel('Zoek in de lijst').fill(word);
    await list.getByRole('button', { name: 'Zoek', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get(`${prefix}_q`) === word);
    await page.waitForFunction((element) => !element?.isConnected, field);
    await list.getByRole('link', { name: firstTitle }).waitFor();

    await list.getByLabel('Zoek in de lijst').fill('xyzzyqwertyuiop');
    await list.getByRole('button', { name: 'Zoek', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get(`${prefix}_q`) === 'xyzzyqwertyuiop');
    await list.getByText('Geen records gevonden').waitFor();
    await context.close();
  });
});

describe('widgets and other lists', () => {
  it('shows the latest news on the home page with a link to the full list', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    const widget = page.locator('.block-widget').first();
    const links = widget.locator('.list-widget-item-title');
    await expect(links.count()).resolves.toBe(3);
    const href = await links.first().getAttribute('href');
    expect(href).toMatch(/^\/nieuws\/i\/[^/]+\/[a-z0-9_-]+$/);
    await widget.locator('.list-widget-more').click();
    await page.waitForURL(`${baseUrl()}${NEWS}`);
    await context.close();
  });

  it('leaves events whose period has ended out of the agenda', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${AGENDA}`);
    await waitForHydration(page);
    const agenda = page.locator('.block-list').first();
    const events = await titles(agenda);
    expect(events).toContain('Jaarvergadering');
    expect(events).not.toContain('Herfstwandeling');
    await context.close();
  });
});

describe('a lazyLoad list', () => {
  it('arrives without items and loads them when it scrolls into view', async () => {
    const admin = await newContext(browser);
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const visitor = await newContext(browser, { height: 500 });
    const page = await visitor.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}${AGENDA}`);
    const guid = await page.locator('.block-list').first().getAttribute('data-guid');
    const setLazy = async (lazyLoad: boolean) => {
      const response = await admin.request.post(`${baseUrl()}/api/buildingblockinstance/${guid}/options`, {
        data: { lazyLoad },
        headers: await xsrfHeaders(admin),
      });
      expect(response.status()).toBe(200);
    };
    await setLazy(true);
    try {
      const html = await (await visitor.request.get(`${baseUrl()}${AGENDA}`)).text();
      expect(html).not.toContain('class="list-item"');
      expect(html).toContain('Laden...');
      await page.goto(`${baseUrl()}${AGENDA}`);
      await waitForHydration(page);
      const agenda = page.locator('.block-list').first();
      await agenda.scrollIntoViewIfNeeded();
      await agenda.getByRole('link', { name: 'Jaarvergadering' }).waitFor();
      expect(problems.messages).toEqual([]);
    } finally {
      await setLazy(false);
      await visitor.close();
      await admin.close();
    }
  });
});

describe('item pages', () => {
  it('opens an item from the list, with breadcrumbs and a canonical link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openNews(page);
    const link = newsList(page).locator('.list-item-title a').first();
    const title = await link.innerText();
    await link.click();
    await page.waitForURL(/\/nieuws\/i\/[^/]+\/[a-z0-9_-]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(page.url());
    // Back to the list through the breadcrumbs.
    const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
    await crumbs.getByRole('link').last().click();
    await page.waitForURL(`${baseUrl()}${NEWS}`);
    await newsList(page).locator('.list-item').first().waitFor();
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('sends a wrong or missing slug to the canonical URL (301) and an unknown item to 404', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openNews(page);
    const href = await newsList(page).locator('.list-item-title a').first().getAttribute('href');
    const match = href?.match(/^(\/nieuws\/i\/[^/]+)\/([a-z0-9_-]+)$/);
    if (!match?.[1]) throw new Error(`unexpected item URL ${href}`);
    for (const wrong of [`${match[1]}/een-verkeerde-titel`, match[1]]) {
      const response = await page.goto(`${baseUrl()}${wrong}`);
      expect(new URL(page.url()).pathname).toBe(href);
      expect(response?.status()).toBe(200);
      const redirect = await response?.request().redirectedFrom()?.response();
      expect(redirect?.status()).toBe(301);
    }
    const missing = await page.goto(`${baseUrl()}${NEWS}/i/BestaatNiet/titel`);
    expect(missing?.status()).toBe(404);
    await context.close();
  });
});

describe('the search page', () => {
  it('finds an item by a word of its title and highlights it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openNews(page);
    const first = newsList(page).locator('.list-item').first();
    const title = await first.locator('.list-item-title').innerText();
    const description = await first.locator('.list-item-description').innerText();
    // A word of the item's text (not only its title), so the snippet has something to mark.
    const word = description.split(/\s+/).find((part) => /^[\p{L}]{7,}$/u.test(part)) ?? title;

    await page.getByRole('link', { name: 'Zoeken' }).first().click();
    await page.waitForURL(`${baseUrl()}/search`);
    await page.getByText('Typ een zoekterm').waitFor();
    await page.getByLabel('Zoekterm').fill(word);
    await page.getByRole('button', { name: 'Zoek', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    // The item's own hit (the news page mentions it too), with the word marked in its snippet.
    const hit = page
      .locator('.search-hit')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await hit.waitFor();
    await expect(hit.locator('.search-snippet mark').count()).resolves.toBeGreaterThan(0);
    await hit.getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await context.close();
  });

  it('says so when nothing is found', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/search?q=qqqxxyyzzwwvv`);
    await waitForHydration(page);
    await page.getByText('Niets gevonden voor "qqqxxyyzzwwvv"').waitFor();
    await context.close();
  });
});

/** The admin signed in, a way to call the API as them, and the demo's volunteers page to add lists to. */
async function adminOnVolunteers() {
  const context = await newContext(browser);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const headers = await xsrfHeaders(context);
  const request = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const response = await context.request[method](`${baseUrl()}${path}`, { data, headers });
    expect(response.status(), `${method} ${path}`).toBeLessThan(300);
    return response.json();
  };
  const volunteers = (await request('get', '/api/pages:withName?name=vrijwilligers')) as { guid: string };
  return { context, request, volunteers, suffix: Date.now().toString(36) };
}

describe('editing items', () => {
  it('lets the admin add an item in edit mode and shows it in the list', async () => {
    const context = await newContext(browser);
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${NEWS}/edit`);
    await waitForHydration(page);
    const list = newsList(page);
    await list.getByRole('button', { name: 'Item toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw item' });
    await dialog.waitFor();
    const title = `Testbericht ${Date.now().toString(36)}`;
    await dialog.getByLabel('Titel (Nederlands)').fill(title);
    await dialog.getByLabel('Omschrijving (Nederlands)').fill('Een bericht uit de browsertest.');
    // The item's own text is rich text (Tiptap, loaded when the form opens).
    const body = dialog.getByRole('textbox', { name: 'Tekst' });
    await body.click();
    await page.keyboard.type('De tekst van het bericht, met ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('vette woorden');
    await dialog.getByRole('button', { name: 'Maak aan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Gelukt.').first().waitFor();
    await list.getByRole('link', { name: title }).waitFor();

    // Visitors see it too (newest first), and its page opens.
    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    await openNews(visitorPage);
    await newsList(visitorPage).getByRole('link', { name: title }).click();
    await visitorPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitorPage.locator('strong', { hasText: 'vette woorden' }).waitFor();
    await visitor.close();
    await context.close();
  });

  it('moves an item up in a list ordered by hand, with one request, and visitors see the new order', async () => {
    const { context, request, volunteers, suffix } = await adminOnVolunteers();
    const block = (await request('post', `/api/pages/${volunteers.guid}/buildingblockinstances`, {
      buildingBlockName: 'list',
      layoutPosition: 'main',
      content: { nl: { title: `Taken ${suffix}` }, en: { title: `Tasks ${suffix}` } },
      options: { sortOrder: 'manual' },
    })) as { guid: string };
    const item = (title: string, sortId: number) => ({
      title: { nl: title, en: `${title} (en)` },
      listItemTypeName: 'nieuws',
      metadata: { description: { nl: `Over ${title}`, en: `About ${title}` } },
      sortId,
    });
    const created = (await request('post', `/api/listitem/list/${block.guid}`, [
      item('Koffie', 10),
      item('Thee', 20),
      item('Soep', 30),
    ])) as { guid: string }[];

    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/activiteiten/vrijwilligers/edit`);
    await waitForHydration(page);
    const list = page.locator(`.block-list[data-guid="${block.guid}"]`);
    await list.locator('.list-item').first().waitFor();
    expect(await titles(list)).toEqual(['Koffie', 'Thee', 'Soep']);
    const writes: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() !== 'GET' && sent.url().includes('/api/listitem'))
        writes.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
    });
    const moveUp = list.getByRole('button', { name: 'Soep omhoog' });
    await moveUp.click();
    await page.getByText('Gelukt.').first().waitFor();
    await expect.poll(() => titles(list)).toEqual(['Koffie', 'Soep', 'Thee']);
    expect(writes).toEqual([`POST /api/listitem/list/${block.guid}/reorder`]);

    // The English texts are untouched by the move.
    const soup = (await request('get', `/api/listitem/${created[2]?.guid}`)) as {
      titleTranslations: { en: string };
      metadata: { descriptionTranslations: { en: string } };
    };
    expect(soup.titleTranslations.en).toBe('Soep (en)');
    expect(soup.metadata.descriptionTranslations.en).toBe('About Soep');

    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${baseUrl()}/activiteiten/vrijwilligers`);
    const visitorList = visitorPage.locator(`.block-list[data-guid="${block.guid}"]`);
    await visitorList.locator('.list-item').first().waitFor();
    expect(await titles(visitorList)).toEqual(['Koffie', 'Soep', 'Thee']);
    await visitor.close();
    expect(problems.messages).toEqual([]);
    await context.close();
  });

  it('marks scheduled and hidden items for editors only; visitors see neither', async () => {
    const { context, request, volunteers, suffix } = await adminOnVolunteers();
    const block = (await request('post', `/api/pages/${volunteers.guid}/buildingblockinstances`, {
      buildingBlockName: 'list',
      layoutPosition: 'main',
      content: { nl: { title: `Plannen ${suffix}` } },
    })) as { guid: string };
    const item = (title: string, extra: Record<string, unknown>) => ({
      title: { nl: title },
      listItemTypeName: 'nieuws',
      metadata: { description: { nl: `Over ${title}` } },
      ...extra,
    });
    await request('post', `/api/listitem/list/${block.guid}`, [
      item('Nu te lezen', {}),
      // A publication date still to come schedules the item (issue 13).
      item('Morgen te lezen', { publishedOn: new Date(Date.now() + 86_400_000).toISOString() }),
      item('Nog verborgen', { isPublished: false }),
    ]);

    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/activiteiten/vrijwilligers/edit`);
    await waitForHydration(page);
    const list = page.locator(`.block-list[data-guid="${block.guid}"]`);
    await list.locator('.list-item').first().waitFor();
    const card = (title: string) => list.locator('.list-item', { hasText: title });
    await card('Morgen te lezen').locator('.list-item-visibility', { hasText: 'Gepland' }).waitFor();
    await card('Nog verborgen').locator('.list-item-visibility', { hasText: 'Niet gepubliceerd' }).waitFor();
    expect(await card('Nu te lezen').locator('.list-item-visibility').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${baseUrl()}/activiteiten/vrijwilligers`);
    const visitorList = visitorPage.locator(`.block-list[data-guid="${block.guid}"]`);
    await visitorList.locator('.list-item').first().waitFor();
    expect(await titles(visitorList)).toEqual(['Nu te lezen']);
    expect(await visitorList.locator('.list-item-visibility').count()).toBe(0);
    await visitor.close();
    expect(problems.messages).toEqual([]);
    await context.close();
  });
});
