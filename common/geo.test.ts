import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  coordinatesOf,
  formatCoordinates,
  isLatitude,
  isLongitude,
  openStreetMapEmbedUrl,
  openStreetMapUrl,
  parseDegrees,
  parsePlace,
  roundDegrees,
} from './geo.ts';
import { latitudeSchema, longitudeSchema, zoomSchema } from './geo-schemas.ts';

/*
 * The corpus of the place rule (the map block, issue 31): what editors type and paste, and what an
 * attacker or a slip of the keyboard would make of a place. A hostile value that one day passes is
 * a hole; add every new trick here.
 */

const HOSTILE_PLACES = [
  '',
  ' ',
  ',',
  '52.37',
  '52.37,',
  ', 4.89',
  '52.37, 4.89, 3',
  '91, 4.89',
  '-90.0000001, 4.89',
  '52.37, 180.1',
  '52.37, -181',
  '999, 999',
  '1e1, 4.89',
  '52.37, 4e0',
  '0x34, 4.89',
  '0b1, 0o7',
  'Infinity, 4.89',
  '52.37, -Infinity',
  'NaN, NaN',
  '52.37., 4.89',
  '.5, 4.89',
  '52.37, 4.',
  '++52.37, 4.89',
  '52.37, --4.89',
  '52,37, 4,89', // decimal commas: which comma is which?
  '52.37,,4.89',
  '52.37 , , 4.89',
  '52.37\n4.89',
  '52.37,\n4.89',
  '52.37\u00a04.89', // a no-break space between
  '52.37\u20094.89', // a thin space
  '52.37\u200b, 4.89', // a zero-width space
  '\u202e98.4 ,73.25', // right-to-left override
  '\uff15\uff12.37, 4.89', // fullwidth digits
  '\u0665\u0662.37, 4.89', // Arabic-Indic digits
  '𝟓𝟐.37, 4.89', // mathematical digits
  '52·37, 4·89', // a middle dot
  '52.37, 4.89<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  'javascript://www.openstreetmap.org/%0Aalert(1)#map=17/52.37/4.89',
  'data:text/html,#map=17/52.37/4.89',
  'geo:52.37,4.89',
  '52.37° N, 4.89° E',
  'N 52.37, E 4.89',
  '52°22′12″N 4°53′24″E',
  `52.${'3'.repeat(30)}, 4.89`,
  `${'1'.repeat(400)}, 4.89`,
  `52.37, 4.89${' '.repeat(3000)}x`,
  'https://evil.example/#map=17/52.3702/4.8952',
  'https://evil.example/?mlat=52.37&mlon=4.89',
  'https://www.openstreetmap.org.evil.example/#map=17/52.3702/4.8952',
  'https://openstreetmap.org@evil.example/#map=17/52.3702/4.8952',
  'https://user:pass@www.openstreetmap.org/#map=17/52.3702/4.8952',
  'https://www.openstreetmap.org:8443/#map=17/52.3702/4.8952',
  'https://www.openstreetmap.org./#map=17/52.3702/4.8952',
  'https://www.0penstreetmap.org/#map=17/52.3702/4.8952',
  'https://www.openstreetmаp.org/#map=17/52.3702/4.8952', // a Cyrillic а
  'ftp://www.openstreetmap.org/#map=17/52.3702/4.8952',
  '//www.openstreetmap.org/#map=17/52.3702/4.8952',
  'www.openstreetmap.org/#map=17/52.3702/4.8952',
  'https://www.openstreetmap.org/',
  'https://www.openstreetmap.org/#map=17/52.3702',
  'https://www.openstreetmap.org/#map=17/91/4.8952',
  'https://www.openstreetmap.org/#map=17/52.3702/364.8952',
  'https://www.openstreetmap.org/#map=17/1e1/4.8952',
  'https://www.openstreetmap.org/#map=17/NaN/4.8952',
  'https://www.openstreetmap.org/#map=17/52.3702/4.8952%3Cscript%3E',
  'https://www.openstreetmap.org/#map=x/52.3702/4.8952',
  'https://www.openstreetmap.org/#map=123/52.3702/4.8952',
  'https://www.openstreetmap.org/?mlat=52.37',
  'https://www.openstreetmap.org/?mlon=4.89#map=17/52.3702/4.8952',
  'https://www.openstreetmap.org/?mlat=52.37&mlon=javascript:alert(1)',
  'https://www.openstreetmap.org/?mlat=+52.37&mlon=4.89', // + is a space in a query
  'https://www.openstreetmap.org/?mlat=52.37&mlon=4.89&mlat=1', // two markers: the first is read
  'https://www.openstreetmap.org/?mlat=%EF%BC%95%EF%BC%92&mlon=4.89', // fullwidth, encoded
];

