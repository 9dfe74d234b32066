import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { paragraphs } from '../common/blocks/rich-text.ts';
import type { PageDocument } from '../common/page-drafts.ts';
import { LAYOUT_POSITIONS } from '../common/pages.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createApiToken } from '../server/domains/accounts/access.ts';
import { ANONYMOUS } from '../server/policies/index.ts';
import { createPage, createUser } from '../server/seed/builders.ts';
import { onEachDatabase } from './postgres.ts';

/**
 * Draft saves (issue 13), part of `npm run bench` (BENCH_ONLY=drafts); also on its own:
 * `npx tsx bench/drafts.ts`. A page of BENCH_DRAFT_BLOCKS blocks (60: text, spread over the five
 * positions); "saving a block" is what edit mode sends when one block changes: the whole draft
 * (PUT /api/pages/{id}/draft), in-process (app.inject, an admin's API token). Also a move across
 * positions, a publish, and the autosave of in-place typing (issue 26): one block's content
 * (PUT …/draft/blocks/{guid}/content), answered with the new version only. Target: saving a block
 * and the autosave p95 ≤ 30 ms on PostgreSQL. Figures only.
 *
 *   BENCH_DRAFT_BLOCKS=60   blocks on the page
 *   BENCH_DRAFT_RUNS=200    measured saves per target (after 20 warm-up saves)
 */
const BLOCKS = positive(process.env.BENCH_DRAFT_BLOCKS, 60);
const RUNS = positive(process.env.BENCH_DRAFT_RUNS, 200);

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

type Draft = { version: number; revision: number | null; document: PageDocument };

async function benchOn(database: DatabaseHandle, label: string): Promise<void> {
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, web: false });
  await app.ready();
  try {
    const db = database.db;
    const admin = await createUser(db, { email: 'bench-drafts@example.nl', isAdmin: true });
    const { token } = await createApiToken({ db, actor: ANONYMOUS }, { userId: admin.id, name: 'bench' });
    const headers = { authorization: `Bearer ${token}` };
    const page = await createPage(db, {
      name: 'bench-drafts',
      title: 'Zestig blokken',
      layout: '25-50-25',
      blocks: Array.from({ length: BLOCKS }, (_, index) => ({
        name: 'text',
        position: LAYOUT_POSITIONS[index % LAYOUT_POSITIONS.length],
        content: {
          nl: { doc: paragraphs(`Blok ${index}: ${'Een zin over de gemeente en haar wijken. '.repeat(8)}`) },
        },
      })),
    });
    const read = async (): Promise<Draft> =>
      (await app.inject({ method: 'GET', url: `/api/pages/${page.id}/draft`, headers })).json() as Draft;
    // Published once through a draft first, as a page is in use: each save then also compares the
    // published page with the revision the draft began from (publishedChanges).
    const start = await read();
    await app.inject({
      method: 'PUT',
      url: `/api/pages/${page.id}/draft`,
      headers,
      payload: { version: start.version, revision: start.revision, document: start.document },
    });
    await app.inject({
      method: 'POST',
      url: `/api/pages/${page.id}/draft:publish`,
      headers,
      payload: { version: 1, revision: start.revision, acceptFindings: true },
    });
    let draft = await read();
    if (draft.revision === null) throw new Error('the first publish made no revision');
    const save = async (document: PageDocument) => {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/pages/${page.id}/draft`,
        headers,
        payload: { version: draft.version, revision: draft.revision, document },
      });
      if (response.statusCode !== 200)
        throw new Error(`save answered ${response.statusCode}: ${response.body}`);
      draft = response.json() as Draft;
    };
    const editOne = (round: number): PageDocument => ({
      ...draft.document,
      blocks: draft.document.blocks.map((block, index) =>
        index === round % BLOCKS
          ? { ...block, content: { nl: { doc: paragraphs(`Gewijzigd ${round}`) } } }
          : block,
      ),
    });
    const moveOne = (round: number): PageDocument => {
      const blocks = [...draft.document.blocks];
      const [moved] = blocks.splice(round % blocks.length, 1);
      if (moved) blocks.push({ ...moved, position: moved.position === 'right' ? 'main' : 'right' });
      return { ...draft.document, blocks };
    };
    const measure = async (make: (round: number) => PageDocument) => {
      for (let round = 0; round < 20; round += 1) await save(make(round));
      const times: number[] = [];
      for (let round = 0; round < RUNS; round += 1) {
        const document = make(round);
        const started = performance.now();
        await save(document);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
    };
    const edited = await measure(editOne);
    const moved = await measure(moveOne);
    // Autosave while typing in place (issue 26): one block's content, the answer the new version only.
    const autosave = async (round: number) => {
      const block = draft.document.blocks[round % BLOCKS];
      if (!block) throw new Error('a block expected');
      const content = { nl: { doc: paragraphs(`Getypt ${round}: ${'Een zin over de wijk. '.repeat(8)}`) } };
      const started = performance.now();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/pages/${page.id}/draft/blocks/${block.guid}/content`,
        headers,
        payload: { version: draft.version, revision: draft.revision, content },
      });
      const took = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`autosave answered ${response.statusCode}: ${response.body}`);
      const saved = response.json() as { version: number };
      draft = {
        ...draft,
        version: saved.version,
        document: {
          ...draft.document,
          blocks: draft.document.blocks.map((item) =>
            item.guid === block.guid ? { ...item, content } : item,
          ),
        },
      };
      return took;
    };
    for (let round = 0; round < 20; round += 1) await autosave(round);
    const autosaveTimes: number[] = [];
    for (let round = 0; round < RUNS; round += 1) autosaveTimes.push(await autosave(round));
    autosaveTimes.sort((a, b) => a - b);
    const publishTimes: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      await save(editOne(round));
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/pages/${page.id}/draft:publish`,
        headers,
        payload: { version: draft.version, revision: draft.revision },
      });
      publishTimes.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`publish answered ${response.statusCode}`);
      draft = await read();
    }
    publishTimes.sort((a, b) => a - b);

    console.log('');
    console.log(
      `Draft saves ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.version}, ${label}, ` +
        `a page of ${BLOCKS} blocks, ${RUNS} saves per target (target: saving a block p95 ≤ 30 ms on PostgreSQL)`,
    );
    console.log('');
    console.log('| target | p50 ms | p95 ms |');
    console.log('|---|---:|---:|');
    console.log(
      `| save the draft with one block changed | ${edited.p50.toFixed(1)} | ${edited.p95.toFixed(1)} |`,
    );
    console.log(
      `| autosave one block's content (in-place typing, issue 26) | ${percentile(autosaveTimes, 0.5).toFixed(1)} | ${percentile(autosaveTimes, 0.95).toFixed(1)} |`,
    );
    console.log(
      `| save the draft with a block moved across positions | ${moved.p50.toFixed(1)} | ${moved.p95.toFixed(1)} |`,
    );
    console.log(
      `| publish (one block changed; 20 runs) | ${percentile(publishTimes, 0.5).toFixed(1)} | ${percentile(publishTimes, 0.95).toFixed(1)} |`,
    );
  } finally {
    await app.close();
  }
}

/** On PGlite (the embedded database) and, when one answers, on a scratch PostgreSQL database. */
export async function runDraftsBench(): Promise<void> {
  await onEachDatabase('drafts', benchOn);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runDraftsBench();
}
