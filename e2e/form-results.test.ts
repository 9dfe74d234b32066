import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { solveProof } from '../test/form-proof.ts';
import { signInByApi, TEST_ADMIN, unexpectedProblems, xsrfHeaders } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * The results of a form (issue 11) in the admin area: the submissions table (search, filters,
 * selection, mark handled), one submission with its version's labels, a version's dashboard with
 * its charts and their tables, the CSV export as a download, and axe on each screen in nl and en.
 * The form and its answers are made through the API: four anonymous visitors (under the limit of
 * five per address and form) and the admin, whom the limit leaves alone.
 */

const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  {
    key: 'lid',
    kind: 'singleChoice',
    label: { nl: 'Ben je lid?', en: 'Are you a member?' },
    required: true,
    options: [
      { value: 'ja', label: { nl: 'Ja', en: 'Yes' } },
      { value: 'nee', label: { nl: 'Nee', en: 'No' } },
    ],
  },
  { key: 'cijfer', kind: 'scale', label: { nl: 'Welk cijfer geef je?', en: 'Your mark?' }, scaleMax: 5 },
  { key: 'opmerking', kind: 'longText', label: { nl: 'Opmerking', en: 'Remark' } },
];

const VISITORS = [
  { naam: 'Anna', lid: 'ja', cijfer: 4, opmerking: 'Prima, "goed" geregeld' },
  { naam: 'Bram', lid: 'nee', cijfer: 2, opmerking: 'Kan beter' },
  { naam: 'Céline', lid: 'ja', cijfer: 5 },
  { naam: 'Dirk', lid: 'ja', cijfer: 4, opmerking: 'zoekwoord-kastanje' },
];
const BY_ADMIN = { naam: 'Eva', lid: 'nee', cijfer: 3, opmerking: 'Gezellig' };

/** Waits for what the screen shows after a request: longer than expect.poll's one second on a busy machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

async function adminContext(browser: Browser, locale: 'nl' | 'en' = 'nl', width = 1280) {
  const context = await newContext(browser, { width, locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  return context;
}

/**
 * Picks a day in one of the site's date pickers (issue 26) by clicking, as a person does: the field,
 * then the day in its Monday-first calendar (the next month first when the day is in it).
 */
async function pickDay(page: Page, label: string, iso: string) {
  await page.getByLabel(label, { exact: true }).click();
  const calendar = page.getByRole('dialog');
  // allTextContents does not wait: the calendar may still be opening.
  await calendar.locator('thead th').first().waitFor();
  const weekdays = await calendar.locator('thead th').allTextContents();
  expect(weekdays[0]?.toLowerCase()).toMatch(/^ma/);
  const name = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );
  const day = calendar.getByRole('button', { name, exact: true });
  if (!(await day.isVisible())) await calendar.getByRole('button', { name: 'Volgende maand' }).click();
  await day.click();
  // The field writes the day as people read it.
  await poll(() => page.getByLabel(label, { exact: true }).textContent()).toBe(name);
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