/** What people type and paste, and the place (and zoom) it is. */
const GOOD_PLACES: [string, { latitude: number; longitude: number; zoom?: number }][] = [
  ['52.37, 4.89', { latitude: 52.37, longitude: 4.89 }],
  ['52.37,4.89', { latitude: 52.37, longitude: 4.89 }],
  ['52.37 4.89', { latitude: 52.37, longitude: 4.89 }],
  ['52.37;4.89', { latitude: 52.37, longitude: 4.89 }],
  ['  52.3702 ,\t4.8952  ', { latitude: 52.3702, longitude: 4.8952 }],
  ['-33.856784, 151.215297', { latitude: -33.856784, longitude: 151.215297 }],
  ['+40.6892, -74.0445', { latitude: 40.6892, longitude: -74.0445 }],
  ['52.37307961234, 4.89', { latitude: 52.37308, longitude: 4.89 }],
  ['90, 180', { latitude: 90, longitude: 180 }],
  ['-90, -180', { latitude: -90, longitude: -180 }],
  ['-0, -0.0000001', { latitude: 0, longitude: 0 }],
  ['052.37, 004.89', { latitude: 52.37, longitude: 4.89 }],
  [
    'https://www.openstreetmap.org/#map=17/52.3702/4.8952',
    { latitude: 52.3702, longitude: 4.8952, zoom: 17 },
  ],
  [
    'https://www.openstreetmap.org/#map=12/52.3702/4.8952&layers=N',
    { latitude: 52.3702, longitude: 4.8952, zoom: 12 },
  ],
  ['https://openstreetmap.org/#map=5/-33.86/151.21', { latitude: -33.86, longitude: 151.21, zoom: 5 }],
  ['http://www.openstreetmap.org/#map=17/52.3702/4.8952', { latitude: 52.3702, longitude: 4.8952, zoom: 17 }],
  [
    'HTTPS://WWW.OpenStreetMap.org/#map=17/52.3702/4.8952',
    { latitude: 52.3702, longitude: 4.8952, zoom: 17 },
  ],
  ['https://osm.org/#map=17/52.3702/4.8952', { latitude: 52.3702, longitude: 4.8952, zoom: 17 }],
  ['https://www.openstreetmap.org/?mlat=52.37&mlon=4.89', { latitude: 52.37, longitude: 4.89 }],
  [
    'https://www.openstreetmap.org/?mlat=52.3731&mlon=4.8922#map=19/52.3730/4.8920',
    { latitude: 52.3731, longitude: 4.8922, zoom: 19 },
  ],
  ['https://www.openstreetmap.org/#map=0/0/0', { latitude: 0, longitude: 0, zoom: 1 }],
  [
    'https://www.openstreetmap.org/#map=22/52.3702/4.8952',
    { latitude: 52.3702, longitude: 4.8952, zoom: 19 },
  ],
  [
    'https://www.openstreetmap.org/search?query=Dam#map=17/52.3702/4.8952',
    { latitude: 52.3702, longitude: 4.8952, zoom: 17 },
  ],
];

describe('parsePlace: the hostile corpus', () => {
  it('is a corpus worth the name', () => {
    expect(HOSTILE_PLACES.length).toBeGreaterThan(70);
  });

  it.each(HOSTILE_PLACES.filter((value) => !value.includes('&mlat=1')))('refuses %j', (value) => {
    expect(parsePlace(value)).toBeNull();
  });

  it('reads the first of two markers, as OpenStreetMap does', () => {
    expect(parsePlace('https://www.openstreetmap.org/?mlat=52.37&mlon=4.89&mlat=1')).toEqual({
      latitude: 52.37,
      longitude: 4.89,
    });
  });
});

describe('parsePlace: places as people write and paste them', () => {
  it.each(GOOD_PLACES)('takes %j', (value, place) => {
    expect(parsePlace(value)).toEqual(place);
  });

  it('reads back what formatCoordinates writes', () => {
    for (const [, place] of GOOD_PLACES) {
      expect(parsePlace(formatCoordinates(place))).toEqual({
        latitude: place.latitude,
        longitude: place.longitude,
      });
    }
    expect(formatCoordinates({ latitude: 52.3702, longitude: -4.8952 })).toBe('52.3702, -4.8952');
    expect(formatCoordinates({ latitude: 0.000001, longitude: -0 })).toBe('0.000001, 0');
  });
});

