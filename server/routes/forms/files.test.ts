import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FILE_MAX_BYTES } from '../../../common/forms/files.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { formSubmissionFiles } from '../../db/schema.ts';
import { runFormRetention } from '../../jobs/form-retention.ts';
import { createFormFileStorage } from '../../media/storage.ts';

const FIELDS = [
  { key: 'naam', kind: 'shortText', label: { nl: 'Naam', en: 'Name' }, required: true },
  { key: 'foto', kind: 'file', label: { nl: 'Foto', en: 'Photo' }, required: true },
  { key: 'bewijs', kind: 'file', label: { nl: 'Bewijs', en: 'Proof' }, fileTypes: ['pdf'] },
];

const BOUNDARY = '----bouwsteen-form-files';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows executable's first bytes ("MZ"), as if renamed to .png. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);

type FilePart = { field: string; name: string; type: string; data: Buffer | Readable };

/** A multipart submission: the JSON body in `submission`, then the files. */
function multipart(body: unknown, files: FilePart[]): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="submission"\r\n\r\n${JSON.stringify(body)}\r\n`,
      );
      for (const file of files) {
        yield Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        );
        if (Buffer.isBuffer(file.data)) yield file.data;
        else for await (const chunk of file.data) yield chunk as Buffer;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${BOUNDARY}--\r\n`);
    })(),
  );
}

