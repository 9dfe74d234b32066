import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../common/site.ts';
import { TOP_LEVEL_MENU } from '../../../common/site.ts';
import { type Browser, buildUser, signInAs } from '../../../test/accounts.ts';
import { createTestApp, expectApiError, type TestApp } from '../../../test/helpers.ts';
import { refreshSearchIndex } from '../../domains/search/queries.ts';
import { createSiteServices } from '../../domains/site/services.ts';
import { validationText } from '../../errors.ts';
import { ANONYMOUS } from '../../policies/index.ts';
import { createMenu, createMenuItem, createPage } from '../../seed/builders.ts';

/*
 * The map block (issue 31) through the API: what it takes, what it refuses (hostile or oversized
 * input: 400 `validation_failed` naming the field), what visitors get of it (the embedded map's
 * and OpenStreetMap's addresses, made on the server from the place), that the place's name is
 * searchable, and that the site's CSP lets OpenStreetMap's frame in.
 */

const content = {
  nl: { title: 'Dorpshuis De Linde', address: 'Dorpsstraat 1\n8401 AB De Linde' },
  en: { title: 'Village hall De Linde', address: 'Dorpsstraat 1\n8401 AB De Linde, the Netherlands' },
};
const place = { latitude: 53.0386, longitude: 5.6659, zoom: 17 };

