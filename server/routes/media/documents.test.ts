import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../common/media.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { buildingBlockInstances, media, pages } from '../../db/schema.ts';
import { prepareBlocks } from '../../domains/blocks/prepare.ts';
import { createListItem, createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * Documents in the media library (issue 27): recognised by their content (an HTML or SVG file named
 * .pdf, a ZIP that is no office file: refused), held to 50 MB, served so that they never run (a
 * PDF with JavaScript is stored but only ever an attachment), offered by a download block, shown
 * to a visitor only where the visitor may look, and found by the site search by the words inside.
 */

let test: TestApp;
let dataDir: string;
let editor: Browser;
let member: Browser;
let publicBlock: string;
let publicPage: string;
let membersBlock: string;
let menuId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-documents-test-'));
  test = await createTestApp({ config: { dataDir } });
  const { db } = test.database;
  await buildUser(db, { email: 'redacteur@example.nl', isContentManager: true, roleIds: ['redactie'] });
  await buildUser(db, { email: 'lid@example.nl' });
  editor = await signInAs(test.app, 'redacteur@example.nl');
  member = await signInAs(test.app, 'lid@example.nl');
  const page = await createPage(db, {
    name: 'vergaderingen',
    title: 'Vergaderingen',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'download' }],
  });
  publicPage = page.id;
  publicBlock = page.blocks[0]?.id ?? '';
  const members = await createPage(db, {
    name: 'leden-stukken',
    title: 'Stukken voor leden',
    editPermission: 'roles',
    editRoles: ['redactie'],
    blocks: [{ name: 'download' }],
  });
  await db
    .update(pages)
    .set({ roleIds: ['leden'] })
    .where(eq(pages.id, members.id));
  membersBlock = members.blocks[0]?.id ?? '';
  const menu = await createMenu(db, TOP_LEVEL_MENU);
  menuId = menu.id;
  await createMenuItem(db, {
    menuId: menu.id,
    urlSegment: 'vergaderingen',
    name: 'Vergaderingen',
    pageId: page.id,
  });
  await createMenuItem(db, { menuId: menu.id, urlSegment: 'leden', name: 'Leden', pageId: members.id });
});

afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function pdf(lines: string[], options: { script?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  lines.forEach((line, index) => {
    page.drawText(line, { x: 50, y: 780 - index * 24, size: 14, font });
  });
  if (options.script) {
    const action = document.context.obj({
      Type: 'Action',
      S: 'JavaScript',
      JS: PDFString.of('app.alert(1)'),
    });
    document.catalog.set(PDFName.of('OpenAction'), action);
  }
  return Buffer.from(await document.save());
}

/** A ZIP (stored and deflated entries) written here, so the office checks read a real archive. */
function zip(entries: { name: string; data: string; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.from(entry.data);
    const data = entry.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

const BOUNDARY = '----bouwsteen-documents-boundary';
function multipart(data: Buffer, name: string, type = 'application/pdf'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="Image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const as = (browser: Browser) => ({ cookie: browser.cookie, 'x-xsrf-token': browser.xsrf });

function upload(data: Buffer, name: string, query = 'library', language = 'nl') {
  return test.app.inject({
    method: 'POST',
    url: `/a/upload?${query}&lang=${language}`,
    headers: { ...as(editor), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(data, name),
  });
}

async function uploaded(data: Buffer, name: string, query = 'library'): Promise<string> {
  const response = await upload(data, name, query);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { guid: string }).guid;
}

function call(method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, browser?: Browser, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: browser ? as(browser) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function offer(blockGuid: string, documentGuids: string[]): Promise<LightMyRequestResponse> {
  return call('PUT', `/api/buildingblockinstance/${blockGuid}`, editor, {
    content: { nl: { title: 'Stukken' } },
    options: { documentGuids },
  });
}

describe('documents in the media library', () => {
  it('recognises documents by their content, whatever their name, and refuses the rest', async () => {
    const { db } = test.database;
    const word = await uploaded(
      zip([{ name: '[Content_Types].xml', data: DOCX_TYPES, deflate: true }]),
      'verslag.pdf',
    );
    const odt = await uploaded(
      zip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
        { name: 'content.xml', data: '<office:document-content/>', deflate: true },
      ]),
      'brief',
    );
    const csv = await uploaded(Buffer.from('naam;aantal\nappels;3\nperen;5\n'), 'fruit.txt');
    const text = await uploaded(Buffer.from('Gewoon een tekst, met één regel.\n'), '../../etc/passwd');
    const formats = await db
      .select({ id: media.id, format: media.format, fileName: media.fileName })
      .from(media);
    const of = (guid: string) => formats.find((row) => row.id === guid);
    expect(of(word)).toMatchObject({ format: 'docx', fileName: 'verslag.docx' });
    expect(of(odt)).toMatchObject({ format: 'odt', fileName: 'brief.odt' });
    expect(of(csv)).toMatchObject({ format: 'csv', fileName: 'fruit.csv' });
    // A traversal name keeps no path: no slash, no leading dots.
    expect(of(text)?.format).toBe('txt');
    expect(of(text)?.fileName).not.toMatch(/[/\\]|^\./);

    const refusals: [Buffer, string][] = [
      [Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), 'notulen.pdf'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.pdf'],
      [Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'tekening.pdf'],
      [zip([{ name: 'readme.txt', data: 'geen kantoorbestand' }]), 'archief.docx'],
      [Buffer.from('%PDF-1.7\nthis is no pdf at all'), 'kapot.pdf'],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe]), 'binair.txt'],
    ];
    for (const [data, name] of refusals) {
      const response = await upload(data, name);
      expectApiError(response, 415, 'unsupported_media_type');
    }
    // The message is in the user's language.
    const english = await upload(refusals[0]?.[0] ?? Buffer.from(''), 'x.pdf', 'library', 'en');
    expect((english.json() as { error: { message: string } }).error.message).toBe(
      'This file type is not supported.',
    );
    // Documents go into the library or a block, not into an item's or profile's image.
    expectApiError(await upload(await pdf(['x']), 'x.pdf', 'profile'), 415, 'unsupported_media_type');
  });

  it('takes documents up to 50 MB and refuses more with 413, without keeping the body', async () => {
    const header = Buffer.from('Dit is een groot tekstbestand.\n');
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1024, 'a');
    header.copy(big);
    const response = await upload(big, 'groot.txt');
    expectApiError(response, 413, 'payload_too_large');
    // An image keeps its own 30 MB limit; a text of 40 MB is a document and is taken.
    const fine = Buffer.alloc(40 * 1024 * 1024, 'b');
    header.copy(fine);
    expect((await upload(fine, 'veertig.txt')).statusCode).toBe(201);
  }, 60_000);

  it('serves a PDF inline in a sandbox, other documents and a PDF with JavaScript as attachments', async () => {
    const plain = await uploaded(await pdf(['Jaarverslag 2026']), 'jaarverslag.pdf');
    const scripted = await uploaded(await pdf(['Formulier'], { script: true }), 'formulier.pdf');
    const text = await uploaded(Buffer.from('Regel één\n'), 'Notities ü.txt');
    const ok = await offer(publicBlock, [plain, scripted, text]);
    expect(ok.statusCode, ok.body).toBe(200);

    const served = await call('GET', `/a/${plain}?v=1`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="jaarverslag.pdf"/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const script = await call('GET', `/a/${scripted}`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-disposition']).toMatch(/^attachment; /);
    expect(script.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect((await test.database.db.select().from(media).where(eq(media.id, scripted)))[0]?.hasScript).toBe(
      true,
    );

    const notes = await call('GET', `/a/${text}`);
    expect(notes.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(notes.headers['content-disposition']).toBe(
      `attachment; filename="Notities _.txt"; filename*=UTF-8''${encodeURIComponent('Notities ü.txt')}`,
    );

    // A PDF's first page is its thumbnail; other documents have none.
    const thumbnail = await call('GET', `/a/${plain}?width=100&height=150&fit=cover`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expectApiError(await call('GET', `/a/${text}?width=100`), 404, 'not_found');

    // The block offers each with its title, format, size and language.
    const [row] = await test.database.db
      .select()
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.id, publicBlock));
    const [view] = await prepareBlocks(test.database.db, row ? [row] : [], 'nl', test.app.log);
    const data = view?.data as {
      title: string;
      files: { title: string; format: string; size: number; language: string; thumbnail: string | null }[];
    };
    expect(data.title).toBe('Stukken');
    expect(data.files.map((file) => [file.title, file.format, file.language])).toEqual([
      ['jaarverslag', 'pdf', 'nl'],
      ['formulier', 'pdf', 'nl'],
      ['Notities ü', 'txt', 'nl'],
    ]);
    expect(data.files[0]?.thumbnail).toMatch(/width=100&height=150&fit=cover/);
    expect(data.files[2]?.thumbnail).toBeNull();

    // Title and language are the library's; an image has no language.
    const changed = await call('PATCH', `/api/media/${text}`, editor, { title: 'Notities', language: 'en' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Notities', language: 'en', format: 'txt' });
  });

  it('follows the images’ visibility rule: a members-only use is not served to visitors', async () => {
    const minutes = await uploaded(await pdf(['Vertrouwelijk verslag']), 'vertrouwelijk.pdf');
    expectApiError(await call('GET', `/a/${minutes}`), 404, 'not_found');
    const ok = await offer(membersBlock, [minutes]);
    expect(ok.statusCode, ok.body).toBe(200);
    expectApiError(await call('GET', `/a/${minutes}`), 404, 'not_found');
    expectApiError(await call('GET', `/a/${minutes}`, member), 404, 'not_found');
    expect((await call('GET', `/a/${minutes}`, editor)).statusCode).toBe(200);
    // Where-used lists the block's page; delete is refused while it is used.
    const { uses } = (await call('GET', `/api/media/${minutes}/uses`, editor)).json() as {
      uses: { kind: string }[];
    };
    expect(uses.map((use) => use.kind)).toEqual(['page']);
    expectApiError(await call('DELETE', `/api/media/${minutes}`, editor), 409, 'media_in_use');
    // A block refuses an image where a document belongs, and an unknown guid.
    const refused = await offer(membersBlock, ['00000000-0000-4000-8000-000000000000']);
    expectApiError(refused, 400, 'validation_failed');
  });

  it('finds the page that offers a PDF by the words inside it, for visitors who may see it', async () => {
    const guid = await uploaded(
      await pdf(['Notulen van de algemene ledenvergadering', 'Besproken: de nieuwe fietsenstalling']),
      'alv-2026.pdf',
    );
    const ok = await offer(publicBlock, [guid]);
    expect(ok.statusCode, ok.body).toBe(200);
    const search = async (q: string, browser?: Browser) => {
      const response = await call('GET', `/api/search?q=${encodeURIComponent(q)}`, browser);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { hits: { title: string; url?: string }[] }).hits;
    };
    const hits = await search('notulen ledenvergadering');
    expect(hits.map((hit) => hit.title)).toContain('Vergaderingen');
    // Stemming: "fietsenstallingen" finds "fietsenstalling".
    expect((await search('fietsenstallingen')).map((hit) => hit.title)).toContain('Vergaderingen');
    // A document only on the members' page is not found by a visitor.
    const secret = await uploaded(await pdf(['Geheime begroting zeppelinhangar']), 'begroting.pdf');
    expect((await offer(membersBlock, [secret])).statusCode).toBe(200);
    expect(await search('zeppelinhangar')).toEqual([]);
    expect(publicPage).toBeTruthy();
  });
});

describe("documents in a list item's own download block", () => {
  const search = async (q: string, browser?: Browser) => {
    const response = await call('GET', `/api/search?q=${encodeURIComponent(q)}`, browser);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { hits: { kind: string; title: string }[] }).hits.map(
      (hit) => `${hit.kind}:${hit.title}`,
    );
  };

  /** A list page in the menu whose items the editor may edit; members-only when `roleIds` is given. */
  async function listPage(name: string, roleIds: string[] = []): Promise<string> {
    const { db } = test.database;
    const page = await createPage(db, {
      name,
      title: name,
      editPermission: 'roles',
      editRoles: ['redactie'],
      blocks: [{ name: 'list', content: { nl: { title: name } } }],
    });
    await db.update(pages).set({ roleIds }).where(eq(pages.id, page.id));
    await createMenuItem(db, { menuId, urlSegment: name, name, pageId: page.id });
    return page.blocks[0]?.id ?? '';
  }

  /** Saves an item as the editor does, its own blocks one download block offering `documentGuids`. */
  async function saveItem(itemGuid: string, title: string, documentGuids: string[], isPublished = true) {
    const saved = await call('PUT', `/api/listitem/${itemGuid}`, editor, {
      title: { nl: title },
      listItemTypeName: 'nieuws',
      isPublished,
      contentBuildingBlockInstances: [
        {
          guid: randomUUID(),
          buildingBlockName: 'download',
          content: { nl: { title: 'Stukken' } },
          options: { documentGuids },
          sortId: 0,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  async function itemOffering(listBlock: string, title: string, documentGuids: string[], isPublished = true) {
    const item = await createListItem(test.database.db, { blockId: listBlock, title, isPublished });
    await saveItem(item.id, title, documentGuids, isPublished);
    return item.id;
  }

  it('finds the item by the words inside the PDF, only for those who may see the item', async () => {
    const publicList = await listPage('activiteiten');
    const membersList = await listPage('ledenactiviteiten', ['leden']);
    await buildUser(test.database.db, { email: 'leden@example.nl', roleIds: ['leden'] });
    const insider = await signInAs(test.app, 'leden@example.nl');

    const programme = await uploaded(await pdf(['Excursie naar de kwartelkoningweide']), 'programma.pdf');
    await itemOffering(publicList, 'Voorjaarsexcursie', [programme]);
    expect(await search('kwartelkoningweide')).toEqual(['item:Voorjaarsexcursie']);
    // The document's title is searched too, as on a page.
    expect(await search('programma')).toContain('item:Voorjaarsexcursie');

    // An unpublished item is found by no visitor; an item on a members-only page only by its members.
    const draft = await uploaded(await pdf(['Concept over de roerdompbrug']), 'concept.pdf');
    await itemOffering(publicList, 'Nog geheim', [draft], false);
    expect(await search('roerdompbrug')).toEqual([]);
    expect(await search('roerdompbrug', member)).toEqual([]);
    const internal = await uploaded(await pdf(['Begroting van de ijsvogelwand']), 'begroting-leden.pdf');
    await itemOffering(membersList, 'Ledenbegroting', [internal]);
    expect(await search('ijsvogelwand')).toEqual([]);
    expect(await search('ijsvogelwand', member)).toEqual([]);
    expect(await search('ijsvogelwand', insider)).toEqual(['item:Ledenbegroting']);
  });

  it("reindexes the item when its blocks change and when the document's file, title or existence changes", async () => {
    const list = await listPage('nieuwsbrieven');
    const letter = await uploaded(await pdf(['Nieuws over de gruttoweide']), 'nieuwsbrief.pdf');
    const item = await itemOffering(list, 'Nieuwsbrief april', []);
    expect(await search('gruttoweide')).toEqual([]);
    // The item's blocks now offer the document.
    await saveItem(item, 'Nieuwsbrief april', [letter]);
    expect(await search('gruttoweide')).toEqual(['item:Nieuwsbrief april']);

    // A new file: its words replace the old ones.
    const replaced = await test.app.inject({
      method: 'POST',
      url: `/api/media/${letter}/file`,
      headers: { ...as(editor), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(await pdf(['Nieuws over het lepelaarsnest']), 'nieuwsbrief.pdf'),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await search('lepelaarsnest')).toEqual(['item:Nieuwsbrief april']);
    expect(await search('gruttoweide')).toEqual([]);

    // A new title.
    expect((await call('PATCH', `/api/media/${letter}`, editor, { title: 'Vogelkrant' })).statusCode).toBe(
      200,
    );
    expect(await search('vogelkrant')).toEqual(['item:Nieuwsbrief april']);

    // Deleted (confirmed while used): the item no longer offers it, nor is found by its words.
    expect((await call('DELETE', `/api/media/${letter}?force=true`, editor)).statusCode).toBe(204);
    expect(await search('lepelaarsnest')).toEqual([]);
  });
});
