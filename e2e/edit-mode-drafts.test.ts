import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, unexpectedProblems } from './accounts.ts';
import { fadedIn, seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, waitForHydration } from './browser.ts';
import {
  draftSaved,
  openEditMode,
  pageWithText,
  publishFromEditBar,
  replaceText,
  visitorText,
} from './edit-mode.ts';

/**
 * Edit mode works on a draft (issue 13), in Chromium against the production server: visitors keep
 * the published page until "Publiceer"; the done notice takes a change back; a second editor's
 * stale save is refused and says why; leaving with unsaved changes asks first; a header template's
 * block is edited in the same editor; the publish check lists problems and passes axe.
 */

type Admin = Awaited<ReturnType<typeof adminSession>>;
type Draft = {
  version: number;
  revision: number | null;
  document: { options: { name: string; value: string }[] } & Record<string, unknown>;
};

const textDoc = (...parts: unknown[]) => ({
  doc: { type: 'doc', content: [{ type: 'paragraph', content: parts }] },
});
const text = (value: string) => ({ type: 'text', text: value });

const PUBLISHED = 'De tekst die bezoekers zien';
const DRAFT = 'Een concept dat nog niemand ziet';

let browser: Browser;
let admin: Admin;
let pageGuid = '';
let path = '';
let blockGuid = '';

/** Edit mode of the page (or `editPath`) for the admin, watched for console problems. */
const editMode = (editPath = `${path}/edit`, width = 1280) => openEditMode(browser, editPath, { width });
/** What a signed-out visitor reads on the page, in its main area or `part`. */
const visitorSees = (part = 'main') => visitorText(browser, path, part);

async function currentDraft(guid = pageGuid): Promise<Draft> {
  return (await (await admin.get(`/api/pages/${guid}/draft`)).json()) as Draft;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminSession(browser);
  ({ pageGuid, path, blockGuid } = await pageWithText(admin, 'Concepten', PUBLISHED));
});

afterAll(async () => {
  await admin.close();
  await browser.close();
});

