import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { FormField } from '../common/forms/index.ts';
import { DEFAULT_FORM_SETTINGS } from '../common/forms/settings.ts';
import { toActorUser } from '../server/auth.ts';
import { type DatabaseHandle, queryRows } from '../server/db/client.ts';
import { formSubmissions, forms } from '../server/db/schema.ts';
import type { Ctx } from '../server/domains/context.ts';
import {
  addForm,
  changeForm,
  listSubmissions,
  newBrowserCookie,
  publish,
  submit,
} from '../server/domains/forms/index.ts';
import { dashboard, exportVersion } from '../server/domains/forms/results.ts';
import { tallyOf } from '../server/domains/forms/tally.ts';
import type { Mailer } from '../server/mail/mailer.ts';
import { ANONYMOUS } from '../server/policies/index.ts';
import { createPage, createUser } from '../server/seed/builders.ts';
import { onEachDatabase } from './postgres.ts';

/**
 * Forms benchmark (issue 11): `npx tsx bench/forms.ts` (no site build needed: the use-cases are
 * called in-process with a context like the routes build, so the figures are the domain's own time).
 *
 * One form with ten questions, three published versions, and 100,000 submissions over 90 days (the
 * first third of the days answered version 1, the second version 2, the last version 3) inserted
 * in batches straight into form_submissions. Then: a visitor's submission through `submit`, a
 * version's dashboard (read from the per-day counts the trigger keeps), the first page of the
 * submissions table; then a second form whose one version gets 100,000 submissions, and its CSV
 * export streamed to the end (time, bytes, memory growth). On PGlite (in memory) and, when reachable, on PostgreSQL (DATABASE_URL, else
 * postgres://root@127.0.0.1:5432/postgres; a scratch database is created and dropped).
 *
 *   BENCH_FORM_SUBMISSIONS=100000   seeded submissions
 *   BENCH_FORM_RUNS=200             measured runs of the fast targets (fewer for the dashboard and export)
 *
 * Targets (issue 11, on PostgreSQL): submit p95 ≤ 30 ms, dashboard p95 ≤ 150 ms, submissions page
 * p95 ≤ 20 ms. Figures only: nothing is asserted.
 */

const SUBMISSIONS = positive(process.env.BENCH_FORM_SUBMISSIONS, 100_000);
const RUNS = positive(process.env.BENCH_FORM_RUNS, 200);
const DAYS = 90;
const BATCH = 4000;
const DAY_MS = 86_400_000;
const MEMORY_SAMPLE_MS = 20;

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

// --- The form -------------------------------------------------------------------------------------

const option = (value: string, nl: string, en: string) => ({ value, label: { nl, en } });

const NEIGHBOURHOODS = [
  option('centrum', 'Centrum', 'Centre'),
  option('noord', 'Noord', 'North'),
  option('oost', 'Oost', 'East'),
  option('zuid', 'Zuid', 'South'),
  option('west', 'West', 'West'),
  option('buitengebied', 'Buitengebied', 'Countryside'),
];
const VISITS = [
  option('wekelijks', 'Elke week', 'Every week'),
  option('maandelijks', 'Elke maand', 'Every month'),
  option('soms', 'Een paar keer per jaar', 'A few times a year'),
  option('nooit', 'Nooit', 'Never'),
];
const ACTIVITIES = [
  option('koor', 'Koor', 'Choir'),
  option('yoga', 'Yoga', 'Yoga'),
  option('bridge', 'Bridge', 'Bridge'),
  option('kinderdisco', 'Kinderdisco', "Children's disco"),
  option('repaircafe', 'Repair Café', 'Repair café'),
  option('lezingen', 'Lezingen', 'Talks'),
  option('biljart', 'Biljart', 'Billiards'),
];

const field = (input: Omit<FormField, 'required'> & { required?: boolean }): FormField => ({
  required: false,
  ...input,
});