/** Elements that stick out to the right at this width, outside a container that scrolls by itself. */
function sideways(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX)) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName}.${element.className}`),
  );
}

describe('form results', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let formGuid = '';
  // One long word: the heading must wrap at 375 px instead of pushing the screen sideways.
  const title = `Tevredenheidsonderzoekbuurthuis ${Date.now().toString(36)}`;
  const submissionGuids: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminContext(browser);
    const headers = await xsrfHeaders(admin);
    const created = await admin.request.post(`${baseUrl()}/api/forms`, {
      headers,
      // Filled in through the API, on no page (issue 34: then only when its settings say so).
      data: { title, settings: { acceptsSubmissionsOffPage: true }, draft: { fields: FIELDS } },
    });
    expect(created.status(), await created.text()).toBe(201);
    formGuid = ((await created.json()) as { guid: string }).guid;
    const published = await admin.request.post(`${baseUrl()}/api/forms/${formGuid}/publish`, { headers });
    expect(published.status(), await published.text()).toBe(200);

    const visitor = await newContext(browser);
    for (const answers of VISITORS) {
      // Five from one address: each with its proof of work, as a browser with JavaScript sends them.
      const challenge = await visitor.request.get(`${baseUrl()}/api/forms/challenge`);
      const proof = await solveProof(await challenge.json());
      const response = await visitor.request.post(`${baseUrl()}/api/forms/${formGuid}/submissions`, {
        data: { version: 1, answers, proof },
      });
      expect(response.status(), await response.text()).toBe(201);
      submissionGuids[answers.naam] = ((await response.json()) as { guid: string }).guid;
    }
    await visitor.close();
    const own = await admin.request.post(`${baseUrl()}/api/forms/${formGuid}/submissions`, {
      headers,
      data: { version: 1, answers: BY_ADMIN },
    });
    expect(own.status(), await own.text()).toBe(201);
    submissionGuids[BY_ADMIN.naam] = ((await own.json()) as { guid: string }).guid;
  });

  afterAll(async () => {
    // Leave the shared server as it was for the files after this one.
    if (formGuid && admin) {
      await admin.request.delete(`${baseUrl()}/api/forms/${formGuid}`, { headers: await xsrfHeaders(admin) });
    }
    await admin?.close();
    await browser?.close();
  });

  it('lists the submissions, searches and filters them, and marks them handled', async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await open(page, `/admin/forms/${formGuid}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Inzendingen: ${title}`);
    const table = page.getByRole('table', { name: `Inzendingen van ${title}` });
    const rows = table.getByRole('rowheader');
    await poll(() => rows.count()).toBe(5);
    await poll(() => table.getByText('Naam: Céline').count()).toBe(1);
    await poll(() => table.getByText('Anoniem').count()).toBe(4);

    // Search in the answers, server-side.
    const search = page.getByRole('searchbox', { name: 'Zoek in de antwoorden' });
    await search.fill('zoekwoord-kastanje');
    await poll(() => rows.count()).toBe(1);
    await poll(() => table.getByText('Naam: Dirk').count()).toBe(1);
    await search.fill('');
    await poll(() => rows.count()).toBe(5);

    // Nothing handled yet; the filter keeps its choice in the URL.
    const handledFilter = page.getByRole('combobox', { name: 'Afgehandeld' });
    await handledFilter.selectOption({ label: 'Alleen afgehandeld' });
    await poll(() => new URL(page.url()).searchParams.get('handled')).toBe('true');
    await poll(() => page.getByText('Geen inzendingen die bij deze filters passen').count()).toBe(1);
    await handledFilter.selectOption({ label: 'Alle inzendingen' });
    await poll(() => rows.count()).toBe(5);

    // A day range after today holds nothing; a range around today holds them all.
    // The site's calendar day (the filter counts days in Europe/Amsterdam): between 23:00 and
    // midnight UTC the UTC date is still yesterday's there.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(Date.now() + 86_400_000),
    );
    await pickDay(page, 'Vanaf', tomorrow);
    await poll(() => new URL(page.url()).searchParams.get('from')).toBe(tomorrow);
    await poll(() => rows.count()).toBe(0);
    await page.getByRole('button', { name: 'Wis filters' }).click();
    await poll(() => new URL(page.url()).searchParams.get('from')).toBeNull();
    await poll(() => rows.count()).toBe(5);
    await page.getByRole('combobox', { name: 'Versie', exact: true }).selectOption({ label: 'Versie 1' });
    await poll(() => new URL(page.url()).searchParams.get('version')).toBe('1');
    await poll(() => rows.count()).toBe(5);

    // Select two rows by keyboard-reachable checkboxes and mark them handled.
    const boxes = table.getByRole('checkbox', { name: /^Selecteer de inzending van/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await poll(() => page.getByTestId('selection-count').textContent()).toBe('2 geselecteerd');
    const markHandled = page.getByRole('button', { name: 'Markeer als afgehandeld' });
    await markHandled.click();
    await poll(() => table.getByText('Afgehandeld', { exact: true }).count()).toBe(2);
    // The focus stays where the action was started.
    await poll(() => markHandled.evaluate((element) => element === document.activeElement)).toBe(true);
    await handledFilter.selectOption({ label: 'Alleen afgehandeld' });
    await poll(() => rows.count()).toBe(2);
    await handledFilter.selectOption({ label: 'Alleen niet afgehandeld' });
    await poll(() => rows.count()).toBe(3);

    // Select all on the page, mark them not handled after all.
    await handledFilter.selectOption({ label: 'Alle inzendingen' });
    await poll(() => rows.count()).toBe(5);
    await table.getByRole('checkbox', { name: 'Selecteer alle inzendingen op deze pagina' }).check();
    await poll(() => page.getByTestId('selection-count').textContent()).toBe('5 geselecteerd');
    await page.getByRole('button', { name: 'Markeer als niet afgehandeld' }).click();
    await poll(() => table.getByText('Niet afgehandeld', { exact: true }).count()).toBe(5);

    // Each row opens its submission.
    await table.getByRole('checkbox', { name: 'Selecteer alle inzendingen op deze pagina' }).uncheck();
    await search.fill('Céline');
    await search.press('Enter');
    await poll(() => new URL(page.url()).searchParams.get('search')).toBe('Céline');
    await poll(() => rows.count()).toBe(1);
    // The table settles (its URL state and data) before the row is opened.
    await page.waitForLoadState('networkidle');
    await rows.first().getByRole('link').click();
    await poll(() => new URL(page.url()).pathname).toBe(`/admin/forms/${formGuid}/${submissionGuids.Céline}`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });

  it('shows one submission with its labels and answers, marks it handled and deletes it', async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await open(page, `/admin/forms/${formGuid}/${submissionGuids.Céline}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Inzending: ${title}`);
    const answers = page.getByRole('region', { name: 'Antwoorden' });
    const answerOf = (label: string) =>
      answers.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    await poll(() => answerOf('Naam')).toBe('Céline');
    await poll(() => answerOf('Ben je lid?')).toBe('Ja');
    await poll(() => answerOf('Welk cijfer geef je?')).toBe('5');
    await poll(() => answerOf('Opmerking')).toBe('(niet ingevuld)');
    await poll(() => page.getByText('Anoniem', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Markeer als afgehandeld' }).click();
    await poll(() => page.getByRole('button', { name: 'Markeer als niet afgehandeld' }).count()).toBe(1);
    await poll(() => page.getByText('Afgehandeld', { exact: true }).count()).toBe(1);

    // Delete Eva's (the admin's own) submission: confirm, back to the list, the focus on its heading.
    await open(page, `/admin/forms/${formGuid}/${submissionGuids.Eva}`);
    await poll(() => page.getByText('Met account').count()).toBe(1);
    await page.getByRole('button', { name: 'Verwijder inzending' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inzending verwijderen?' });
    await dialog.waitFor();
    // Cancel first: the focus goes back to the button.
    await dialog.getByRole('button', { name: 'Annuleer' }).click();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Verwijder inzending');
    await page.getByRole('button', { name: 'Verwijder inzending' }).click();
    await dialog.getByRole('button', { name: 'Verwijder de inzending' }).click();
    await poll(() => new URL(page.url()).pathname).toBe(`/admin/forms/${formGuid}`);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-title');
    const table = page.getByRole('table', { name: `Inzendingen van ${title}` });
    await poll(() => table.getByRole('rowheader').count()).toBe(4);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });

  it("shows a version's dashboard: totals, charts and their tables", async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await open(page, `/admin/forms/${formGuid}/1/dashboard`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Dashboard: ${title}, versie 1`,
    );
    await poll(() => page.getByTestId('dashboard-total').textContent()).toBe('4');
    // Submissions per day: a chart (hidden from screen readers) and its table.
    const perDay = page.getByTestId('per-day');
    await poll(() => perDay.locator('[aria-hidden="true"] svg.recharts-surface').count()).toBe(1);
    const perDayTable = page.getByRole('table', { name: 'Inzendingen per dag' });
    await poll(() => perDayTable.locator('tbody td').first().textContent()).toBe('4');

    // The choice: 3 × Ja (75%), 1 × Nee (25%) after Eva's was deleted.
    const lid = page.getByTestId('field-lid');
    await poll(() => lid.locator('.recharts-bar-rectangle').count()).toBe(2);
    const lidTable = page.getByRole('table', { name: 'Ben je lid?' });
    const cells = async () =>
      (await lidTable.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    await poll(cells).toEqual(['Ja 3 75%', 'Nee 1 25%']);

    // The scale: 4, 2, 5, 4 → mean 3,75, median 4, lowest 2, highest 5; its spread over 1–5.
    const figures = page.getByTestId('figures-cijfer');
    await poll(() => figures.locator('dd').allTextContents()).toEqual(['3,75', '4', '2', '5']);
    const spread = page.getByRole('table', { name: 'Welk cijfer geef je?' });
    await poll(async () => (await spread.locator('tbody td').allTextContents()).join(' ')).toBe('0 1 0 2 1');
    // The text question: its latest answers with their time.
    const remarks = page.getByRole('region', { name: 'Opmerking' });
    await poll(() => remarks.getByText('zoekwoord-kastanje').count()).toBe(1);
    await poll(() => remarks.locator('time').count()).toBe(3);

    // A range without submissions (from tomorrow on, the site's calendar day): the empty state.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(Date.now() + 86_400_000),
    );
    await pickDay(page, 'Vanaf', tomorrow);
    await page.getByTestId('dashboard-empty').waitFor();
    await poll(() => page.getByTestId('dashboard-total').textContent()).toBe('0');
    await page.getByRole('button', { name: 'Hele periode' }).click();
    await poll(() => page.getByTestId('dashboard-total').textContent()).toBe('4');
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });

  it('exports a version as a CSV download with the BOM, the header row and every row', async () => {
    const page = await admin.newPage();
    await open(page, `/admin/forms/${formGuid}`);
    await page.getByRole('combobox', { name: 'Versie om te exporteren' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tevredenheidsonderzoekbuurthuis-[a-z0-9]+-v1\.csv$/);
    const file = await readFile((await download.path()) ?? '');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toContain('Naam,Ben je lid?,Welk cijfer geef je?,Opmerking');
    expect(lines.filter((line) => line !== '')).toHaveLength(5);
    expect(file.toString('utf8')).toContain('"Prima, ""goed"" geregeld"');
    expect(file.toString('utf8')).toContain('Céline');
    await poll(() => page.getByTestId('export-done').textContent()).toMatch(/^Klaar: 4 rijen/);
    await page.close();
  });

  it('says how submissions come in when there are none, and shows an error for an unknown form', async () => {
    const headers = await xsrfHeaders(admin);
    const created = await admin.request.post(`${baseUrl()}/api/forms`, {
      headers,
      data: {
        title: `Leeg ${Date.now().toString(36)}`,
        settings: { acceptsSubmissionsOffPage: true },
        draft: { fields: FIELDS },
      },
    });
    const empty = ((await created.json()) as { guid: string }).guid;
    await admin.request.post(`${baseUrl()}/api/forms/${empty}/publish`, { headers });
    const page = await admin.newPage();
    const problems = watchProblems(page);
    try {
      await open(page, `/admin/forms/${empty}`);
      await page.getByText('Er zijn nog geen inzendingen. Zet het formulier met het blok').waitFor();
      await open(page, `/admin/forms/${empty}/1/dashboard`);
      await page.getByTestId('dashboard-empty').waitFor();
      await poll(() => page.getByTestId('dashboard-total').textContent()).toBe('0');
      await poll(() => page.locator('.recharts-surface').count()).toBe(0);

      // Two come in; both are selected and deleted at once, after confirming.
      for (const answers of [VISITORS[0], VISITORS[1]]) {
        await admin.request.post(`${baseUrl()}/api/forms/${empty}/submissions`, {
          headers,
          data: { version: 1, answers },
        });
      }
      await open(page, `/admin/forms/${empty}`);
      const table = page.getByRole('table', { name: /^Inzendingen van Leeg/ });
      await poll(() => table.getByRole('rowheader').count()).toBe(2);
      await table.getByRole('checkbox', { name: 'Selecteer alle inzendingen op deze pagina' }).check();
      await page.getByRole('button', { name: 'Verwijder', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '2 inzendingen verwijderen?' });
      await dialog.getByRole('button', { name: 'Verwijder 2 inzendingen' }).click();
      await page.getByText('Er zijn nog geen inzendingen. Zet het formulier met het blok').waitFor();
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-title');
      await poll(() => page.getByTestId('selection-count').textContent()).toBe('0 geselecteerd');

      await open(page, '/admin/forms/00000000-0000-4000-8000-000000000000');
      await page.getByRole('alert').first().waitFor();
      await poll(() => page.getByRole('button', { name: 'Probeer opnieuw' }).count()).toBeGreaterThan(0);
      expect(unexpectedProblems(problems, [404])).toEqual([]);
    } finally {
      await page.close();
      await admin.request.delete(`${baseUrl()}/api/forms/${empty}`, { headers });
    }
  });

  // Fourteen axe scans: on a loaded 2-core machine they can take longer than the default minute.
  it('has no serious or critical axe violations in nl and en, and no sideways scrolling at 375 px', async () => {
    const found: string[] = [];
    const screens = [
      { name: 'submissions', path: `/admin/forms/${formGuid}`, ready: 'rowheader' },
      { name: 'submission', path: `/admin/forms/${formGuid}/${submissionGuids.Anna}`, ready: 'region' },
      { name: 'dashboard', path: `/admin/forms/${formGuid}/1/dashboard`, ready: 'table' },
    ] as const;
    for (const locale of ['nl', 'en'] as const) {
      const context = await adminContext(browser, locale);
      const page = await context.newPage();
      for (const screen of screens) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await open(page, screen.path);
        await poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
        await page.getByRole(screen.ready).first().waitFor();
        found.push(...(await seriousViolations(page)).map((line) => `[${locale} ${screen.name}] ${line}`));
        await page.setViewportSize({ width: 375, height: 800 });
        await expect
          .poll(() => sideways(page), {
            timeout: 5_000,
            message: `${locale} ${screen.name}: scrolls sideways at 375 px`,
          })
          .toEqual([]);
        found.push(
          ...(await seriousViolations(page)).map((line) => `[${locale} ${screen.name} 375px] ${line}`),
        );
      }
      // The delete dialog too.
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, `/admin/forms/${formGuid}/${submissionGuids.Anna}`);
      await page
        .getByRole('button', { name: locale === 'nl' ? 'Verwijder inzending' : 'Delete submission' })
        .click();
      await fadedIn(page);
      found.push(...(await seriousViolations(page)).map((line) => `[${locale} delete dialog] ${line}`));
      await context.close();
    }
    expect(found, found.join('\n\n')).toEqual([]);
  }, 180_000);
});
