import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, signInByApi, TEST_ADMIN, unexpectedProblems } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { baseUrl, launchBrowser, newContext, waitForHydration, watchProblems } from './browser.ts';
import { draftSaved } from './edit-mode.ts';

// Issue 13: blocks move within and across layout positions by pointer and by keyboard, and a block
// can be added between two blocks. A page of its own (layout 75-25: main and a right column).

type Admin = Awaited<ReturnType<typeof adminSession>>;

const textDoc = (text: string) => ({
  doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});

/** The guids of a position's blocks in edit mode, in their order on the page. */
async function guidsAt(page: Page, position: string): Promise<string[]> {
  return page.$$eval(`[data-editable-position="${position}"] > [data-editable-block]`, (blocks) =>
    blocks.map((block) => block.getAttribute('data-guid') ?? ''),
  );
}

async function openEditMode(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
  await page.locator('[data-drag-handle]').first().waitFor();
}

/**
 * Focuses a drag handle and lifts its block with Space (again, at most three times: on a loaded
 * machine the first key can land while edit mode's lazily loaded code is still attaching).
 */
async function lift(page: Page, handle: Locator) {
  for (let attempt = 1; ; attempt += 1) {
    await handle.focus();
    await page.keyboard.press('Space');
    try {
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-pressed') === 'true',
        undefined,
        { timeout: 2000 },
      );
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Presses an arrow key while a block is lifted, until its new place is announced. The keyboard
 * sensor starts listening for keys in a task after the lift, and Chromium runs input before timers:
 * on a busy machine a key pressed at once can come first and do nothing (a person presses again).
 */
async function moveLifted(page: Page, key: 'ArrowRight' | 'ArrowLeft', announced: RegExp) {
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.press(key);
    try {
      await page.getByText(announced).waitFor({ state: 'attached', timeout: 2000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe('arranging blocks in edit mode', () => {
  let browser: Browser;
  let admin: Admin;
  let editPath: string;
  const blocks: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminSession(browser);
    const stamp = Date.now().toString(36);
    const created = (await (
      await admin.post('/api/pages', {
        title: { nl: 'Blokken schikken' },
        layout: '75-25',
        isPublished: true,
      })
    ).json()) as { guid: string };
    const menu = (await (await admin.get('/api/menus:withName?name=Top%20level%20menu')).json()) as {
      guid: string;
    };
    const segment = `schikken-${stamp}`;
    await admin.post(`/api/menus/${menu.guid}/items`, {
      name: { nl: 'Schikken' },
      urlSegment: segment,
      pageGuid: created.guid,
      isVisible: true,
    });
    editPath = `/${segment}/edit`;
    for (const [name, position] of [
      ['A', 'main'],
      ['B', 'main'],
      ['C', 'main'],
      ['R', 'right'],
    ] as const) {
      const block = (await (
        await admin.post(`/api/pages/${created.guid}/buildingblockinstances`, {
          buildingBlockName: 'text',
          layoutPosition: position,
          content: { nl: textDoc(`Blok ${name}`) },
        })
      ).json()) as { guid: string };
      blocks[name] = block.guid;
    }
  });
  afterAll(async () => {
    await admin.close();
    await browser.close();
  });

  it('moves a block from the main area to the right column by mouse, shown at once and kept after a reload', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openEditMode(page, editPath);
    expect(await guidsAt(page, 'main')).toEqual([blocks.A, blocks.B, blocks.C]);
    expect(await guidsAt(page, 'right')).toEqual([blocks.R]);

    const handle = page.locator(`[data-drag-handle="${blocks.A}"]`);
    const from = await handle.boundingBox();
    // Below the right column's last block: the block lands at the end of that column.
    const target = await page.locator('[data-add-block="right"]').boundingBox();
    if (!from || !target) throw new Error('no boxes');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the activation distance, then in steps to the lower part of the right column's block.
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
    // The drop indicator: the dragged block already stands in the right column, marked.
    await page.locator(`[data-editable-position="right"] > .editable-block.is-dragging`).waitFor();
    const stored = draftSaved(page);
    await page.mouse.up();
    // Shown before the server answered (the order is local first).
    expect(await guidsAt(page, 'right')).toEqual([blocks.R, blocks.A]);
    expect(await guidsAt(page, 'main')).toEqual([blocks.B, blocks.C]);
    expect((await stored).status()).toBe(200);

    await openEditMode(page, editPath);
    expect(await guidsAt(page, 'right')).toEqual([blocks.R, blocks.A]);
    expect(await guidsAt(page, 'main')).toEqual([blocks.B, blocks.C]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('moves a block to the right column by keyboard only (lift, move, drop), with spoken announcements', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openEditMode(page, editPath);
    const handle = page.locator(`[data-drag-handle="${blocks.C}"]`);
    // Escape cancels: nothing moves.
    await lift(page, handle);
    await page.getByText(/^Blok Tekst opgepakt\. Het staat op plek 2 van 2 in hoofdgedeelte\.$/).waitFor({
      state: 'attached',
    });
    await moveLifted(page, 'ArrowRight', /^Blok Tekst staat nu op plek \d van 3 in rechterkolom\.$/);
    await page.keyboard.press('Escape');
    await page.getByText(/^Verplaatsen geannuleerd\./).waitFor({ state: 'attached' });
    expect(await guidsAt(page, 'main')).toEqual([blocks.B, blocks.C]);

    await lift(page, handle);
    await moveLifted(page, 'ArrowRight', /^Blok Tekst staat nu op plek \d van 3 in rechterkolom\.$/);
    const stored = draftSaved(page);
    await page.keyboard.press('Space');
    await page
      .getByText(/^Blok Tekst neergezet op plek \d van 3 in rechterkolom\.$/)
      .waitFor({ state: 'attached' });
    expect(await guidsAt(page, 'main')).toEqual([blocks.B]);
    const right = await guidsAt(page, 'right');
    expect([...right].sort()).toEqual([blocks.R, blocks.A, blocks.C].sort());
    expect((await stored).status()).toBe(200);
    // The moved block's handle keeps the focus.
    await page.waitForFunction(
      (guid) => document.activeElement?.getAttribute('data-drag-handle') === guid,
      blocks.C,
    );

    await openEditMode(page, editPath);
    expect(await guidsAt(page, 'right')).toEqual(right);
    expect(await guidsAt(page, 'main')).toEqual([blocks.B]);

    // The up and down buttons stay: the same move, by button.
    const stored2 = draftSaved(page);
    const first = right[0] as string;
    await page
      .locator(`[data-editable-block][data-guid="${first}"]`)
      .getByRole('button', { name: 'Omlaag' })
      .click();
    expect((await guidsAt(page, 'right'))[1]).toBe(first);
    expect((await stored2).status()).toBe(200);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('adds a block between two blocks, where it was asked', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await openEditMode(page, editPath);
    const before = await guidsAt(page, 'right');
    await page.getByRole('button', { name: 'Blok toevoegen op plek 2 in rechterkolom' }).click();
    await page.getByRole('menuitem', { name: 'Scheidingslijn', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Nieuw blok: Scheidingslijn' });
    await drawer.getByRole('button', { name: 'Maak aan' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('[data-editable-position="right"] > [data-editable-block]').length ===
        count,
      before.length + 1,
    );
    const after = await guidsAt(page, 'right');
    expect(after.filter((guid) => !before.includes(guid))).toHaveLength(1);
    expect(after[0]).toBe(before[0]);
    expect(
      await page
        .locator('[data-editable-position="right"] > [data-editable-block]')
        .nth(1)
        .getAttribute('data-editable-block'),
    ).toBe('divider');
    await openEditMode(page, editPath);
    expect(await guidsAt(page, 'right')).toEqual(after);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violations in edit mode, in Dutch and English', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    await signInByApi(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await context.newPage();
    for (const query of ['', '?lang=en']) {
      await openEditMode(page, `${editPath}${query}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page
      .getByRole('button', { name: /^Move block 1: Text$/ })
      .first()
      .waitFor();
    await context.close();
  });
});
