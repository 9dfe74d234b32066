import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe on the page as it is and returns its serious and critical violations, readably (rule,
 * element, HTML); `exclude` leaves parts out (the site's header and footer, scanned elsewhere).
 */
export async function seriousViolations(
  page: Page,
  options: { exclude?: readonly string[] } = {},
): Promise<string[]> {
  await transitionsEnded(page);
  // Only violations come back in detail: passes and incomplete results would only cost time.
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n` +
          `  target: ${node.target.join(' ')}\n` +
          `  html:   ${node.html.slice(0, 300)}\n` +
          `  ${node.failureSummary?.replace(/\n/g, '\n  ') ?? ''}`,
      ),
    );
}

/**
 * Waits until no transition or finite animation is running: a notice fading out (its done notice
 * closing after a few seconds) would otherwise be scanned half-transparent, its colours measured
 * against a blend. Endless animations (a loader) never end and are not waited for.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Waits until the open dialog or menu has faded in (Mantine's transitions): scanned half-transparent,
 * its colours would be measured against a blend and fail contrast that the settled one meets.
 */
export async function fadedIn(page: Page, role: 'dialog' | 'menu' = 'dialog'): Promise<void> {
  await page.getByRole(role).first().waitFor();
  await fadedInAt(page, `[role="${role}"]`);
}

/**
 * The same for one element (a question opened over another dialog: `fadedIn` would find the dialog
 * below it, already faded in, and axe would then read the question's colours halfway).
 */
export async function fadedInLocator(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target) => {
    for (let node: Element | null = target; node; node = node.parentElement) {
      if (getComputedStyle(node).opacity !== '1') return false;
    }
    return target.isConnected;
  }, element);
}

/** The same for the first element `selector` finds (a date picker's calendar: `[data-dates-dropdown]`). */
export async function fadedInAt(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    for (let node = element; node; node = node.parentElement) {
      if (getComputedStyle(node).opacity !== '1') return false;
    }
    return element !== null;
  }, selector);
}
