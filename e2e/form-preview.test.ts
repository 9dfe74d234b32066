import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../common/locale.ts';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';

/**
 * Issue 26, forms: the form block shows the form itself in edit mode (inputs disabled, said to be a
 * preview) and through a preview link (usable; sending is refused by the server with a note); the
 * builder flags questions without English and copies the Dutch texts in one action; the versions
 * name questions by their text; a visitor's date question is typed day first. Axe nl/en at 375
 * and 1280 px on each of these screens.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;

const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  {
    key: 'maat',
    kind: 'singleChoice',
    label: { nl: 'Maat van je shirt' },
    options: [
      { value: 'klein', label: { nl: 'Klein' } },
      { value: 'groot', label: { nl: 'Groot' } },
    ],
  },
  { key: 'dag', kind: 'date', label: { nl: 'Wanneer kom je?', en: 'When do you come?' } },
];

let browser: Browser;
let admin: Admin;
let formGuid = '';
let pageGuid = '';
let path = '';
const title = `Shirtactie ${Date.now().toString(36)}`;

async function adminPage(language: 'nl' | 'en', width: number) {
  const context = await newContext(browser, { width, height: 900 });
  await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseUrl() }]);
  await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

async function axe(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  const form = (await (
    await admin.post('/api/forms', {
      title,
      settings: { acceptsSubmissionsOffPage: true },
      draft: { fields: FIELDS },
    })
  ).json()) as { guid: string };
  formGuid = form.guid;
  await admin.post(`/api/forms/${formGuid}/publish`, {});
  const segment = `shirts-${Date.now().toString(36)}`;
  const page = (await (
    await admin.post('/api/pages', { title: { nl: 'Shirts' }, layout: '100', isPublished: true })
  ).json()) as { guid: string };
  pageGuid = page.guid;
  const menu = (await (await admin.get('/api/menus:withName?name=Top%20level%20menu')).json()) as {
    guid: string;
  };
  await admin.post(`/api/menus/${menu.guid}/items`, {
    name: { nl: 'Shirts' },
    urlSegment: segment,
    pageGuid,
    isVisible: true,
  });
  await admin.post(`/api/pages/${pageGuid}/buildingblockinstances`, {
    buildingBlockName: 'form',
    layoutPosition: 'main',
    content: { nl: { title: 'Bestel je shirt', intro: '' }, en: { title: 'Order your shirt', intro: '' } },
    options: { formGuid },
  });
  path = `/${segment}`;
});

afterAll(async () => {
  await admin.delete(`/api/forms/${formGuid}`);
  await admin.close();
  await browser.close();
});

describe('the form block in edit mode and through a preview link', () => {
  it('shows the form in edit mode with its inputs disabled, reached by the edit control', async () => {
    for (const [language, width] of [
      ['nl', 1280],
      ['en', 375],
    ] as const) {
      const { context, page, problems } = await adminPage(language, width);
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      await page.locator('.edit-control').click();
      await page.waitForURL(`${baseUrl()}${path}/edit`);
      await page.locator('[data-draft-status="draft"], [data-draft-status="published"]').waitFor();
      const block = page.locator('[data-block="form"]');
      await block
        .getByText(
          language === 'nl'
            ? 'Voorbeeld van het formulier: bezoekers vullen het in op de gepubliceerde pagina.'
            : 'Preview of the form: visitors fill it in on the published page.',
          { exact: false },
        )
        .waitFor();
      const name = block.getByRole('textbox', { name: language === 'nl' ? 'Naam' : 'Name' });
      await name.waitFor();
      expect(await name.isDisabled()).toBe(true);
      expect(
        await block.getByRole('button', { name: language === 'nl' ? 'Versturen' : 'Send' }).isDisabled(),
      ).toBe(true);
      await expect(block.getByText('Dit formulier is niet beschikbaar.').count()).resolves.toBe(0);
      await axe(page);
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
  });

  it('lets a visitor with a preview link fill the form in; sending is refused with a note', async () => {
    const made = (await (await admin.post(`/api/pages/${pageGuid}/draft:preview`, { hours: 1 })).json()) as {
      url: string;
    };
    for (const [language, width] of [
      ['nl', 375],
      ['en', 1280],
    ] as const) {
      const context = await newContext(browser, { width, height: 900 });
      await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseUrl() }]);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${baseUrl()}${made.url}`);
      await waitForHydration(page);
      const block = page.locator('[data-block="form"]');
      await block
        .getByText(
          language === 'nl'
            ? 'Voorbeeld van het formulier: je kunt het invullen, maar versturen kan pas op de gepubliceerde pagina.'
            : 'Preview of the form: you can fill it in, but it can only be sent on the published page.',
        )
        .waitFor();
      await block.getByRole('textbox', { name: language === 'nl' ? 'Naam' : 'Name' }).fill('Carla');
      // English visitors read the Dutch choices (no English text): never "Option 1".
      await block.getByRole('radio', { name: 'Groot' }).check();
      expect(await block.getByText(/Option \d/).count()).toBe(0);
      // The date question: typed day first, with its hint, not the browser's mm/dd/yyyy field.
      const day = block.getByRole('textbox', {
        name: language === 'nl' ? 'Wanneer kom je?' : 'When do you come?',
      });
      expect(await day.getAttribute('type')).not.toBe('date');
      expect(await day.getAttribute('placeholder')).toBe(language === 'nl' ? 'dd-mm-jjjj' : 'dd-mm-yyyy');
      await day.fill('31-02-2026');
      await day.blur();
      await block
        .getByText(
          language === 'nl'
            ? 'Vul een datum in als dd-mm-jjjj, bijvoorbeeld 04-05-2016.'
            : 'Enter a date as dd-mm-yyyy, for example 04-05-2016.',
        )
        .waitFor();
      await day.fill('4-5-2026');
      await axe(page);
      await block.getByRole('button', { name: language === 'nl' ? 'Versturen' : 'Send' }).click();
      await block
        .getByRole('alert')
        .getByText(
          language === 'nl'
            ? 'Dit is een voorbeeld van de pagina: het formulier is niet verstuurd. Op de gepubliceerde pagina kun je het wel versturen.'
            : 'This is a preview of the page: the form was not sent. You can send it on the published page.',
        )
        .waitFor();
      // Nothing typed is lost, and the page is still the preview.
      expect(
        await block.getByRole('textbox', { name: language === 'nl' ? 'Naam' : 'Name' }).inputValue(),
      ).toBe('Carla');
      expect(page.url()).toContain('preview=');
      await axe(page);
      // The refusal is the page's 400 answer, on purpose.
      expect(unexpectedProblems(problems, [400])).toEqual([]);
      await context.close();
    }
    const submissions = (await (await admin.get(`/api/forms/${formGuid}/submissions`)).json()) as {
      total: number;
    };
    expect(submissions.total).toBe(0);
  });
});

describe('the builder: English texts, and questions by their text', () => {
  it('flags questions without English, copies the Dutch texts in one action and names versions by question', async () => {
    for (const [language, width] of [
      ['nl', 1280],
      ['en', 375],
    ] as const) {
      const { context, page, problems } = await adminPage(language, width);
      await page.goto(`${baseUrl()}/admin/forms`);
      await waitForHydration(page);
      await page.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(/\/admin\/forms\/view\//);
      const summary = page.locator('.form-english-summary');
      await summary
        .getByText(
          language === 'nl'
            ? '1 vraag heeft teksten zonder Engelse vertaling.'
            : '1 question has texts without an English translation.',
          { exact: false },
        )
        .waitFor();
      const row = page.locator(`[data-key="maat"]`);
      await row.getByText(language === 'nl' ? 'Engels ontbreekt' : 'English missing').waitFor();
      await axe(page);
      // The versions name questions by their text, never by key.
      await page.getByRole('tab', { name: language === 'nl' ? 'Versies' : 'Versions' }).click();
      const versions = page.getByRole('table', { name: language === 'nl' ? 'Versies' : 'Versions' });
      await versions
        .getByText(
          language === 'nl'
            ? 'Toegevoegd: Naam, Maat van je shirt, Wanneer kom je?'
            : 'Added: Name, Maat van je shirt, When do you come?',
        )
        .waitFor();
      expect(await versions.getByText(/naam, maat|dag\b/).count()).toBe(0);
      await axe(page);
      if (language === 'en') {
        // One action copies the Dutch texts into English; saved, the warning is gone.
        await page.getByRole('tab', { name: 'Questions' }).click();
        await page.getByRole('button', { name: 'Copy the Dutch texts into English' }).click();
        await summary.waitFor({ state: 'detached' });
        expect(await row.getByText('English missing').count()).toBe(0);
        await page.getByRole('button', { name: 'Save draft' }).click();
        await expect
          .poll(async () => {
            const saved = (await (await admin.get(`/api/forms/${formGuid}`)).json()) as {
              draft: { fields: { key: string; label: { en?: string } }[] };
            };
            return saved.draft.fields.find((field) => field.key === 'maat')?.label.en;
          })
          .toBe('Maat van je shirt');
      }
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    }
  });
});
