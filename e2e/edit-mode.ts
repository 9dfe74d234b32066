import type { Page } from 'playwright-core';

/**
 * Edit mode changes the page's draft (issue 13); visitors see a change once it is published. These
 * helpers do what an editor does in the edit bar.
 */

const BAR = { nl: 'Bewerkmodus', en: 'Edit mode' } as const;
const PUBLISH = { nl: 'Publiceer', en: 'Publish' } as const;
const DIALOG = { nl: 'Publiceren', en: 'Publish' } as const;

/** Resolves once a draft save (PUT /api/pages/{id}/draft) answered. Make it just before the action. */
export function draftSaved(page: Page) {
  return page.waitForResponse(
    (response) => /\/api\/pages\/[^/]+\/draft$/.test(response.url()) && response.request().method() === 'PUT',
  );
}

/**
 * Publishes the draft from the edit bar: "Publiceer", the check's confirmation when it lists
 * problems, "Publiceer" again; resolves once the bar says the page is published.
 */
export async function publishFromEditBar(page: Page, language: 'nl' | 'en' = 'nl'): Promise<void> {
  const bar = page.getByRole('region', { name: BAR[language] });
  await bar.getByRole('button', { name: PUBLISH[language], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG[language] });
  await dialog.waitFor();
  const submit = dialog.getByRole('button', { name: PUBLISH[language], exact: true });
  // Problems found, or changes made outside the draft: each needs its confirmation.
  if (await submit.isDisabled()) {
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  }
  await submit.click();
  await dialog.waitFor({ state: 'detached' });
  await bar.locator('[data-draft-status="published"]').waitFor();
}