describe('the degrees and their schemas', () => {
  it('reads degrees of ASCII digits only', () => {
    expect(parseDegrees('52.3702')).toBe(52.3702);
    expect(parseDegrees('-4')).toBe(-4);
    for (const text of ['1e2', '0x10', 'Infinity', '', ' 52', '52 ', '\uff15', '5.', '.5', '1_000']) {
      expect(parseDegrees(text), text).toBeNull();
    }
    expect(coordinatesOf('52.3702', '4.8952')).toEqual({ latitude: 52.3702, longitude: 4.8952 });
    expect(coordinatesOf('4.8952', '181')).toBeNull();
  });

  it('keeps six decimals and writes no -0', () => {
    expect(roundDegrees(52.37307961)).toBe(52.37308);
    expect(roundDegrees(-4.8952004999)).toBe(-4.8952);
    expect(Object.is(roundDegrees(-0.0000001), 0)).toBe(true);
  });

  it.each([
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [-90, true],
    [90, true],
    [90.0000001, false],
    [-180, false],
    ['52', false],
    [null, false],
  ])('takes %j as a latitude: %j', (value, expected) => {
    expect(isLatitude(value)).toBe(expected);
  });

  it('checks longitudes from -180 to 180', () => {
    expect(isLongitude(-180)).toBe(true);
    expect(isLongitude(180)).toBe(true);
    expect(isLongitude(180.000001)).toBe(false);
    expect(isLongitude(Number.NEGATIVE_INFINITY)).toBe(false);
  });

  it('names the rule a schema breaks, and rounds what it takes', () => {
    expect(latitudeSchema.parse(52.370212345)).toBe(52.370212);
    expect(longitudeSchema.parse(-180)).toBe(-180);
    expect(latitudeSchema.safeParse(-91).error?.issues[0]?.message).toBe('validation.latitude');
    expect(longitudeSchema.safeParse(181).error?.issues[0]?.message).toBe('validation.longitude');
    expect(latitudeSchema.safeParse('52.37').success).toBe(false);
    expect(latitudeSchema.safeParse(Number.NaN).success).toBe(false);
    expect(zoomSchema.parse(undefined)).toBe(16);
    for (const zoom of [0, 20, 1.5, '5']) expect(zoomSchema.safeParse(zoom).success).toBe(false);
  });
});

describe('the OpenStreetMap addresses of a place', () => {
  const dam = { latitude: 52.3731, longitude: 4.8922 };

  it('embeds the map with a marker on the place, in an area around it that narrows as the zoom grows', () => {
    const url = new URL(openStreetMapEmbedUrl(dam, 16));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('layer')).toBe('mapnik');
    expect(url.searchParams.get('marker')).toBe('52.3731,4.8922');
    const [west, south, east, north] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
    expect(west).toBeLessThan(dam.longitude);
    expect(east).toBeGreaterThan(dam.longitude);
    expect(south).toBeLessThan(dam.latitude);
    expect(north).toBeGreaterThan(dam.latitude);
    // 800 px of a world of 256 × 2^16 px: about 0.017 degrees of longitude.
    expect((east ?? 0) - (west ?? 0)).toBeCloseTo((800 / (256 * 2 ** 16)) * 360, 5);
    const [wideWest, , wideEast] = boundingBox(dam, 10);
    expect((wideEast ?? 0) - (wideWest ?? 0)).toBeCloseTo(64 * ((east ?? 0) - (west ?? 0)), 3);
  });

  it('keeps the area within the world at the poles and the date line', () => {
    for (const place of [
      { latitude: 90, longitude: 180 },
      { latitude: -90, longitude: -180 },
    ]) {
      const [west, south, east, north] = boundingBox(place, 1);
      expect(west).toBeGreaterThanOrEqual(-180);
      expect(east).toBeLessThanOrEqual(180);
      expect(south).toBeGreaterThanOrEqual(-85.051129);
      expect(north).toBeLessThanOrEqual(85.051129);
      expect(openStreetMapEmbedUrl(place, 1)).not.toMatch(/NaN|Infinity/);
    }
  });

  it('links to the place on OpenStreetMap with its marker and zoom', () => {
    expect(openStreetMapUrl(dam, 17)).toBe(
      'https://www.openstreetmap.org/?mlat=52.3731&mlon=4.8922#map=17/52.3731/4.8922',
    );
    expect(parsePlace(openStreetMapUrl(dam, 17))).toEqual({ ...dam, zoom: 17 });
  });
});
