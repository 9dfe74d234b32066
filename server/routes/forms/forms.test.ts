import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_SURVEY_COOKIE } from '../../../common/forms/settings.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { solvedProof } from '../../../test/form-proof.ts';
import { createTestApp, createTestDatabase, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtpServer } from '../../../test/smtp.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  auditEvents,
  buildingBlockInstances,
  formSubmissions,
  jobRuns,
  pages,
  roles,
  users,
} from '../../db/schema.ts';
import { runFormRetention } from '../../jobs/form-retention.ts';

const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  { key: 'email', kind: 'email', label: { nl: 'E-mail' } },
  {
    key: 'lid',
    kind: 'singleChoice',
    label: { nl: 'Ben je lid?', en: 'Are you a member?' },
    required: true,
    options: [
      { value: 'ja', label: { nl: 'Ja', en: 'Yes' } },
      { value: 'nee', label: { nl: 'Nee', en: 'No' } },
    ],
  },
  {
    key: 'lidnummer',
    kind: 'number',
    label: { nl: 'Lidnummer' },
    required: true,
    min: 1,
    showWhen: { field: 'lid', equals: 'ja' },
  },
  { key: 'stap2', kind: 'pageBreak', label: { nl: 'Stap 2' } },
  { key: 'cijfer', kind: 'scale', label: { nl: 'Cijfer' }, scaleMax: 5 },
  { key: 'opmerking', kind: 'longText', label: { nl: 'Opmerking' } },
];

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('forms API', () => {
  let test: TestApp;
  let admin: Browser;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let address = 0;
  /** Each anonymous request from its own address, so the per-address limit does not mix in. */
  const visitor = (headers: Record<string, string> = {}) => ({
    'x-forwarded-for': `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    ...headers,
  });

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // One proxy in front: each test request names its own address in X-Forwarded-For.
    test = await createTestApp({ config: { smtpUrl: smtp.url, trustProxy: 1 } });
    await buildUser(test.app.database.db, { email: 'beheer@example.org', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.org');
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  async function newForm(settings: Record<string, unknown> = {}, fields: unknown[] = FIELDS) {
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      // Filled in through the API, on no page (issue 34).
      payload: {
        title: 'Aanmelding',
        settings: { acceptsSubmissionsOffPage: true, ...settings },
        draft: { fields },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const guid = (created.json() as { guid: string }).guid;
    const published = await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    return guid;
  }

  const submit = (
    guid: string,
    answers: Record<string, unknown>,
    headers: Record<string, string> = {},
    version = 1,
  ) =>
    test.app.inject({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version, answers },
      headers: visitor(headers),
    });

  const VALID = { naam: 'Anna', email: 'anna@example.org', lid: 'ja', lidnummer: 12, cijfer: 4 };

  it('builds, publishes and takes a submission tied to its version, with a receipt by link', async () => {
    const guid = await newForm();
    const form = (await admin.request({ method: 'GET', url: `/api/forms/${guid}` })).json() as {
      currentVersion: number;
      hasUnpublishedChanges: boolean;
      versions: { version: number; changes: { added: string[]; labels: Record<string, { nl: string }> } }[];
    };
    expect(form.currentVersion).toBe(1);
    expect(form.hasUnpublishedChanges).toBe(false);
    expect(form.versions[0]?.changes.added).toContain('naam');
    // Each changed key with its question's text, for people (issue 26).
    expect(form.versions[0]?.changes.labels.naam).toMatchObject({ nl: 'Naam' });

    const publicForm = await test.app.inject({ method: 'GET', url: `/api/forms/${guid}/public` });
    expect(publicForm.json()).toMatchObject({ version: 1, availability: 'open', barrier: null });

    const response = await submit(guid, VALID);
    expect(response.statusCode, response.body).toBe(201);
    const { guid: submissionGuid, receiptUrl } = response.json() as { guid: string; receiptUrl: string };
    expect(receiptUrl).toBe(`/submission/${submissionGuid}`);
    expect(response.cookies.some((cookie) => cookie.name === FORM_SURVEY_COOKIE)).toBe(true);

    const receipt = await test.app.inject({ method: 'GET', url: `/api/submissions/${submissionGuid}` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      version: 1,
      formTitle: 'Aanmelding',
      answers: expect.arrayContaining([
        expect.objectContaining({ key: 'lid', text: 'Ja' }),
        expect.objectContaining({ key: 'lidnummer', value: 12 }),
      ]),
    });

    // Version 2 drops a question; the first submission keeps version 1's questions.
    await admin.request({
      method: 'PUT',
      url: `/api/forms/${guid}`,
      payload: { draft: { fields: FIELDS.filter((field) => field.key !== 'opmerking') } },
    });
    await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` });
    const v1 = await admin.request({ method: 'GET', url: `/api/forms/${guid}/versions/1` });
    expect((v1.json() as { definition: { fields: unknown[] } }).definition.fields).toHaveLength(
      FIELDS.length,
    );
    const second = await submit(guid, { ...VALID, opmerking: 'weg' }, {}, 2);
    expect(second.statusCode).toBe(201);
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/submissions/${(second.json() as { guid: string }).guid}`,
    });
    expect((stored.json() as { version: number; answers: { key: string }[] }).version).toBe(2);
    expect((stored.json() as { answers: { key: string }[] }).answers.map((row) => row.key)).not.toContain(
      'opmerking',
    );

    // A published version never changes.
    expectApiError(
      await admin.request({ method: 'PUT', url: `/api/forms/${guid}/versions/1`, payload: { fields: [] } }),
      409,
      'version_published',
    );
    await expect(
      test.app.database.db.execute(
        `update form_versions set definition = '{"fields":[]}' where form_id = '${guid}'` as never,
      ),
    ).rejects.toThrow();
  });

  it('names every wrong answer in the request language, and does not require hidden fields', async () => {
    const guid = await newForm();
    const wrong = await submit(guid, { naam: '', lid: 'misschien', cijfer: 9 }, { 'accept-language': 'en' });
    const body = expectApiError(wrong, 400, 'validation_failed', 'en');
    expect(body.error.details?.map((detail) => detail.path)).toEqual([
      'body/answers/naam',
      'body/answers/lid',
      'body/answers/cijfer',
    ]);
    expect(body.error.details?.[2]?.message).toBe('Choose a number from 1 to 5.');
    const dutch = expectApiError(await submit(guid, { naam: '', lid: 'ja' }), 400, 'validation_failed');
    expect(dutch.error.details?.map((detail) => detail.message)).toEqual([
      'Vul dit veld in.',
      'Vul dit veld in.',
    ]);
    // lidnummer is required only when lid is ja.
    expect((await submit(guid, { naam: 'Bob', lid: 'nee', lidnummer: 'x' })).statusCode).toBe(201);
  });

  it('opens and closes on time (SPEC 4), a minute either side', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ state: 'Closed' }, 409],
      [{ state: 'Custom' }, 201],
      [{ state: 'Custom', closeDate: minutesFromNow(-1) }, 409],
      [{ state: 'Custom', closeDate: minutesFromNow(1) }, 201],
      [{ state: 'Custom', openDate: minutesFromNow(1) }, 409],
      [{ state: 'Custom', openDate: minutesFromNow(-1), closeDate: minutesFromNow(60) }, 201],
    ];
    for (const [settings, status] of cases) {
      const guid = await newForm(settings);
      const response = await submit(guid, VALID);
      expect(response.statusCode, JSON.stringify(settings)).toBe(status);
      if (status === 409)
        expect((response.json() as { error: { code: string } }).error.code).toBe('form_closed');
    }
    const future = await newForm({ state: 'Custom', openDate: minutesFromNow(1) });
    const view = await test.app.inject({ method: 'GET', url: `/api/forms/${future}/public` });
    expect(view.json()).toMatchObject({ availability: 'open-future' });
  });

  it('lets in exactly the audience, and tells the others why', async () => {
    const db = test.app.database.db;
    const [members] = await db.insert(roles).values({ name: 'Leden' }).returning();
    const memberRole = members!.id;
    await buildUser(db, { email: 'nieuw@example.org' });
    await buildUser(db, { email: 'bevestigd@example.org', emailVerifiedAt: new Date() });
    await buildUser(db, { email: 'lid@example.org', emailVerifiedAt: new Date(), roleIds: [memberRole] });
    const actors = {
      visitor: null,
      unverified: await signInAs(test.app, 'nieuw@example.org'),
      verified: await signInAs(test.app, 'bevestigd@example.org'),
      member: await signInAs(test.app, 'lid@example.org'),
      admin,
    };
    const expected: Record<string, Record<keyof typeof actors, number>> = {
      Public: { visitor: 201, unverified: 201, verified: 201, member: 201, admin: 201 },
      Users: { visitor: 401, unverified: 201, verified: 201, member: 201, admin: 201 },
      Verify: { visitor: 401, unverified: 403, verified: 201, member: 201, admin: 201 },
      Roles: { visitor: 401, unverified: 403, verified: 403, member: 201, admin: 201 },
      Admin: { visitor: 401, unverified: 403, verified: 403, member: 403, admin: 201 },
    };
    const barriers: Record<string, Record<keyof typeof actors, string | null>> = {
      Verify: { visitor: 'signIn', unverified: 'verifyEmail', verified: null, member: null, admin: null },
      Roles: { visitor: 'signIn', unverified: 'notForYou', verified: 'notForYou', member: null, admin: null },
    };
    for (const [audience, answers] of Object.entries(expected)) {
      const guid = await newForm({ audience, audienceRoleIds: audience === 'Roles' ? [memberRole] : [] });
      for (const [name, browser] of Object.entries(actors) as [keyof typeof actors, Browser | null][]) {
        const response = browser
          ? await browser.request({
              method: 'POST',
              url: `/api/forms/${guid}/submissions`,
              payload: { version: 1, answers: VALID },
            })
          : await submit(guid, VALID);
        expect(response.statusCode, `${audience} × ${name}: ${response.body}`).toBe(answers[name]);
        const barrier = barriers[audience]?.[name];
        if (barrier !== undefined) {
          const view = browser
            ? await browser.request({ method: 'GET', url: `/api/forms/${guid}/public` })
            : await test.app.inject({ method: 'GET', url: `/api/forms/${guid}/public` });
          expect((view.json() as { barrier: string | null }).barrier, `${audience} × ${name}`).toBe(barrier);
        }
      }
    }
  });

  it('never takes more than the maximum, with 20 submitters at once', async () => {
    const guid = await newForm({ maxSubmissions: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(guid, VALID)));
    const codes = results.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);
    const rows = await test.app.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, guid));
    expect(rows).toHaveLength(5);
    const view = await test.app.inject({ method: 'GET', url: `/api/forms/${guid}/public` });
    expect((view.json() as { barrier: string }).barrier).toBe('full');
  });

  it('takes one submission per user, and per browser through the form-survey cookie', async () => {
    const guid = await newForm({ onePerPerson: true });
    const first = await submit(guid, VALID);
    const cookie = first.cookies.find((entry) => entry.name === FORM_SURVEY_COOKIE)?.value ?? '';
    expectApiError(
      await submit(guid, VALID, { cookie: `${FORM_SURVEY_COOKIE}=${cookie}` }),
      409,
      'already_submitted',
    );
    expect((await submit(guid, VALID)).statusCode).toBe(201);
    const view = await test.app.inject({
      method: 'GET',
      url: `/api/forms/${guid}/public`,
      headers: { cookie: `${FORM_SURVEY_COOKIE}=${cookie}` },
    });
    expect((view.json() as { barrier: string }).barrier).toBe('alreadySubmitted');
    const once = await admin.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version: 1, answers: VALID },
    });
    expect(once.statusCode).toBe(201);
    const twice = await admin.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version: 1, answers: VALID },
    });
    expectApiError(twice, 409, 'already_submitted');
  });

  it('keeps nothing from a bot that fills in the honeypot, and limits an address', async () => {
    const guid = await newForm();
    const bot = await test.app.inject({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version: 1, answers: VALID, website: 'https://spam.example' },
      headers: visitor(),
    });
    expect(bot.statusCode).toBe(201);
    expect((bot.json() as { guid: string | null }).guid).toBeNull();
    const post = (address: string, proof?: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/forms/${guid}/submissions`,
        payload: { version: 1, answers: VALID, ...(proof === undefined ? {} : { proof }) },
        headers: { 'x-forwarded-for': address },
      });
    // Without a proof of work (no JavaScript) an address gets the smaller allowance…
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await post('10.9.9.8')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // …and with one, the rest of the larger.
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await post('10.9.9.8', await solvedProof(test.app))).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 201, 201, 429]);
    // Another address has its own.
    expect((await post('10.9.9.9', await solvedProof(test.app))).statusCode).toBe(201);
    const rows = await test.app.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, guid));
    expect(rows).toHaveLength(6);
  });

  it('takes a proof of work once, and refuses a wrong, forged or malformed one', async () => {
    const guid = await newForm();
    const post = (proof: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/forms/${guid}/submissions`,
        payload: { version: 1, answers: VALID, proof },
        headers: visitor({ 'accept-language': 'en' }),
      });
    const proof = await solvedProof(test.app);
    expect((await post(proof)).statusCode).toBe(201);
    const again = await post(proof);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: {
        code: 'proof_failed',
        message: 'The check against abuse failed or expired. Please send the form again.',
      },
    });
    const decoded = JSON.parse(Buffer.from(await solvedProof(test.app), 'base64').toString('utf8'));
    // The key a counter leads to is what counts (signed by the server): a made-up one fails.
    const wrongKey = {
      ...decoded,
      solution: { ...decoded.solution, derivedKey: `00${decoded.solution.derivedKey.slice(2)}` },
    };
    const easier = {
      ...decoded,
      challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, keyPrefix: '0' } },
    };
    const hostile = [
      'not base64 at all!',
      Buffer.from('{"challenge":').toString('base64'),
      Buffer.from(JSON.stringify({ challenge: null, solution: 1 })).toString('base64'),
      Buffer.from(JSON.stringify(wrongKey)).toString('base64'),
      Buffer.from(JSON.stringify(easier)).toString('base64'),
      Buffer.from(
        JSON.stringify({ ...decoded, challenge: { ...decoded.challenge, signature: 'ab'.repeat(32) } }),
      ).toString('base64'),
    ];
    for (const value of hostile) {
      const response = await post(value);
      expect(response.statusCode, value).toBe(400);
      expect((response.json() as { error: { code: string } }).error.code).toBe('proof_failed');
    }
    const tooLong = await post('A'.repeat(5000));
    expect(tooLong.statusCode).toBe(400);
    // A challenge is never cached: each counts once.
    const challenge = await test.app.inject({ method: 'GET', url: '/api/forms/challenge' });
    expect(challenge.headers['cache-control']).toBe('no-store');
  });

  it('exports a version as CSV with quotes, newlines, formulas neutralised and non-ASCII text', async () => {
    const guid = await newForm();
    const tricky = ['=SUM(A1:A2)', '+31 6', '-1', '@cmd', 'Zoë "de" Vries, Jr.', 'regel 1\nregel 2'];
    for (const text of tricky) {
      expect((await submit(guid, { ...VALID, naam: text.slice(0, 500), opmerking: text })).statusCode).toBe(
        201,
      );
    }
    const response = await admin.request({ method: 'GET', url: `/api/forms/${guid}/versions/1/export` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['x-total-count']).toBe('6');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header] = text.slice(1).split('\r\n');
    expect(header).toBe(
      'Inzending,Verstuurd op,Afgehandeld,Naam,E-mail,Ben je lid?,Lidnummer,Cijfer,Opmerking',
    );
    expect(text).toContain("'=SUM(A1:A2)");
    expect(text).toContain("'+31 6");
    expect(text).toContain("'-1");
    expect(text).toContain("'@cmd");
    expect(text).toContain('"Zoë ""de"" Vries, Jr."');
    expect(text).toContain('"regel 1\nregel 2"');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(7);
  });

  it('gives each version a dashboard of its own answers', async () => {
    const guid = await newForm();
    for (const [lid, cijfer] of [
      ['ja', 5],
      ['ja', 3],
      ['nee', 4],
    ] as const) {
      await submit(guid, { ...VALID, lid, cijfer, lidnummer: 1, opmerking: `prima ${cijfer}` });
    }
    const response = await admin.request({ method: 'GET', url: `/api/forms/${guid}/versions/1/dashboard` });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json() as {
      total: number;
      perDay: { count: number }[];
      fields: {
        key: string;
        type: string;
        options?: { value: string; count: number; percentage: number }[];
        mean?: number;
        median?: number;
        latest?: { text: string }[];
      }[];
    };
    expect(dashboard.total).toBe(3);
    expect(dashboard.perDay.reduce((sum, day) => sum + day.count, 0)).toBe(3);
    const lid = dashboard.fields.find((field) => field.key === 'lid');
    expect(lid?.options).toEqual([
      { value: 'ja', label: 'Ja', count: 2, percentage: 66.7 },
      { value: 'nee', label: 'Nee', count: 1, percentage: 33.3 },
    ]);
    const cijfer = dashboard.fields.find((field) => field.key === 'cijfer');
    expect(cijfer).toMatchObject({ type: 'number', mean: 4, median: 4 });
    expect(dashboard.fields.find((field) => field.key === 'opmerking')?.latest?.[0]?.text).toBe('prima 4');
    const empty = await admin.request({
      method: 'GET',
      url: `/api/forms/${guid}/versions/1/dashboard?from=2020-01-01&to=2020-01-31`,
    });
    expect((empty.json() as { total: number }).total).toBe(0);
    expectApiError(
      await admin.request({ method: 'GET', url: `/api/forms/${guid}/versions/1/dashboard?from=2020-13-01` }),
      400,
      'validation_failed',
    );
  });

  it('keeps a dashboard in step with its submissions: deleted, moved to another day, gone with their account', async () => {
    const guid = await newForm();
    const ids: string[] = [];
    for (const [lid, cijfer] of [
      ['ja', 5],
      ['ja', 3],
      ['nee', 4],
      ['nee', 2],
    ] as const) {
      ids.push(((await submit(guid, { ...VALID, lid, cijfer })).json() as { guid: string }).guid);
    }
    await buildUser(test.app.database.db, { email: 'telt-mee@example.org' });
    const member = await signInAs(test.app, 'telt-mee@example.org');
    const own = await member.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version: 1, answers: { ...VALID, lid: 'ja', cijfer: 1 } },
    });
    expect(own.statusCode, own.body).toBe(201);
    type Dashboard = {
      total: number;
      perDay: { day: string; count: number }[];
      fields: {
        key: string;
        answered: number;
        options?: { value: string; count: number }[];
        mean?: number;
      }[];
    };
    const read = async (query = '') =>
      (
        await admin.request({ method: 'GET', url: `/api/forms/${guid}/versions/1/dashboard${query}` })
      ).json() as Dashboard;
    const lid = (dashboard: Dashboard) =>
      dashboard.fields.find((field) => field.key === 'lid')?.options?.map((option) => option.count);
    const cijfer = (dashboard: Dashboard) => dashboard.fields.find((field) => field.key === 'cijfer');
    let dashboard = await read();
    expect(dashboard.total).toBe(5);
    expect(lid(dashboard)).toEqual([3, 2]);
    expect(cijfer(dashboard)).toMatchObject({ answered: 5, mean: 3 });

    // One moves to a day in 2020 (an import, a repair): it counts on that day.
    await test.app.database.db
      .update(formSubmissions)
      .set({ createdAt: new Date('2020-01-15T23:30:00Z') })
      .where(eq(formSubmissions.id, ids[0]!));
    const january = await read('?from=2020-01-16&to=2020-01-16');
    expect(january.perDay).toEqual([{ day: '2020-01-16', count: 1 }]);
    expect(cijfer(january)).toMatchObject({ answered: 1, mean: 5 });
    expect((await read()).total).toBe(5);

    // Deleted by an admin, and by the account's deletion (the database cascades).
    await admin.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions/delete`,
      payload: { guids: [ids[1]] },
    });
    await test.app.database.db.delete(users).where(eq(users.email, 'telt-mee@example.org'));
    dashboard = await read();
    expect(dashboard.total).toBe(3);
    expect(lid(dashboard)).toEqual([1, 2]);
    expect(cijfer(dashboard)).toMatchObject({ answered: 3, mean: 3.67 });
    expect((await read('?from=2020-01-01&to=2020-01-31')).total).toBe(1);
  });

  it('lists, filters, handles and deletes submissions; the submitter can delete theirs', async () => {
    const guid = await newForm();
    const ids: string[] = [];
    for (const naam of ['Een', 'Twee', 'Drie']) {
      ids.push(((await submit(guid, { ...VALID, naam })).json() as { guid: string }).guid);
    }
    const page = await admin.request({
      method: 'GET',
      url: `/api/forms/${guid}/submissions?pageSize=10&search=Twee`,
    });
    expect((page.json() as { total: number }).total).toBe(1);
    await admin.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions/handle`,
      payload: { guids: [ids[0]], handled: true },
    });
    const handled = await admin.request({
      method: 'GET',
      url: `/api/forms/${guid}/submissions?handled=true`,
    });
    expect((handled.json() as { items: { guid: string }[] }).items.map((row) => row.guid)).toEqual([ids[0]]);
    const one = await admin.request({ method: 'GET', url: `/api/forms/${guid}/submissions/${ids[1]}` });
    expect((one.json() as { answers: { key: string; text: string }[] }).answers[0]).toMatchObject({
      label: 'Naam',
      text: 'Twee',
    });
    const deleted = await admin.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions/delete`,
      payload: { guids: [ids[1]] },
    });
    expect(deleted.json()).toEqual({ count: 1 });
    expect((await test.app.inject({ method: 'DELETE', url: `/api/submissions/${ids[2]}` })).statusCode).toBe(
      204,
    );
    expect((await test.app.inject({ method: 'GET', url: `/api/submissions/${ids[2]}` })).statusCode).toBe(
      404,
    );
    const form = (await admin.request({ method: 'GET', url: `/api/forms/${guid}` })).json() as {
      submissionCount: number;
    };
    expect(form.submissionCount).toBe(1);
  });

  it("keeps a user's receipt to that user and those who read the results", async () => {
    const guid = await newForm({ audience: 'Users' });
    await buildUser(test.app.database.db, { email: 'invuller@example.org' });
    await buildUser(test.app.database.db, { email: 'ander@example.org' });
    const owner = await signInAs(test.app, 'invuller@example.org');
    const other = await signInAs(test.app, 'ander@example.org');
    const response = await owner.request({
      method: 'POST',
      url: `/api/forms/${guid}/submissions`,
      payload: { version: 1, answers: VALID },
    });
    const id = (response.json() as { guid: string }).guid;
    expect((await owner.request({ method: 'GET', url: `/api/submissions/${id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/submissions/${id}` })).statusCode).toBe(200);
    expect((await other.request({ method: 'GET', url: `/api/submissions/${id}` })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: `/api/submissions/${id}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'DELETE', url: `/api/submissions/${id}` })).statusCode).toBe(404);
    // The submission is part of the submitter's data export.
    const exported = (await owner.request({ method: 'GET', url: '/api/profiles:export' })).json() as {
      formSubmissions: { guid: string; version: number; answers: { question: string; answer: string }[] }[];
    };
    expect(exported.formSubmissions).toEqual([
      expect.objectContaining({
        guid: id,
        version: 1,
        answers: expect.arrayContaining([{ question: 'Ben je lid?', answer: 'Ja' }]),
      }),
    ]);
  });

  it('mails the answers to the recipients and a copy to the submitter in their language', async () => {
    const guid = await newForm({
      actions: ['Save', 'Notify'],
      notifyEmails: ['secretariaat@example.org'],
      copyToSubmitter: true,
    });
    const response = await submit(
      guid,
      { ...VALID, email: 'kopie@example.org' },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(201);
    const notice = await smtp.waitFor('secretariaat@example.org');
    expect(notice.subject).toBe('Nieuwe inzending: Aanmelding');
    expect(notice.text).toContain('Ben je lid?:\nJa');
    const copy = await smtp.waitFor('kopie@example.org');
    expect(copy.subject).toBe('Your answers to "Aanmelding"');
    expect(copy.text).toContain('Are you a member?:\nYes');
  });

  it('shows content managers the forms given to their role, never those on the pages they edit', async () => {
    const db = test.app.database.db;
    const [editors] = await db.insert(roles).values({ name: 'Redactie' }).returning();
    await buildUser(db, { email: 'redacteur@example.org', isContentManager: true, roleIds: [editors!.id] });
    const editor = await signInAs(test.app, 'redacteur@example.org');
    const mine = await newForm({ editorRoleIds: [editors!.id] });
    const placed = await newForm();
    const [page] = await db
      .insert(pages)
      .values({
        name: 'inschrijven',
        title: { nl: 'Inschrijven' },
        editPermission: 'roles',
        editRoles: [editors!.id],
      })
      .returning();
    // An admin placed the other form on the editor's page: that grants the editor nothing (issue 34).
    await db.insert(buildingBlockInstances).values({
      pageId: page!.id,
      buildingBlockName: 'form',
      options: { formGuid: placed },
      content: { nl: { title: '' } },
    });
    const list = await editor.request({ method: 'GET', url: '/api/forms?pageSize=100' });
    const rows = (list.json() as { items: { guid: string; abilities: Record<string, boolean> }[] }).items;
    expect(rows.map((row) => row.guid)).toEqual([mine]);
    expect(rows[0]?.abilities).toEqual({
      update: true,
      viewResults: true,
      delete: false,
      changeRights: false,
    });
    const form = await editor.request({ method: 'GET', url: `/api/forms/${mine}` });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ roles: [{ guid: editors!.id, name: 'Redactie' }] });
    expect((await editor.request({ method: 'GET', url: `/api/forms/${placed}` })).statusCode).toBe(404);
    expect((await editor.request({ method: 'DELETE', url: `/api/forms/${mine}` })).statusCode).toBe(403);
    // Which roles work on the form stays an admin's choice; the rest of the settings are the editor's.
    const settings = (form.json() as { settings: Record<string, unknown> }).settings;
    const widen = await editor.request({
      method: 'PUT',
      url: `/api/forms/${mine}`,
      payload: { settings: { ...settings, editorRoleIds: [] } },
    });
    expectApiError(widen, 403, 'forbidden');
    const notify = await editor.request({
      method: 'PUT',
      url: `/api/forms/${mine}`,
      payload: {
        settings: { ...settings, actions: ['Save', 'Notify'], notifyEmails: ['redactie@example.org'] },
      },
    });
    expect(notify.statusCode, notify.body).toBe(200);
    // A member of the role who is no content manager gets nothing.
    await buildUser(db, { email: 'lid-redactie@example.org', roleIds: [editors!.id] });
    const member = await signInAs(test.app, 'lid-redactie@example.org');
    const theirs = await member.request({ method: 'GET', url: '/api/forms?pageSize=100' });
    expect((theirs.json() as { items: unknown[] }).items).toEqual([]);
    expect((await member.request({ method: 'GET', url: `/api/forms/${mine}` })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/forms' })).statusCode).toBe(401);
  });

  it('duplicates and deletes forms, every write audited', async () => {
    const guid = await newForm();
    const copy = await admin.request({ method: 'POST', url: `/api/forms/${guid}/duplicate`, payload: {} });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ title: 'Aanmelding (kopie)', currentVersion: null });
    const copyGuid = (copy.json() as { guid: string }).guid;
    expect((await admin.request({ method: 'DELETE', url: `/api/forms/${copyGuid}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: `/api/forms/${copyGuid}` })).statusCode).toBe(404);
    const events = await test.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, copyGuid));
    expect(events.map((event) => event.action).sort()).toEqual(['form.delete', 'form.duplicate']);
    expectApiError(
      await admin.request({
        method: 'POST',
        url: '/api/forms',
        payload: { title: 'X', draft: { fields: [{ key: 'Fout!', kind: 'shortText', label: { nl: '' } }] } },
      }),
      400,
      'validation_failed',
    );
    const empty = await admin.request({ method: 'POST', url: '/api/forms', payload: { title: 'Leeg' } });
    expectApiError(
      await admin.request({
        method: 'POST',
        url: `/api/forms/${(empty.json() as { guid: string }).guid}/publish`,
      }),
      400,
      'validation_failed',
    );
  });
});