describe('edit mode on a draft', () => {
  it('keeps the published page for visitors until Publiceer, and undoes a change from its notice', async () => {
    const { context, page, problems } = await editMode();

    const { drawer, saved } = await replaceText(page, blockGuid, DRAFT);
    await saved;
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-draft-status="draft"]').waitFor();
    await page.locator(`[data-guid="${blockGuid}"]`).getByText(DRAFT).waitFor();
    // Visitors (and the page cache) still get the published text.
    expect(await visitorSees()).toContain(PUBLISHED);
    expect(await visitorSees()).not.toContain(DRAFT);

    // The done notice takes the change back: the draft has the published text again.
    const undone = draftSaved(page);
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    expect((await undone).status()).toBe(200);
    await page.locator(`[data-guid="${blockGuid}"]`).getByText(PUBLISHED).waitFor();
    expect(JSON.stringify((await currentDraft()).document)).not.toContain(DRAFT);

    // Changed again and published: now visitors read it.
    const again = await replaceText(page, blockGuid, DRAFT);
    await again.saved;
    await again.drawer.waitFor({ state: 'detached' });
    await publishFromEditBar(page);
    await expect.poll(() => visitorSees(), { timeout: 15_000 }).toContain(DRAFT);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('refuses the save of a second editor whose draft went stale, and says why', async () => {
    const first = await editMode();
    const second = await editMode();
    const { problems } = second;

    const firstSave = await replaceText(first.page, blockGuid, 'Het eerste verhaal');
    await firstSave.saved;
    await firstSave.drawer.waitFor({ state: 'detached' });

    // The second editor still has the draft as it was when the page opened.
    const secondSave = await replaceText(second.page, blockGuid, 'Het tweede verhaal');
    expect((await secondSave.saved).status()).toBe(409);
    await second.page
      .getByText(/Deze pagina is intussen door iemand anders gewijzigd/)
      .first()
      .waitFor();
    // Nothing was overwritten, and the second editor now sees the first one's text.
    expect(JSON.stringify((await currentDraft()).document)).toContain('Het eerste verhaal');
    await second.page.keyboard.press('Escape');
    await second.page.locator(`[data-guid="${blockGuid}"]`).getByText('Het eerste verhaal').waitFor();
    expect(unexpectedProblems(problems, [409])).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('says what the published page got outside the draft before publishing over it', async () => {
    // The page as published is a revision: what a new draft starts from.
    const published = await currentDraft();
    const kept = (await (
      await admin.put(`/api/pages/${pageGuid}/draft`, {
        version: published.version,
        revision: published.revision,
        document: published.document,
      })
    ).json()) as Draft;
    await admin.post(`/api/pages/${pageGuid}/draft:publish`, {
      version: kept.version,
      revision: kept.revision,
      acceptFindings: true,
    });
    const { context, page, problems } = await editMode();
    const { drawer, saved } = await replaceText(page, blockGuid, 'Het concept van de redactie');
    await saved;
    await drawer.waitFor({ state: 'detached' });
    // Meanwhile an API client changes the published block at once (SPEC 7).
    await admin.put(`/api/buildingblockinstance/${blockGuid}`, {
      content: { nl: textDoc(text('Via de API')) },
    });
    await page.reload();
    await waitForHydration(page);
    await page
      .getByRole('region', { name: 'Bewerkmodus' })
      .getByRole('button', { name: 'Publiceer', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Publiceren' });
    await dialog.getByText('De gepubliceerde pagina is intussen gewijzigd').waitFor();
    await dialog.getByText('Tekst gewijzigd in Hoofdinhoud').waitFor();
    const submit = dialog.getByRole('button', { name: 'Publiceer', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await fadedIn(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: 'Ik wil deze wijzigingen overschrijven' }).check();
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => visitorSees(), { timeout: 15_000 }).toContain('Het concept van de redactie');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('asks before leaving edit mode with unsaved changes in the block editor', async () => {
    // From 1556 px the drawer stands beside the page, so the page stays within reach.
    const { context, page } = await editMode(`${path}/edit`, 1600);
    await page.locator(`[data-guid="${blockGuid}"]`).getByRole('button', { name: 'Bewerk' }).click();
    const drawer = page.getByRole('dialog', { name: 'Blok bewerken: Tekst' });
    await drawer.locator('.ProseMirror').click();
    await page.keyboard.type(' en nog iets');

    // The drawer covers the bar's end; the breadcrumb leaves the page as well.
    const close = page.getByRole('main').getByRole('link', { name: 'Home' });
    await close.click();
    const ask = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Blijf hier' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl()}${path}/edit`);
    await drawer.waitFor();

    await close.click();
    await ask.getByRole('button', { name: 'Weggaan zonder opslaan' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it("edits a header template's block in the same editor; published, the pages using it show it", async () => {
    const template = (await (
      await admin.post('/api/pagetemplates', { title: { nl: 'E2E-koptekst' }, templateKind: 'header' })
    ).json()) as { guid: string };
    const templateBlock = (await (
      await admin.post(`/api/pages/${template.guid}/buildingblockinstances`, {
        buildingBlockName: 'text',
        layoutPosition: 'main',
        content: { nl: textDoc(text('Sjabloontekst')) },
      })
    ).json()) as { guid: string };
    // The page uses the template (a setting of the page's document, published).
    const draft = await currentDraft();
    const saved = (await (
      await admin.put(`/api/pages/${pageGuid}/draft`, {
        version: draft.version,
        revision: draft.revision,
        document: {
          ...draft.document,
          options: [
            ...draft.document.options.filter((option) => option.name !== 'templateHeader'),
            { name: 'templateHeader', value: template.guid },
          ],
        },
      })
    ).json()) as Draft;
    await admin.post(`/api/pages/${pageGuid}/draft:publish`, {
      version: saved.version,
      revision: saved.revision,
      acceptFindings: true,
    });
    // A header template shows above the site's bar, outside the page's main area.
    const headerText = () => visitorSees('header');
    await expect.poll(headerText, { timeout: 15_000 }).toContain('Sjabloontekst');

    const { context, page, problems } = await editMode(`/admin/pagetemplates/${template.guid}/edit`);
    const { drawer, saved: templateSaved } = await replaceText(
      page,
      templateBlock.guid,
      'Nieuwe sjabloontekst',
    );
    await templateSaved;
    await drawer.waitFor({ state: 'detached' });
    expect(await headerText()).not.toContain('Nieuwe sjabloontekst');
    await publishFromEditBar(page);
    await expect.poll(headerText, { timeout: 15_000 }).toContain('Nieuwe sjabloontekst');
    // Back to the templates.
    await page.getByRole('link', { name: 'Sluit bewerkmodus' }).click();
    await page.waitForURL(`${baseUrl()}/admin/pages?tab=templates`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  for (const locale of ['nl', 'en'] as const) {
    it(`lists the draft's accessibility problems before publishing, leads to the block, and passes axe (${locale})`, async () => {
      const draft = await currentDraft();
      const vague = {
        guid: crypto.randomUUID(),
        name: 'text',
        position: 'main',
        options: {},
        content: {
          nl: textDoc(text('Alles over de vereniging: '), {
            type: 'text',
            text: 'klik hier',
            marks: [{ type: 'link', attrs: { href: '/contact' } }],
          }),
        },
      };
      const blocks = (draft.document.blocks as { guid: string }[]).filter(
        (block) => block.guid === blockGuid,
      );
      await admin.put(`/api/pages/${pageGuid}/draft`, {
        version: draft.version,
        revision: draft.revision,
        document: { ...draft.document, blocks: [...blocks, vague] },
      });

      const en = locale === 'en';
      const { context, page, problems } = await editMode(`${path}/edit${en ? '?lang=en' : ''}`);
      const bar = page.getByRole('region', { name: en ? 'Edit mode' : 'Bewerkmodus' });
      await bar.getByRole('button', { name: en ? 'Publish' : 'Publiceer', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: en ? 'Publish' : 'Publiceren' });
      await dialog
        // The block's text is Dutch only; the finding quotes it in either language.
        .getByText(/klik hier/i)
        .first()
        .waitFor();
      const submit = dialog.getByRole('button', { name: en ? 'Publish' : 'Publiceer', exact: true });
      // Publishing with findings needs a confirmation.
      expect(await submit.isDisabled()).toBe(true);
      const violations = [...(await seriousViolations(page)).map((line) => `publish check: ${line}`)];

      // "Toon blok" closes the check and puts the focus on the block.
      await dialog
        .getByRole('button', { name: en ? /^Show block: / : /^Toon blok: / })
        .first()
        .click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        (guid) => document.activeElement?.getAttribute('data-guid') === guid,
        vague.guid,
      );

      // The block drawer open on the page.
      await page
        .locator(`[data-guid="${vague.guid}"]`)
        .getByRole('button', { name: en ? 'Edit' : 'Bewerk' })
        .click();
      await page.getByRole('dialog', { name: en ? 'Edit block: Text' : 'Blok bewerken: Tekst' }).waitFor();
      violations.push(...(await seriousViolations(page)).map((line) => `block drawer: ${line}`));
      expect(violations).toEqual([]);
      expect(unexpectedProblems(problems)).toEqual([]);
      await context.close();
    });
  }
});
