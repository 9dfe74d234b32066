import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { type APIRequestContext, type Browser, chromium, type Page } from 'playwright-core';
import { XSRF_COOKIE, XSRF_HEADER } from '../common/auth.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { type ServerProcess, startServer, TEST_ADMIN } from '../scripts/server-process.ts';

/**
 * Edit mode with many blocks (issue 13), part of `npm run bench` (`BENCH_ONLY=editor`); also runs on
 * its own after a build: `npx tsx bench/editor.ts` (BUILD_DIR as for the server).
 *
 * A page of 60 text and divider blocks over the five positions of layout 25-50-25, opened in edit
 * mode in Debian's Chromium as the admin:
 * - time to interactive edit mode: from navigation start until every block's drag handle is there
 *   and React has attached (polled each frame), and the long tasks (≥ 50 ms) until then;
 * - a drag of a main block into the right column by mouse, BENCH_EDITOR_DRAGS times (5): from the
 *   drop (pointerup) until the block stands in the right column (a MutationObserver), as wall time
 *   and as main-thread work (the renderer main thread's tasks in a Chrome trace over that window).
 *
 * - typing in place (issue 26): a click into a main text block opens its editor in place, then a
 *   sentence is typed one key every 60 ms; the main-thread work per keystroke from a Chrome trace.
 *
 * - the first control (issue 35): edit mode opened at 1× and 4× CPU slowdown, on this page and on
 *   the demo's "Over ons", and the edit bar's "Pagina-instellingen" clicked the moment it shows:
 *   when it showed, when its dialog opened (with a loader) and when its form was there; beside it,
 *   as the baseline, when the same page outside edit mode has hydrated (html[data-hydrating] gone)
 *   at the same CPU rate. BENCH_EDITOR_FIRST_PROFILE=prefix keeps, per case, the renderer's CPU
 *   profile and a Chrome trace, when each file and API answer arrived, and when the page hydrated,
 *   the blocks hydrated and the click came.
 *
 * Target (issue 13): the drop commits in under 100 ms of main-thread work; (issue 26) a keystroke
 * costs at most 16 ms of main-thread work; (issue 35) the first control answers within 1.5 s at 1×
 * and 3 s at 4× CPU. Figures only.
 */

const BLOCKS = { top: 5, left: 10, main: 30, right: 10, bottom: 5 } as const;
const DRAGS = Math.max(1, Number(process.env.BENCH_EDITOR_DRAGS) || 5);

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event. */
  tdur?: number;
  pid: number;
  tid: number;
  cat: string;
};

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