describe('form retention', () => {
  let database: DatabaseHandle;
  let nodes: TestApp[];

  beforeAll(async () => {
    database = await createTestDatabase();
    nodes = [await createTestApp({ database }), await createTestApp({ database })];
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database.close();
  });

  it('deletes submissions past the retention period once, whichever nodes run the job', async () => {
    const db = database.db;
    await buildUser(db, { email: 'bewaar@example.org', isAdmin: true });
    const admin = await signInAs(nodes[0]!.app, 'bewaar@example.org');
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      payload: {
        title: 'Bewaren',
        settings: { retentionDays: 30, acceptsSubmissionsOffPage: true },
        draft: { fields: [FIELDS[0]] },
      },
    });
    const guid = (created.json() as { guid: string }).guid;
    await admin.request({ method: 'POST', url: `/api/forms/${guid}/publish` });
    for (let index = 0; index < 3; index += 1) {
      await nodes[index % 2]!.app.inject({
        method: 'POST',
        url: `/api/forms/${guid}/submissions`,
        // One address for all three: each proves its work to stay within the allowance.
        payload: {
          version: 1,
          answers: { naam: `n${index}` },
          proof: await solvedProof(nodes[index % 2]!.app),
        },
      });
    }
    const [old] = await db.select().from(formSubmissions).where(eq(formSubmissions.formId, guid)).limit(1);
    await db
      .update(formSubmissions)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(formSubmissions.id, old!.id));
    const now = new Date();
    const results = await Promise.all([
      runFormRetention(nodes[0]!.app.database.db, now),
      runFormRetention(nodes[1]!.app.database.db, now),
    ]);
    expect(results.filter((result) => result !== null)).toEqual([
      { forms: 1, deleted: 1, addressesForgotten: 0 },
    ]);
    const left = await db.select().from(formSubmissions).where(eq(formSubmissions.formId, guid));
    expect(left).toHaveLength(2);
    const runs = await db.select().from(jobRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.finishedAt).not.toBeNull();
  });
});