describe('file questions', () => {
  let test: TestApp;
  let dataDir: string;
  let admin: Browser;
  let png: Buffer;
  let formGuid: string;
  let address = 0;
  const visitor = (headers: Record<string, string> = {}) => ({
    'x-forwarded-for': `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    ...headers,
  });

  beforeAll(async () => {
    // Its own data directory: the sweep below looks at every stored file.
    dataDir = await mkdtemp(path.join(tmpdir(), 'form-files-'));
    test = await createTestApp({ config: { trustProxy: 1, dataDir } });
    await buildUser(test.app.database.db, { email: 'beheer@example.org', isAdmin: true });
    await buildUser(test.app.database.db, { email: 'lid@example.org' });
    await buildUser(test.app.database.db, { email: 'ander@example.org' });
    admin = await signInAs(test.app, 'beheer@example.org');
    png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const created = await admin.request({
      method: 'POST',
      url: '/api/forms',
      // Filled in through the API, on no page (issue 34).
      payload: {
        title: 'Inschrijving',
        settings: { acceptsSubmissionsOffPage: true },
        draft: { fields: FIELDS },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    formGuid = (created.json() as { guid: string }).guid;
    const published = await admin.request({ method: 'POST', url: `/api/forms/${formGuid}/publish` });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(async () => {
    await test.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const submit = (
    files: FilePart[],
    input: { answers?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions`,
      headers: visitor({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...input.headers }),
      payload: multipart({ version: 1, answers: { naam: 'Anna', ...input.answers } }, files),
    });

  const fieldMessages = (response: LightMyRequestResponse) =>
    Object.fromEntries(
      (
        (response.json() as { error: { details?: { path: string; message: string }[] } }).error.details ?? []
      ).map((detail) => [detail.path, detail.message]),
    );

  const storedKeys = async (submission: string) =>
    (
      await test.app.database.db
        .select({ key: formSubmissionFiles.storageKey })
        .from(formSubmissionFiles)
        .where(eq(formSubmissionFiles.submissionId, submission))
    ).map((row) => row.key);

  it('takes an image and a PDF, checked by content, and shows their names on the receipt', async () => {
    const response = await submit([
      { field: 'foto', name: '../../ik op vakantie.png', type: 'application/octet-stream', data: png },
      { field: 'bewijs', name: 'bewijs.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { guid } = response.json() as { guid: string };

    const receipt = await test.app.inject({ method: 'GET', url: `/api/submissions/${guid}` });
    const answers = (receipt.json() as { answers: { key: string; text: string }[] }).answers;
    // The name as the submitter's file had it, without any path.
    expect(answers.find((answer) => answer.key === 'foto')?.text).toBe('ik op vakantie.png');
    expect(answers.find((answer) => answer.key === 'bewijs')?.text).toBe('bewijs.pdf');

    // An anonymous submission's files, like its receipt, go to whoever has its unguessable link.
    const photo = await test.app.inject({ method: 'GET', url: `/api/submissions/${guid}/files/foto` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.headers['content-disposition']).toMatch(/^attachment; filename="ik op vakantie.png"/);
    expect(photo.rawPayload.equals(png)).toBe(true);

    const pdf = await test.app.inject({ method: 'GET', url: `/api/submissions/${guid}/files/bewijs` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    // The admin reads it too; the CSV export names the file.
    const asAdmin = await admin.request({ method: 'GET', url: `/api/submissions/${guid}/files/foto` });
    expect(asAdmin.statusCode).toBe(200);
    const csv = await admin.request({ method: 'GET', url: `/api/forms/${formGuid}/versions/1/export` });
    expect(csv.body).toContain('ik op vakantie.png');
  });

  it('refuses a program renamed to .png, whatever type the client states', async () => {
    const response = await submit([{ field: 'foto', name: 'foto.png', type: 'image/png', data: EXE }]);
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)['body/answers/foto']).toMatch(/niet|not/i);
  });

  it('refuses an image where the question takes only PDF, naming what it takes', async () => {
    const response = await submit(
      [
        { field: 'foto', name: 'foto.png', type: 'image/png', data: png },
        { field: 'bewijs', name: 'bewijs.pdf', type: 'application/pdf', data: png },
      ],
      { headers: { 'accept-language': 'en' } },
    );
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)).toEqual({
      'body/answers/bewijs': 'This kind of file is not accepted here: choose a PDF.',
    });
  });

  it('refuses a file past the media limit at its field, never with a 5xx', async () => {
    const big = Readable.from(
      (async function* () {
        yield png;
        const chunk = Buffer.alloc(1024 * 1024);
        for (let sent = png.length; sent <= FORM_FILE_MAX_BYTES; sent += chunk.length) yield chunk;
      })(),
    );
    const response = await submit([{ field: 'foto', name: 'groot.png', type: 'image/png', data: big }], {
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response)['body/answers/foto']).toBe(
      'This file is too large: it may be at most 30 MB.',
    );
  });

  it('asks for a required file, and a text sent in its place is no file', async () => {
    const response = await submit([], { answers: { foto: 'foto.png' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(response))).toEqual(['body/answers/foto']);
  });

  it("serves a member's file to them and to admins; to anyone else it does not exist", async () => {
    const member = await signInAs(test.app, 'lid@example.org');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/forms/${formGuid}/submissions`,
      headers: {
        cookie: member.cookie,
        'x-xsrf-token': member.xsrf,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: multipart({ version: 1, answers: { naam: 'Lid' } }, [
        { field: 'foto', name: 'lid.png', type: 'image/png', data: png },
      ]),
    });
    expect(response.statusCode, response.body).toBe(201);
    const url = `/api/submissions/${(response.json() as { guid: string }).guid}/files/foto`;

    expect((await member.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url })).statusCode).toBe(200);
    const other = await signInAs(test.app, 'ander@example.org');
    expect((await other.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A question without a file, and an unknown submission: not found either.
    expect((await member.request({ method: 'GET', url: url.replace(/foto$/, 'bewijs') })).statusCode).toBe(
      404,
    );
    expect(
      (
        await admin.request({
          method: 'GET',
          url: '/api/submissions/00000000-0000-4000-8000-000000000000/files/foto',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('takes the files away with their submission; the retention job removes the bytes', async () => {
    const storage = createFormFileStorage(test.app.config);
    const response = await submit([{ field: 'foto', name: 'weg.png', type: 'image/png', data: png }]);
    expect(response.statusCode, response.body).toBe(201);
    const { guid } = response.json() as { guid: string };
    const [key] = await storedKeys(guid);
    expect(key && (await storage.has(key))).toBe(true);

    // The submitter deletes it from the receipt (admin deletes, retention and cascades end the same way).
    const deleted = await test.app.inject({ method: 'DELETE', url: `/api/submissions/${guid}` });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/submissions/${guid}/files/foto` })).statusCode,
    ).toBe(404);
    expect(await storedKeys(guid)).toEqual([]);

    // Files of other submissions stay; the orphan goes (after its grace period).
    const kept = (await test.app.database.db.select().from(formSubmissionFiles)).map((row) => row.storageKey);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const result = await runFormRetention(test.app.database.db, later, storage);
    expect(result).toMatchObject({ filesRemoved: 1 });
    expect(await storage.has(key as string)).toBe(false);
    for (const stored of kept) expect(await storage.has(stored)).toBe(true);
  });
});