async function api(
  request: APIRequestContext,
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const cookies = await request.storageState();
  const xsrf = cookies.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const response = await request.fetch(`${baseUrl}${path}`, {
    method,
    headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<{ guid: string }>;
}

/** The page of 60 blocks; returns its edit path and the guids of its main blocks. */
async function seedPage(request: APIRequestContext, baseUrl: string) {
  await api(request, baseUrl, 'POST', '/api/auth:signIn', TEST_ADMIN);
  const page = await api(request, baseUrl, 'POST', '/api/pages', {
    title: { nl: 'Zestig blokken' },
    layout: '25-50-25',
    isPublished: true,
  });
  const menu = await api(request, baseUrl, 'GET', '/api/menus:withName?name=Top%20level%20menu');
  await api(request, baseUrl, 'POST', `/api/menus/${menu.guid}/items`, {
    name: { nl: 'Zestig' },
    urlSegment: 'zestig-blokken',
    pageGuid: page.guid,
    isVisible: true,
  });
  const main: string[] = [];
  let number = 0;
  for (const [position, count] of Object.entries(BLOCKS)) {
    for (let index = 0; index < count; index += 1) {
      number += 1;
      const isDivider = number % 5 === 0;
      const block = await api(request, baseUrl, 'POST', `/api/pages/${page.guid}/buildingblockinstances`, {
        buildingBlockName: isDivider ? 'divider' : 'text',
        layoutPosition: position,
        content: {
          nl: isDivider
            ? {}
            : {
                doc: {
                  type: 'doc',
                  content: [
                    paragraph(
                      `Blok ${number}: een alinea tekst om de pagina een werkelijke omvang te geven.`,
                    ),
                    paragraph('Nog een alinea, met wat meer woorden, zoals een echte pagina die heeft.'),
                  ],
                },
              },
        },
      });
      if (position === 'main') main.push(block.guid);
    }
  }
  return { editPath: '/zestig-blokken/edit', main };
}

/** Navigation start → every handle there and React attached, in ms; and the long tasks until then. */
async function openEditMode(page: Page, url: string) {
  await page.addInitScript(() => {
    const longTasks: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = longTasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'commit' });
  const total = Object.values(BLOCKS).reduce((sum, count) => sum + count, 0);
  const readyAt = await page.waitForFunction(
    (count) => {
      const handles = document.querySelectorAll('[data-drag-handle]');
      if (handles.length !== count) return false;
      const handle = handles[0] as HTMLElement;
      // Hydrated: React's props on the handle (its listeners are attached).
      return Object.keys(handle).some((key) => key.startsWith('__reactProps')) ? performance.now() : false;
    },
    total,
    { polling: 'raf', timeout: 60_000 },
  );
  const interactiveMs = (await readyAt.jsonValue()) as number;
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  await page.waitForLoadState('networkidle');
  return { interactiveMs, longTasks };
}

/**
 * Issue 35: edit mode opened with the CPU `rate` times slower; the edit bar's "Pagina-instellingen"
 * is clicked the moment it shows. Navigation start → the button shown, and → its dialog painted
 * (the click waits for the code, components/click-hold.tsx, so this is when the first control
 * responds).
 */
async function firstResponse(page: Page, url: string, rate: number, profile?: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const loads: string[] = [];
  if (profile) {
    // BENCH_EDITOR_FIRST_PROFILE=prefix: the renderer's CPU profile (prefix.cpuprofile) and when
    // each script and API answer arrived, to see where the time to the first control goes.
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // And a Chrome trace: the main thread's tasks, and when frames were painted.
    await page
      .context()
      .browser()
      ?.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'toplevel',
        ],
      });
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      loads.push(
        `${timing.startTime} ${timing.startTime + timing.responseEnd} ${request.resourceType()} ${request.url().replace(/^https?:\/\/[^/]+/, '')}`,
      );
    });
    // A string: tsx would wrap named functions in a helper the page does not have.
    await page.addInitScript(`(() => {
      const marks = (window.__marks = []);
      const at = (what) => marks.push(Math.round(performance.now()) + ' ' + what);
      addEventListener('click', (event) => at('click trusted=' + event.isTrusted), true);
      let hasDialog = false;
      new MutationObserver(() => {
        if (hasDialog || !document.querySelector('[role="dialog"]')) return;
        hasDialog = true;
        at('dialog in the DOM');
      }).observe(document, { childList: true, subtree: true });
      new MutationObserver((records) => {
        for (const record of records) {
          const set = record.target.hasAttribute(record.attributeName);
          at(record.attributeName + (set ? ' set' : ' removed') + ' on ' + record.target.tagName);
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrating', 'data-awaiting-code', 'data-held-click'] });
    })()`);
  }
  // When the dialog (and then its form) is first painted, as the page sees it: the frame after it
  // entered the DOM. Polling for it from here would add the harness's own round trips, which wait
  // behind the page's long tasks (the eye does not); so did this bench before 2026-11-30.
  await page.addInitScript(`(() => {
    const painted = (window.__painted = {});
    const watch = (name, selector) => new MutationObserver((records, observer) => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => { painted[name] = performance.now(); });
    }).observe(document, { childList: true, subtree: true });
    watch('dialog', '[role="dialog"]');
    watch('form', '[role="dialog"] input[type="text"]');
  })()`);
  await page.goto(url, { waitUntil: 'commit' });
  // Found within the bar: a role query over the whole page (60 blocks) costs the harness a main
  // thread the page needs, at 4× CPU long enough to see the button late.
  const button = page.locator('.edit-mode-bar').getByRole('button', { name: 'Pagina-instellingen' });
  await button.waitFor({ timeout: 60_000 });
  const shownMs = await page.evaluate(() => performance.now());
  await button.click();
  const paintedAt = async (name: 'dialog' | 'form') => {
    const handle = await page.waitForFunction(
      (which) => (window as unknown as { __painted: Record<string, number> }).__painted[which] ?? false,
      name,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  };
  const respondedMs = await paintedAt('dialog');
  // The dialog shows at once with a loader; its form follows once the page's settings are here.
  const formMs = await paintedAt('form');
  if (profile) {
    const { profile: cpu } = await cdp.send('Profiler.stop');
    await writeFile(`${profile}.cpuprofile`, JSON.stringify(cpu));
    const trace = await page.context().browser()?.stopTracing();
    if (trace) await writeFile(`${profile}.trace.json`, trace);
    const origin = await page.evaluate(() => performance.timeOrigin);
    const marks = await page.evaluate(() => (window as unknown as { __marks: string[] }).__marks);
    await writeFile(`${profile}.loads.txt`, `${origin}\n${loads.join('\n')}\n`);
    await writeFile(`${profile}.marks.txt`, `${marks.join('\n')}\nshown ${Math.round(shownMs)}\n`);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.waitForLoadState('networkidle');
  return { shownMs, respondedMs, formMs };
}

/** The baseline for `firstResponse`: the same page as shown outside edit mode, until it has hydrated. */
async function hydratedAt(page: Page, url: string, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  // Seen from the page, as firstResponse sees its dialog: the frame after html[data-hydrating] went.
  await page.addInitScript(`(() => {
    new MutationObserver((records, observer) => {
      if (!document.body || document.documentElement.hasAttribute('data-hydrating')) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__hydratedAt = performance.now(); });
    }).observe(document, { attributes: true, childList: true, subtree: true });
  })()`);
  await page.goto(url, { waitUntil: 'commit' });
  const hydrated = await page.waitForFunction(
    () => (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? false,
    undefined,
    { timeout: 60_000 },
  );
  const hydratedMs = (await hydrated.jsonValue()) as number;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.waitForLoadState('networkidle');
  return hydratedMs;
}

/** One drag of `guid` into the right column; the trace of the drop. */
async function dragToRight(browser: Browser, page: Page, guid: string) {
  await page.evaluate((moved) => {
    const win = window as unknown as { __reordered: Promise<void> };
    window.addEventListener('pointerup', () => performance.mark('dnd-drop'), { capture: true, once: true });
    win.__reordered = new Promise<void>((resolve) => {
      const right = document.querySelector('[data-editable-position="right"]');
      if (!right) throw new Error('no right column');
      const observer = new MutationObserver(() => {
        // While dragging, the block already joined the column (as the drop indicator); the drop
        // commits the order: the block stays there as an ordinary block.
        if (right.querySelector(`:scope > [data-editable-block][data-guid="${moved}"]:not(.is-dragging)`)) {
          if (performance.getEntriesByName('dnd-drop').length === 0) return;
          performance.mark('dnd-reordered');
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(right, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    });
  }, guid);
  // The main column's block and the right column's first block, side by side in the viewport.
  await page.locator(`[data-drag-handle="${guid}"]`).scrollIntoViewIfNeeded();
  const handle = await page.locator(`[data-drag-handle="${guid}"]`).boundingBox();
  const target = await page
    .locator('[data-editable-position="right"] > [data-editable-block]')
    .first()
    .boundingBox();
  if (!handle || !target) throw new Error('no boxes');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 10, handle.y + handle.height / 2 + 10, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await page.waitForTimeout(200);
  const isTraced = process.env.BENCH_EDITOR_TRACE !== '0';
  page.once('crash', () => console.error('  the page crashed'));
  if (isTraced)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'toplevel',
      ],
    });
  await page.mouse.up();
  await page.waitForFunction(() => performance.getEntriesByName('dnd-reordered').length > 0, undefined, {
    timeout: 10_000,
  });
  const wallMs = await page.evaluate(() => {
    const drop = performance.getEntriesByName('dnd-drop')[0];
    const reordered = performance.getEntriesByName('dnd-reordered')[0];
    performance.clearMarks();
    return drop && reordered ? reordered.startTime - drop.startTime : Number.NaN;
  });
  const trace = isTraced
    ? (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] })
    : { traceEvents: [] };
  await page.waitForLoadState('networkidle');
  return { wallMs, mainThreadMs: mainThreadWork(trace.traceEvents) };
}

/** The renderer main thread's task time overlapping the window from the drop mark to the reordered mark. */
function mainThreadWork(events: TraceEvent[]): number {
  const drop = events.find((event) => event.name === 'dnd-drop');
  const reordered = events.find((event) => event.name === 'dnd-reordered');
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      (event as { args?: { name?: string } }).args?.name === 'CrRendererMain' &&
      event.pid === drop?.pid,
  );
  if (!drop || !reordered || !main) return Number.NaN;
  let busy = 0;
  for (const event of events) {
    if (event.pid !== main.pid || event.tid !== main.tid || event.ph !== 'X' || event.name !== 'RunTask')
      continue;
    const start = event.ts;
    const end = event.ts + (event.dur ?? 0);
    // Tasks that overlap the window count whole: the drop's own task holds the render and commit.
    if (end >= drop.ts && start <= reordered.ts) busy += event.dur ?? 0;
  }
  return busy / 1000;
}