const VERSION_1: FormField[] = [
  field({ key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true, max: 120 }),
  field({ key: 'email', kind: 'email', label: { nl: 'E-mailadres', en: 'E-mail address' }, required: true }),
  field({
    key: 'wijk',
    kind: 'dropdown',
    label: { nl: 'In welke wijk woont u?', en: 'Which part of the village do you live in?' },
    required: true,
    options: NEIGHBOURHOODS,
  }),
  field({
    key: 'bezoek',
    kind: 'singleChoice',
    label: { nl: 'Hoe vaak komt u in het dorpshuis?', en: 'How often do you visit the village hall?' },
    required: true,
    options: VISITS,
  }),
  field({
    key: 'activiteiten',
    kind: 'multipleChoice',
    label: { nl: 'Aan welke activiteiten doet u mee?', en: 'Which activities do you join?' },
    options: ACTIVITIES,
    max: 4,
  }),
  field({
    key: 'cijfer',
    kind: 'scale',
    label: { nl: 'Welk cijfer geeft u het dorpshuis?', en: 'What mark do you give the village hall?' },
    required: true,
    scaleMax: 10,
  }),
  field({ key: 'leeftijd', kind: 'number', label: { nl: 'Leeftijd', en: 'Age' }, min: 12, max: 110 }),
  field({
    key: 'vrijwilliger',
    kind: 'yesNo',
    label: { nl: 'Wilt u vrijwilliger worden?', en: 'Would you like to volunteer?' },
  }),
  field({
    key: 'laatste_bezoek',
    kind: 'date',
    label: { nl: 'Wanneer was uw laatste bezoek?', en: 'When did you last visit?' },
    minDate: '2020-01-01',
  }),
  field({
    key: 'toelichting',
    kind: 'longText',
    label: { nl: 'Wat kan er beter?', en: 'What could be better?' },
    max: 2000,
  }),
];
/** Version 2: a label changed. */
const VERSION_2: FormField[] = VERSION_1.map((entry) =>
  entry.key === 'cijfer'
    ? { ...entry, label: { nl: 'Welk rapportcijfer geeft u het dorpshuis?', en: 'Your mark for the hall?' } }
    : entry,
);
/** Version 3: a question added. */
const VERSION_3: FormField[] = [
  ...VERSION_2.slice(0, 2),
  field({ key: 'telefoon', kind: 'phone', label: { nl: 'Telefoonnummer', en: 'Phone number' } }),
  ...VERSION_2.slice(2),
];

const DEFINITIONS = [VERSION_1, VERSION_2, VERSION_3].map((fields) => ({ fields }));

// --- Answers --------------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32), so every run seeds the same answers. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const FIRST_NAMES = ['Anna', 'Jan', 'Sanne', 'Pieter', 'Fatima', 'Daan', 'Lotte', 'Mohamed', 'Eva', 'Joris'];
const LAST_NAMES = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'el Amrani', 'Mulder', 'Bos'];
const REMARKS = [
  'De verwarming in de grote zaal staat vaak te laag.',
  'Graag meer activiteiten voor jongeren op vrijdagavond.',
  'Het parkeren is lastig als er een voorstelling is.',
  'De koffie is prima, de stoelen kunnen beter.',
  'Een lift naar de eerste verdieping zou fijn zijn.',
  'Meer fietsenrekken bij de ingang, alstublieft.',
  'De website met het programma is niet altijd bijgewerkt.',
  'Ik mis de filmavonden van vroeger.',
];
const SCALE_WEIGHTS = [1, 1, 2, 3, 6, 10, 16, 20, 12, 6];
const SCALE_TOTAL = SCALE_WEIGHTS.reduce((sum, weight) => sum + weight, 0);

function scaleAnswer(random: Random): number {
  let ticket = random.int(SCALE_TOTAL);
  for (const [index, weight] of SCALE_WEIGHTS.entries()) {
    if (ticket < weight) return index + 1;
    ticket -= weight;
  }
  return 8;
}

/** Answers as the server stores them (after checkAnswers): optional questions are often left out. */
function answersOf(random: Random, version: number, at: Date): Record<string, string | number | string[]> {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const answers: Record<string, string | number | string[]> = {
    naam: `${first} ${last}`,
    email: `${first}.${last.replace(/ /g, '')}${random.int(1000)}@example.org`.toLowerCase(),
    wijk: random.pick(NEIGHBOURHOODS).value,
    bezoek: random.pick(VISITS).value,
    cijfer: scaleAnswer(random),
  };
  if (version >= 3 && random.next() < 0.4) answers.telefoon = `06 ${10_000_000 + random.int(89_999_999)}`;
  if (random.next() < 0.7) {
    // In the form's order, one to four of them, as checkAnswers stores a multiple choice.
    const chosen = ACTIVITIES.filter(() => random.next() < 0.3).slice(0, 4);
    if (chosen.length > 0) answers.activiteiten = chosen.map((entry) => entry.value);
  }
  if (random.next() < 0.8) answers.leeftijd = 16 + random.int(70);
  if (random.next() < 0.9) answers.vrijwilliger = random.next() < 0.25 ? 'yes' : 'no';
  if (random.next() < 0.6) {
    answers.laatste_bezoek = new Date(at.getTime() - random.int(120) * DAY_MS).toISOString().slice(0, 10);
  }
  if (random.next() < 0.35) {
    answers.toelichting = `${random.pick(REMARKS)} ${random.next() < 0.5 ? random.pick(REMARKS) : ''}`.trim();
  }
  return answers;
}