describe('map block', () => {
  let test: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    test = await createTestApp();
    await buildUser(test.database.db, { email: 'beheer@example.nl', isAdmin: true });
    admin = await signInAs(test.app, 'beheer@example.nl');
  });
  afterAll(async () => {
    await test.close();
  });

  let pageCounter = 0;
  async function newPage() {
    pageCounter += 1;
    return createPage(test.database.db, { name: `kaart-${pageCounter}`, title: `Kaart ${pageCounter}` });
  }
  const add = async (body: unknown, options: unknown = place) =>
    admin.request({
      method: 'POST',
      url: `/api/pages/${(await newPage()).id}/buildingblockinstances`,
      payload: { buildingBlockName: 'map', layoutPosition: 'main', content: body, options },
    });

  it.each([
    ['a map of a place in Dutch and English', content, place, place],
    [
      'a map with only a name, at the default zoom',
      { nl: { title: 'De Dam' } },
      { latitude: 52.3731, longitude: 4.8922 },
      { latitude: 52.3731, longitude: 4.8922, zoom: 16 },
    ],
    [
      'a map whose place has more decimals than are kept',
      { nl: { title: 'Opera House' } },
      { latitude: -33.856784123, longitude: 151.2152967, zoom: 19 },
      { latitude: -33.856784, longitude: 151.215297, zoom: 19 },
    ],
    [
      'a map of the corners of the world',
      { nl: { title: 'Hoek' } },
      { latitude: -90, longitude: 180, zoom: 1 },
      { latitude: -90, longitude: 180, zoom: 1 },
    ],
    [
      'a map whose place is not chosen yet',
      { nl: { title: 'Nog te kiezen' } },
      {},
      { latitude: null, longitude: null, zoom: 16 },
    ],
  ])('saves %s with its options and defaults', async (_case, body, options, stored) => {
    const response = await add(body, options);
    expect(response.statusCode).toBe(201);
    const block = response.json();
    expect(block).toMatchObject({ buildingBlockName: 'map', options: stored });
    const visitor = await test.app.inject({ method: 'GET', url: `/api/buildingblockinstance/${block.guid}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ buildingBlockName: 'map', content: body, options: stored });
  });

  it.each([
    ['without a name', { nl: { title: '' } }, place, 'content.nl.title', null],
    ['with a name over 200 characters', { nl: { title: 'x'.repeat(201) } }, place, 'content.nl.title', null],
    [
      'with an address over 500 characters',
      { nl: { title: 'x', address: 'y'.repeat(501) } },
      place,
      'content.nl.address',
      null,
    ],
    [
      'with a name that is HTML-typed',
      { nl: { title: { html: '<b>x</b>' } } },
      place,
      'content.nl.title',
      null,
    ],
    ['with an empty English name', { ...content, en: { title: '' } }, place, 'content.en.title', null],
    ...[91, -90.000001, 1e308, -1e308].map((latitude): [string, object, object, string, string] => [
      `at latitude ${latitude}`,
      content,
      { ...place, latitude },
      'options.latitude',
      'validation.latitude',
    ]),
    ...[180.5, -181, 360, 1e21].map((longitude): [string, object, object, string, string] => [
      `at longitude ${longitude}`,
      content,
      { ...place, longitude },
      'options.longitude',
      'validation.longitude',
    ]),
    ...(['52.37', '52,37', 'NaN', 'Infinity', true, [52.37], { value: 52.37 }] as const).map(
      (latitude): [string, object, object, string, null] => [
        `whose latitude is ${JSON.stringify(latitude)}`,
        content,
        { ...place, latitude },
        'options.latitude',
        null,
      ],
    ),
    [
      'with a latitude and no longitude',
      content,
      { latitude: 52.37, longitude: null },
      'options.longitude',
      'validation.required',
    ],
    ['without a latitude', content, { longitude: 4.89 }, 'options.latitude', 'validation.required'],
    ...([0, 20, 16.5, -1, '16', null] as const).map((zoom): [string, object, object, string, null] => [
      `at zoom ${JSON.stringify(zoom)}`,
      content,
      { ...place, zoom },
      'options.zoom',
      null,
    ]),
  ])('answers 400 to a map %s, naming the field', async (_case, body, options, path, key) => {
    const response = await add(body, options);
    const error = expectApiError(response, 400, 'validation_failed');
    if (key) expect(error.error.details).toContainEqual({ path, message: validationText(key, 'nl') });
    else expect(error.error.details?.map((detail) => detail.path)).toContain(path);
  });

  it('answers 400 to moving a map out of the world (PUT), and keeps the old place', async () => {
    const created = (await add(content)).json();
    const body = expectApiError(
      await admin.request({
        method: 'PUT',
        url: `/api/buildingblockinstance/${created.guid}`,
        payload: { options: { ...place, latitude: -95 } },
      }),
      400,
      'validation_failed',
    );
    expect(body.error.details).toContainEqual({
      path: 'options.latitude',
      message: validationText('validation.latitude', 'nl'),
    });
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/buildingblockinstance/${created.guid}`,
    });
    expect(stored.json().options).toEqual(place);
    const moved = await admin.request({
      method: 'PUT',
      url: `/api/buildingblockinstance/${created.guid}`,
      payload: { options: { latitude: 52.3731, longitude: 4.8922, zoom: 15 } },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().options).toEqual({ latitude: 52.3731, longitude: 4.8922, zoom: 15 });
  });

  it('gives visitors the name, the address, the embedded map and the link, per language; nothing without a place', async () => {
    const { db } = test.database;
    await createPage(db, {
      name: 'route',
      title: { nl: 'Route', en: 'Directions' },
      blocks: [
        { name: 'map', content: { nl: { ...content.nl, title: ' Dorpshuis De Linde ' } }, options: place },
        { name: 'map', content: { nl: { title: 'Nog te kiezen' } }, options: {} },
        { name: 'map', content, options: { latitude: 52.3731, longitude: 4.8922 } },
      ],
    });
    const site = createSiteServices({ db, actor: ANONYMOUS, log: pino({ level: 'silent' }) });
    const dutch = await site.getPageByName({ name: 'route', locale: 'nl' });
    const maps = dutch?.blocks.filter((block) => block.name === 'map') ?? [];
    expect(maps.map((block) => block.data === null)).toEqual([false, true, false]);
    expect(maps[0]?.data).toEqual({
      title: 'Dorpshuis De Linde',
      address: 'Dorpsstraat 1\n8401 AB De Linde',
      latitude: 53.0386,
      longitude: 5.6659,
      zoom: 17,
      // 800 × 450 px at zoom 17 around the place: ±0.004292° of longitude, ±0.001451° of latitude.
      embedUrl:
        'https://www.openstreetmap.org/export/embed.html?bbox=5.661608%2C53.037149%2C5.670192%2C53.040051&layer=mapnik&marker=53.0386%2C5.6659',
      url: 'https://www.openstreetmap.org/?mlat=53.0386&mlon=5.6659#map=17/53.0386/5.6659',
    });
    const english = await site.getPageByName({ name: 'route', locale: 'en' });
    const [first, , third] = english?.blocks.filter((block) => block.name === 'map') ?? [];
    // The first has no English: its Dutch, marked as Dutch.
    expect(first).toMatchObject({ contentLang: 'nl', data: { title: 'Dorpshuis De Linde' } });
    expect(third?.data).toMatchObject({
      title: 'Village hall De Linde',
      address: 'Dorpsstraat 1\n8401 AB De Linde, the Netherlands',
      url: 'https://www.openstreetmap.org/?mlat=52.3731&mlon=4.8922#map=16/52.3731/4.8922',
    });
  });

  it('makes the name of the place searchable', async () => {
    const { db } = test.database;
    const page = await createPage(db, {
      name: 'bereikbaarheid',
      title: 'Bereikbaarheid',
      blocks: [{ name: 'map', content: { nl: { title: 'Sporthal De Wiek' } }, options: place }],
    });
    const menu = await createMenu(db, TOP_LEVEL_MENU);
    await createMenuItem(db, {
      menuId: menu.id,
      urlSegment: 'bereikbaarheid',
      name: 'Bereikbaarheid',
      pageId: page.id,
    });
    await refreshSearchIndex(db);
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('Wiek')}`,
    });
    expect((response.json() as SearchResults).hits.map((hit) => hit.title)).toContain('Bereikbaarheid');
  });

  it("lets OpenStreetMap's embedded map into the site's frames (the CSP), and nothing else new", async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    const frameSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('frame-src '));
    expect(frameSrc).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://www.openstreetmap.org",
    );
  });
});