type TypingTrace = { traceEvents: (TraceEvent & { args?: { data?: { type?: string } } })[] };

const TYPED = ' en dan typt de redacteur nog een zin op de pagina zelf.';

/**
 * Typing in place (issue 26): a click into a main text block's text opens its editor; then TYPED,
 * one key every 60 ms, traced. Each keystroke's cost is the renderer main thread's task time from
 * the task of its keydown up to the next keydown's task (the key's events, the editor's update, the
 * frame it paints); the autosave comes 800 ms after the last key, outside the window.
 */
async function typeInPlace(browser: Browser, page: Page, guid: string) {
  const text = page.locator(`[data-in-place="${guid}"]`).first();
  await text.scrollIntoViewIfNeeded();
  await text.click();
  await page.waitForFunction(
    (block) => document.activeElement?.getAttribute('data-in-place-editor') === block,
    guid,
    { timeout: 30_000 },
  );
  await page.keyboard.press('ControlOrMeta+End');
  await page.waitForTimeout(500);
  const saved = page.waitForResponse((response) => response.url().endsWith(`/blocks/${guid}/content`), {
    timeout: 30_000,
  });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
  });
  await page.keyboard.type(TYPED, { delay: 60 });
  await page.waitForTimeout(100);
  const traceBytes = await browser.stopTracing();
  // BENCH_EDITOR_TYPING_TRACE=file.json keeps the trace (open it in Chrome's performance panel).
  const traceFile = process.env.BENCH_EDITOR_TYPING_TRACE;
  if (traceFile) await writeFile(traceFile, traceBytes);
  const trace = JSON.parse(traceBytes.toString('utf8')) as TypingTrace;
  const status = (await saved).status();
  const keydowns = trace.traceEvents.filter(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown',
  );
  const first = keydowns[0];
  if (!first) return { perKey: [] as number[], perKeyCpu: [] as number[], status };
  const tasks = trace.traceEvents
    .filter(
      (event) =>
        event.pid === first.pid && event.tid === first.tid && event.ph === 'X' && event.name === 'RunTask',
    )
    .sort((a, b) => a.ts - b.ts);
  const taskOf = (at: number) => tasks.find((task) => task.ts <= at && at <= task.ts + (task.dur ?? 0));
  const starts = keydowns.map((key) => taskOf(key.ts)?.ts ?? key.ts);
  // Wall time of the tasks (what the user waits for), and beside it their thread time (`tdur`, the
  // CPU the main thread got), which a loaded machine inflates far less.
  const perKey: number[] = [];
  const perKeyCpu: number[] = [];
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? start + 60_000;
    let busy = 0;
    let cpu = 0;
    for (const task of tasks) {
      if (task.ts < start || task.ts >= end) continue;
      busy += task.dur ?? 0;
      cpu += task.tdur ?? task.dur ?? 0;
    }
    perKey.push(busy / 1000);
    perKeyCpu.push(cpu / 1000);
  });
  return { perKey, perKeyCpu, status };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const p95 = (sorted: number[]) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function runEditorBench(options: { baseUrl?: string } = {}) {
  console.log('\nEdit mode (issue 13): a page of 60 blocks in Chromium, drag across positions');
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  try {
    let baseUrl = options.baseUrl;
    if (!baseUrl) {
      server = await startServer({ logLevel: 'warn' });
      baseUrl = server.url;
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 900 } });
    await context.addCookies([
      {
        name: 'cookie-consent',
        value: encodeURIComponent(
          JSON.stringify({ categories: ['required'], date: new Date().toISOString() }),
        ),
        url: baseUrl,
      },
    ]);
    const { editPath, main } = await seedPage(context.request, baseUrl);
    // A first opening warms the server's views and the browser's cache of scripts; the second counts.
    const warm = await context.newPage();
    await openEditMode(warm, `${baseUrl}${editPath}`);
    await warm.close();
    const page = await context.newPage();
    const opened = await openEditMode(page, `${baseUrl}${editPath}`);
    console.log(
      `  interactive edit mode: ${ms(opened.interactiveMs)} after navigation start ` +
        `(long tasks: ${opened.longTasks.length}, ${ms(opened.longTasks.reduce((sum, value) => sum + value, 0))})`,
    );
    // Issue 35 (goal: ≤ 1.5 s at 1×, ≤ 3 s at 4× CPU): on this page and on the demo's "Over ons".
    const responses: Record<
      string,
      { shownMs: number; respondedMs: number; formMs: number; baselineMs: number }
    > = {};
    for (const [name, path] of [
      ['60 blocks', editPath],
      ['demo page', '/over-ons/edit'],
    ] as const) {
      for (const rate of [1, 4]) {
        const tab = await context.newPage();
        const profile = process.env.BENCH_EDITOR_FIRST_PROFILE;
        const response = await firstResponse(
          tab,
          `${baseUrl}${path}`,
          rate,
          profile ? `${profile}-${name.replace(/ /g, '-')}-${rate}x` : undefined,
        );
        await tab.close();
        const plain = await context.newPage();
        const baselineMs = await hydratedAt(plain, `${baseUrl}${path.slice(0, -'/edit'.length)}`, rate);
        await plain.close();
        responses[`${name} ${rate}x`] = { ...response, baselineMs };
        console.log(
          `  first edit bar control (${name}, ${rate}× CPU): shown at ${ms(response.shownMs)}, ` +
            `its click answered (the dialog painted) at ${ms(response.respondedMs)} after navigation start (issue 35 goal ≤ ${rate === 1 ? '1.5' : '3'} s), ` +
            `its form at ${ms(response.formMs)}; ` +
            `the same page outside edit mode hydrated at ${ms(baselineMs)} (ratio ${(response.respondedMs / baselineMs).toFixed(2)})`,
        );
      }
    }
    const drags: { wallMs: number; mainThreadMs: number }[] = [];
    for (let index = 0; index < DRAGS; index += 1) {
      drags.push(await dragToRight(browser, page, main[index] as string));
    }
    console.log(
      `  drop → reordered DOM, ${DRAGS} drags main → right: wall ${drags.map((drag) => ms(drag.wallMs)).join(', ')}` +
        ` (median ${ms(median(drags.map((drag) => drag.wallMs)))})`,
    );
    console.log(
      `  main-thread work from the drop to the reordered DOM (trace): ${drags.map((drag) => ms(drag.mainThreadMs)).join(', ')}` +
        ` (median ${ms(median(drags.map((drag) => drag.mainThreadMs)))}; target < 100 ms)`,
    );
    const typed = await typeInPlace(browser, page, main[DRAGS] as string);
    const sorted = [...typed.perKey].sort((a, b) => a - b);
    const cpu = [...typed.perKeyCpu].sort((a, b) => a - b);
    console.log(
      `  typing in place (issue 26), ${sorted.length} keystrokes, main-thread work per keystroke (trace): ` +
        `median ${ms(median(sorted))}, p95 ${ms(p95(sorted))}, max ${ms(sorted.at(-1) ?? Number.NaN)} (target ≤ 16 ms); ` +
        `its thread (CPU) time median ${ms(median(cpu))}, p95 ${ms(p95(cpu))}; ` +
        `the autosave after it answered ${typed.status}`,
    );
    await context.close();
    return { opened, responses, drags, typed };
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runEditorBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