/** What a visitor's browser sends for the current version (form fields arrive as text). */
function rawAnswersOf(random: Random): Record<string, unknown> {
  const stored = answersOf(random, 3, new Date());
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  );
}

// --- Contexts -------------------------------------------------------------------------------------

const silent = pino({ level: 'silent' });
const mailer: Mailer = { send: async () => undefined, close: () => undefined };

function adminContext(db: DatabaseHandle['db'], user: Awaited<ReturnType<typeof createUser>>): Ctx {
  return {
    db,
    actor: { user: toActorUser(user) },
    user,
    locale: 'nl',
    log: silent,
    mailer,
    client: { ip: '127.0.0.1', userAgent: 'bench', sessionId: null, origin: 'http://localhost:3000' },
  };
}

function visitorContext(db: DatabaseHandle['db'], ip: string): Ctx {
  return {
    db,
    actor: ANONYMOUS,
    user: null,
    locale: 'nl',
    log: silent,
    mailer,
    client: {
      ip,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      sessionId: null,
      origin: 'http://localhost:3000',
    },
  };
}

// --- Seeding --------------------------------------------------------------------------------------

export type FormsFixture = { formId: string; admin: Ctx; now: Date };

/** The form through the use-cases (create, publish, change, publish, …), then the submissions in bulk. */
export async function seedFormsBench(database: DatabaseHandle, count = SUBMISSIONS): Promise<FormsFixture> {
  const db = database.db;
  const user = await createUser(db, { email: 'beheer@example.org', firstName: 'Beheer', isAdmin: true });
  const admin = adminContext(db, user);
  const created = await addForm(admin, {
    title: 'Bewonersenquête dorpshuis',
    settings: { ...DEFAULT_FORM_SETTINGS, actions: ['Save'] },
    draft: { fields: VERSION_1 },
  });
  const formId = created.guid;
  // Visitors fill it in on a published page (a form on no page takes no submissions, issue 34).
  await createPage(db, {
    name: 'enquete',
    title: 'Enquête',
    blocks: [{ name: 'form', content: { nl: { title: '', intro: '' } }, options: { formGuid: formId } }],
  });
  await publish(admin, formId);
  await changeForm(admin, formId, { draft: { fields: VERSION_2 } });
  await publish(admin, formId);
  await changeForm(admin, formId, { draft: { fields: VERSION_3 } });
  await publish(admin, formId);
  const now = new Date();
  // A third of the days per version.
  await insertSubmissions(db, formId, count, now, (index) =>
    Math.min(3, 1 + Math.floor((index * 3) / count)),
  );
  return { formId, admin, now };
}

/** A second form whose one version has all `count` submissions: the CSV export of that many rows. */
async function seedExportForm(admin: Ctx, count: number): Promise<string> {
  const created = await addForm(admin, {
    title: 'Inschrijving open dag',
    settings: { ...DEFAULT_FORM_SETTINGS, actions: ['Save'] },
    draft: { fields: VERSION_3 },
  });
  await publish(admin, created.guid);
  await insertSubmissions(admin.db, created.guid, count, new Date(), () => 1, 3);
  return created.guid;
}

/**
 * `count` submissions over the last 90 days, in time order with some jitter as they would have come
 * in, inserted in batches straight into form_submissions (the dashboard counts follow by trigger).
 */
async function insertSubmissions(
  db: DatabaseHandle['db'],
  formId: string,
  count: number,
  now: Date,
  versionOf: (index: number) => number,
  answersVersion?: number,
) {
  const random = generator(11);
  const start = now.getTime() - DAYS * DAY_MS;
  const step = (DAYS * DAY_MS) / count;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = [];
    for (let index = offset; index < Math.min(count, offset + BATCH); index += 1) {
      const at = new Date(start + index * step + random.next() * step);
      const version = versionOf(index);
      const shape = answersVersion ?? version;
      const age = now.getTime() - at.getTime();
      const answers = answersOf(random, shape, at);
      rows.push({
        formId,
        version,
        answers,
        tally: tallyOf(DEFINITIONS[shape - 1] ?? { fields: VERSION_3 }, answers),
        locale: random.next() < 0.9 ? ('nl' as const) : ('en' as const),
        userId: null,
        browserToken: random
          .int(2 ** 31)
          .toString(16)
          .padStart(8, '0')
          .repeat(8),
        // The retention job clears the address hash after a day.
        clientHash:
          age < DAY_MS
            ? random
                .int(2 ** 31)
                .toString(16)
                .padStart(8, '0')
                .repeat(8)
            : null,
        handledAt: age > 7 * DAY_MS && random.next() < 0.4 ? new Date(at.getTime() + DAY_MS) : null,
        handledBy: null,
        createdAt: at,
      });
    }
    await db.insert(formSubmissions).values(rows);
  }
  await db
    .update(forms)
    .set({
      submissionCount: sql`(select count(*)::int from ${formSubmissions} where ${formSubmissions.formId} = ${formId})`,
      lastSubmissionAt: sql`(select max(${formSubmissions.createdAt}) from ${formSubmissions} where ${formSubmissions.formId} = ${formId})`,
    })
    .where(eq(forms.id, formId));
}

