import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  newContext,
  type PageProblems,
  waitForHydration,
  watchProblems,
} from './browser.ts';

type Layout = '100' | '25-75' | '75-25' | '25-50-25';

/** Every page of the demo site (server/seed/demo.ts) with the layout it was seeded with. */
const DEMO_PAGES: [path: string, layout: Layout][] = [
  ['/', '100'],
  ['/nieuws', '25-75'],
  ['/over-ons', '75-25'],
  ['/over-ons/bestuur', '25-50-25'],
  ['/over-ons/bestuur/vacatures', '100'],
  ['/over-ons/geschiedenis', '100'],
  ['/activiteiten', '25-50-25'],
  ['/activiteiten/kalender', '75-25'],
  ['/activiteiten/vrijwilligers', '100'],
  ['/contact', '100'],
  ['/legal/terms-of-use/nl', '100'],
  ['/legal/privacy', '100'],
  ['/legal/accessibility/nl', '100'],
  ['/legal/cookie-statement/nl', '100'],
];

/** SPEC 2: side columns 3/12, main 9/12 or 6/12 from the medium breakpoint (1024 px) up. */
const SPANS: Record<Layout, { left: number | null; main: number; right: number | null }> = {
  '100': { left: null, main: 12, right: null },
  '25-75': { left: 3, main: 9, right: null },
  '75-25': { left: null, main: 9, right: 3 },
  '25-50-25': { left: 3, main: 6, right: 3 },
};

const WIDTHS = [375, 1280, 1920] as const;

type Box = { x: number; y: number; width: number; height: number };
type Measured = {
  layout: string | null;
  grid: Box;
  columnGap: number;
  left: Box | null;
  main: Box | null;
  right: Box | null;
};

async function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const article = document.querySelector('article.page[data-layout]');
    // The columns are the children of the main area's grid row (Mantine uses data-position inside
    // its own components too, e.g. accordion chevrons and nav link sections, so stay at this level).
    const grid = article?.querySelector('[data-position=main]')?.parentElement ?? null;
    const column = (position: string) => grid?.querySelector(`:scope > [data-position=${position}]`) ?? null;
    return {
      layout: article?.getAttribute('data-layout') ?? null,
      grid: box(grid) ?? { x: 0, y: 0, width: 0, height: 0 },
      columnGap: grid ? Number.parseFloat(getComputedStyle(grid).columnGap) || 0 : 0,
      left: box(column('left')),
      main: box(column('main')),
      right: box(column('right')),
    };
  });
}

/** Text that sticks out to the right of the viewport (which makes the page scroll sideways). */
async function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (right > document.documentElement.clientWidth + 1) {
        const parent = node.parentElement;
        const where = parent
          ? `${parent.tagName.toLowerCase()}${parent.className ? `.${String(parent.className).split(' ')[0]}` : ''}`
          : '?';
        found.push(`${where} "${node.textContent?.trim()}" ends at ${Math.round(right)} px`);
      }
    }
    if (found.length === 0 && document.documentElement.scrollWidth > document.documentElement.clientWidth) {
      found.push(`the document is ${document.documentElement.scrollWidth} px wide`);
    }
    return found;
  });
}

/** The width of `span` tracks of a 12-column grid row of `width` with gaps of `gap`. */
const spanWidth = (width: number, gap: number, span: number) =>
  ((width - 11 * gap) / 12) * span + gap * (span - 1);

describe.each(WIDTHS)('demo pages at %i px wide', (width) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { width, height: 900 });
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it.each(DEMO_PAGES)(
    '%s: layout %s, its columns and widths, no overflow, no console errors',
    async (path, layout) => {
      problems.messages.length = 0;
      const response = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);
      await waitForHydration(page);

      const measured = await measure(page);
      expect(measured.layout).toBe(layout);
      const spans = SPANS[layout];
      expect(measured.main, 'main column').not.toBeNull();
      expect(measured.left !== null, 'left column present').toBe(spans.left !== null);
      expect(measured.right !== null, 'right column present').toBe(spans.right !== null);
      const columns = [measured.left, measured.main, measured.right].filter(
        (box): box is Box => box !== null,
      );
      const grid = measured.grid;
      expect(grid.width).toBeGreaterThan(0);

      if (width >= 1024) {
        // Side by side in one row, each exactly its share of the 12-column grid (within a pixel).
        const expected = [spans.left, spans.main, spans.right].filter(
          (span): span is number => span !== null,
        );
        columns.forEach((box, index) => {
          const span = expected[index] ?? 0;
          expect(box.width, `column ${index + 1} is ${span}/12`).toBeCloseTo(
            spanWidth(grid.width, measured.columnGap, span),
            0,
          );
          expect(box.y, 'columns share one row').toBeCloseTo(grid.y, 0);
          if (index > 0) expect(box.x).toBeGreaterThan(columns[index - 1]!.x + columns[index - 1]!.width - 1);
        });
        // The ratio, independent of the gap: a side column is about a quarter of the row.
        if (measured.left) expect(measured.left.width / grid.width).toBeGreaterThan(0.22);
        if (measured.left) expect(measured.left.width / grid.width).toBeLessThan(0.26);
      } else {
        // Below the medium breakpoint: stacked, each the full width of the row, in source order.
        columns.forEach((box, index) => {
          expect(box.x, 'stacked columns start at the same x').toBeCloseTo(grid.x, 0);
          expect(box.width, 'stacked columns are full width').toBeCloseTo(grid.width, 0);
          if (index > 0)
            expect(box.y).toBeGreaterThanOrEqual(columns[index - 1]!.y + columns[index - 1]!.height);
        });
        // No horizontal scrolling on a phone (long Dutch words in headings must wrap).
        expect(await overflowingText(page), 'text wider than the 375 px viewport').toEqual([]);
      }

      expect(problems.messages).toEqual([]);
    },
  );
});
