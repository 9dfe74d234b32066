import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { solveProof } from '../test/form-proof.ts';
import { signInByApi, TEST_ADMIN, unexpectedProblems, xsrfHeaders } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/** Issue 11: a form whose submissions become unpublished list items, set up in the builder's settings. */

const FIELDS = [
  {
    key: 'titel',
    kind: 'shortText',
    label: { nl: 'Titel van je idee', en: 'Title of your idea' },
    required: true,
  },
  { key: 'uitleg', kind: 'longText', label: { nl: 'Uitleg', en: 'Explanation' } },
];

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

describe('a form that makes list items', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let formGuid = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1280 });
    await admin.addCookies([{ name: LOCALE_COOKIE, value: 'nl', url: baseUrl() }]);
    await signInByApi(admin, TEST_ADMIN.email, TEST_ADMIN.password);
    const headers = await xsrfHeaders(admin);
    const created = await admin.request.post(`${baseUrl()}/api/forms`, {
      headers,
      // Filled in through the API, on no page (issue 34: then only when its settings say so).
      data: {
        title: `Ideeënbus ${Date.now().toString(36)}`,
        settings: { acceptsSubmissionsOffPage: true },
        draft: { fields: FIELDS },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    formGuid = ((await created.json()) as { guid: string }).guid;
    const published = await admin.request.post(`${baseUrl()}/api/forms/${formGuid}/publish`, { headers });
    expect(published.status(), await published.text()).toBe(200);
  });
  afterAll(async () => {
    if (formGuid) {
      await admin.request.delete(`${baseUrl()}/api/forms/${formGuid}`, { headers: await xsrfHeaders(admin) });
    }
    await admin?.close();
    await browser?.close();
  });

  it('is set up in the settings, and each submission waits in the list until it is published', async () => {
    const page = await admin.newPage();
    const problems = watchProblems(page);
    await page.goto(`${baseUrl()}/admin/forms/view/${formGuid}`);
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Instellingen' }).click();
    await page.getByRole('switch', { name: 'Maak van elke inzending een lijstitem' }).check();
    for (const [label, option] of [
      ['Lijst', null],
      ['Soort item', null],
      ['Titel uit de vraag', 'Titel van je idee (titel)'],
      ['Beschrijving uit de vraag', 'Uitleg (uitleg)'],
    ] as const) {
      await page.getByRole('combobox', { name: label, exact: true }).click();
      const choice = option
        ? page.getByRole('option', { name: option, exact: true })
        : page.getByRole('option').first();
      await choice.click();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await poll(async () => {
      const saved = await admin.request.get(`${baseUrl()}/api/forms/${formGuid}`);
      return ((await saved.json()) as { settings: { listItem: { titleField: string } | null } }).settings
        .listItem?.titleField;
    }).toBe('titel');

    // A visitor sends an idea (with the proof of work a browser with JavaScript sends).
    const visitor = await newContext(browser);
    const challenge = await visitor.request.get(`${baseUrl()}/api/forms/challenge`);
    const sent = await visitor.request.post(`${baseUrl()}/api/forms/${formGuid}/submissions`, {
      data: {
        version: 1,
        answers: { titel: 'Een bankje bij de vijver', uitleg: 'Om even uit te rusten.' },
        proof: await solveProof(await challenge.json()),
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const submission = ((await sent.json()) as { guid: string }).guid;
    await visitor.close();

    // The admin sees the item it became, not yet published.
    await page.goto(`${baseUrl()}/admin/forms/${formGuid}/${submission}`);
    await waitForHydration(page);
    await page.getByText('Een bankje bij de vijver', { exact: true }).first().waitFor();
    await page.getByText('nog niet gepubliceerd').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.close();
  });
});