// --- Measuring ------------------------------------------------------------------------------------

type Row = {
  name: string;
  p50: number;
  p95: number;
  runs: number;
  target: number | null;
  note: string;
};

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Times `work` `runs` times after `warmup` untimed runs; a slow target stops after `budgetMs` once
 * it has `minRuns` (so one run of the whole script stays within a few minutes on PGlite).
 */
async function timed(
  name: string,
  work: (run: number) => Promise<string>,
  options: { warmup: number; runs: number; target: number | null; budgetMs?: number; minRuns?: number },
): Promise<Row> {
  let run = 0;
  for (let index = 0; index < options.warmup; index += 1) await work(run++);
  const times: number[] = [];
  let note = '';
  const began = performance.now();
  for (let index = 0; index < options.runs; index += 1) {
    const start = performance.now();
    const answer = await work(run++);
    times.push(performance.now() - start);
    if (index === 0) note = answer;
    if (
      options.budgetMs !== undefined &&
      times.length >= (options.minRuns ?? 10) &&
      performance.now() - began > options.budgetMs
    ) {
      break;
    }
  }
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    runs: times.length,
    target: options.target,
    note,
  };
}

type ExportFigures = { bytes: number; rows: number; rssGrowth: number; heapGrowth: number };

/** Streams a version's CSV to the end, sampling the process's memory every 20 ms while it runs. */
async function exportOnce(admin: Ctx, formId: string, version: number): Promise<ExportFigures> {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, MEMORY_SAMPLE_MS);
  let bytes = 0;
  let lines = 0;
  try {
    const { stream } = await exportVersion(admin, formId, version);
    for await (const chunk of stream) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
    }
  } finally {
    clearInterval(timer);
    sample();
  }
  // Line breaks inside quoted answers would count too; the seeded answers have none.
  return { bytes, rows: lines - 1, rssGrowth: peakRss - before.rss, heapGrowth: peakHeap - before.heapUsed };
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const MB = 1024 * 1024;

export type FormsBenchResult = {
  database: 'PGlite' | 'PostgreSQL';
  seedSeconds: number;
  rows: Row[];
  export: ExportFigures;
};

async function benchOn(
  database: DatabaseHandle,
  label: FormsBenchResult['database'],
): Promise<FormsBenchResult> {
  await database.migrate();
  process.stdout.write(`  ${label}: seeding ${SUBMISSIONS.toLocaleString('en')} submissions… `);
  const start = performance.now();
  const { formId, admin, now } = await seedFormsBench(database);
  const seedSeconds = (performance.now() - start) / 1000;
  // Fresh statistics and visibility map, as autovacuum leaves them on PostgreSQL (see bench/lists.ts).
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`${seedSeconds.toFixed(1)} s`);

  const rows: Row[] = [];
  let address = 0;
  const random = generator(2026);
  rows.push(
    await timed(
      'submit (visitor, version 3, Save)',
      async () => {
        address += 1;
        const ip = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
        const result = await submit(visitorContext(database.db, ip), formId, {
          version: 3,
          answers: rawAnswersOf(random),
          browserCookie: newBrowserCookie(),
        });
        return result.kind;
      },
      { warmup: 20, runs: RUNS, target: 30 },
    ),
  );

  const version3 = { from: day(new Date(now.getTime() - 29 * DAY_MS)), to: day(now) };
  const version2Half = {
    from: day(new Date(now.getTime() - 45 * DAY_MS)),
    to: day(new Date(now.getTime() - 16 * DAY_MS)),
  };
  const dashboardTarget = (name: string, version: number, range: { from?: string; to?: string }) =>
    timed(
      name,
      async () => {
        const result = await dashboard(admin, formId, version, range);
        return `${result.total.toLocaleString('en')} submissions, ${result.perDay.length} days`;
      },
      { warmup: 3, runs: Math.min(RUNS, 40), target: 150, budgetMs: 20_000, minRuns: 10 },
    );
  rows.push(await dashboardTarget('dashboard v3, no date range', 3, {}));
  rows.push(await dashboardTarget(`dashboard v3, 30 days (${version3.from} – ${version3.to})`, 3, version3));
  rows.push(
    await dashboardTarget(
      `dashboard v2, 30 days (${version2Half.from} – ${version2Half.to})`,
      2,
      version2Half,
    ),
  );

  const page = (version?: number) => async () => {
    const result = await listSubmissions(admin, formId, {
      page: 1,
      pageSize: 25,
      sortBy: 'createdAt',
      sortDirection: 'desc',
      version,
    });
    return `${result.items.length} of ${result.total.toLocaleString('en')}`;
  };
  rows.push(
    await timed('submissions page 1 (25, newest first)', page(), { warmup: 20, runs: RUNS, target: 20 }),
  );
  rows.push(await timed('submissions page 1, version 2', page(2), { warmup: 20, runs: RUNS, target: 20 }));

  process.stdout.write(
    `  ${label}: seeding a second form with ${SUBMISSIONS.toLocaleString('en')} submissions to one version… `,
  );
  const exportStart = performance.now();
  const exportForm = await seedExportForm(admin, SUBMISSIONS);
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`${((performance.now() - exportStart) / 1000).toFixed(1)} s`);
  let figures: ExportFigures = { bytes: 0, rows: 0, rssGrowth: 0, heapGrowth: 0 };
  let peakRss = 0;
  let peakHeap = 0;
  rows.push(
    await timed(
      `CSV export, ${SUBMISSIONS.toLocaleString('en')} rows of one version, streamed to the end`,
      async () => {
        figures = await exportOnce(admin, exportForm, 1);
        peakRss = Math.max(peakRss, figures.rssGrowth);
        peakHeap = Math.max(peakHeap, figures.heapGrowth);
        return `${figures.rows.toLocaleString('en')} rows, ${(figures.bytes / MB).toFixed(1)} MB`;
      },
      { warmup: 1, runs: Math.min(RUNS, 3), target: null },
    ),
  );
  const exported = { ...figures, rssGrowth: peakRss, heapGrowth: peakHeap };
  const [counts] = await queryRows<{ n: number; latest: string }>(
    database.db,
    sql`SELECT submission_count AS n, last_submission_at::text AS latest FROM forms WHERE id = ${formId}`,
  );
  printTable(label, rows, { seedSeconds, submissions: counts?.n ?? 0, latest: counts?.latest ?? '' });
  console.log(
    `CSV export: ${exported.rows.toLocaleString('en')} rows, ${exported.bytes.toLocaleString('en')} bytes; ` +
      `peak growth while streaming (largest of the measured runs, sampled every ${MEMORY_SAMPLE_MS} ms): ` +
      `rss +${(exported.rssGrowth / MB).toFixed(1)} MB, heapUsed +${(exported.heapGrowth / MB).toFixed(1)} MB`,
  );
  console.log('');
  return { database: label, seedSeconds, rows, export: exported };
}

function printTable(
  label: string,
  rows: Row[],
  facts: { seedSeconds: number; submissions: number; latest: string },
) {
  const header = ['what', 'p50 ms', 'p95 ms', 'target', 'within target', 'runs', 'answer'];
  const lines = rows.map((row) => [
    row.name,
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.target === null ? '—' : `p95 ≤ ${row.target}`,
    row.target === null ? '—' : row.p95 <= row.target ? 'yes' : 'no',
    String(row.runs),
    row.note,
  ]);
  const left = new Set([0, 3, 4, 6]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (left.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log('');
  console.log(
    `Forms, ${label}: ${SUBMISSIONS.toLocaleString('en')} submissions seeded in ${facts.seedSeconds.toFixed(1)} s ` +
      `(form count ${facts.submissions.toLocaleString('en')} after the measured submissions, last at ${facts.latest}), ` +
      `${cpus().length} cores, Node ${process.version}; use-cases called in-process`,
  );
  console.log('');
  console.log(format(header));
  console.log(
    `|${widths.map((width, column) => (left.has(column) ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  console.log('');
}

export async function runFormsBench(): Promise<FormsBenchResult[]> {
  console.log('\nForms (issue 11): in-process use-cases');
  return onEachDatabase('forms', benchOn);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFormsBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
