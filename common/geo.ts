/*
 * The one rule for a place on the map (the map block, issue 31, and the address search's answers):
 * a latitude from -90 to 90 and a longitude from -180 to 180 in degrees, finite, kept to six
 * decimals (about 10 cm); what an editor types or pastes ("52.3702, 4.8952", a link of
 * OpenStreetMap) read into that; and the OpenStreetMap addresses made from a place. Apart from its
 * schemas (./geo-schemas.ts), so that the browser's public pages, which only make links, do not
 * load zod.
 */

export type Coordinates = { latitude: number; longitude: number };
/** What an editor's input says: the place, and the zoom when a pasted map link names one. */
export type ParsedPlace = Coordinates & { zoom?: number };

/** How far in a map shows: 1 (the whole world) to 19 (a building), as OpenStreetMap counts. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 19;
/** A street and its surroundings. */
export const DEFAULT_ZOOM = 16;

/** Decimals kept of a coordinate: the sixth is about 10 cm, more is noise of a geocoder. */
export const COORDINATE_DECIMALS = 6;
/** The longest input read (a pasted map link with its query); anything longer is no place. */
export const MAX_PLACE_INPUT_LENGTH = 2000;

/** Degrees as people and OpenStreetMap write them: ASCII digits, an optional sign and decimal point. */
const DEGREES = /^[+-]?\d{1,3}(?:\.\d{1,20})?$/;
/** Two numbers of degrees, separated by a comma or semicolon (spaces around it) or by spaces alone. */
const DEGREE_PAIR = /^([+-]?\d{1,3}(?:\.\d{1,20})?)(?:[ \t]*[,;][ \t]*|[ \t]+)([+-]?\d{1,3}(?:\.\d{1,20})?)$/;
/** OpenStreetMap's own hosts: a link from anywhere else is not read for a place. */
const OPEN_STREET_MAP_HOSTS = new Set([
  'openstreetmap.org',
  'www.openstreetmap.org',
  'osm.org',
  'www.osm.org',
]);
/** The map part of an OpenStreetMap address: `#map=<zoom>/<latitude>/<longitude>`, maybe `&layers=…` after. */
const MAP_HASH = /^#map=(\d{1,2})\/([^/&]{1,30})\/([^/&]{1,30})(?:&.*)?$/;

export const isLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;

export const isLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

export const isZoom = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= MIN_ZOOM && value <= MAX_ZOOM;

/** A coordinate kept to six decimals; -0 is 0 (so a place is written one way). */
export function roundDegrees(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A number of degrees written as text (`52.3702`, `-4.5`), or null: no exponents, no other digits. */
export function parseDegrees(text: string): number | null {
  if (!DEGREES.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A place from its latitude and longitude as texts, rounded; null when either breaks the rule. */
export function coordinatesOf(latitudeText: string, longitudeText: string): Coordinates | null {
  const latitude = parseDegrees(latitudeText);
  const longitude = parseDegrees(longitudeText);
  if (!isLatitude(latitude) || !isLongitude(longitude)) return null;
  return { latitude: roundDegrees(latitude), longitude: roundDegrees(longitude) };
}

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/**
 * What an editor typed or pasted for a place: a latitude and longitude (`52.3702, 4.8952`,
 * `52.3702 4.8952`, `52.3702;4.8952`), or a link of OpenStreetMap, its marker (`?mlat=…&mlon=…`)
 * before its view (`#map=17/52.3702/4.8952`, whose zoom comes along, kept from 1 to 19). Null for
 * anything else: other sites' links, numbers in other scripts or with exponents, out of range.
 */
export function parsePlace(input: string): ParsedPlace | null {
  if (input.length > MAX_PLACE_INPUT_LENGTH) return null;
  const text = input.trim();
  const pair = DEGREE_PAIR.exec(text);
  if (pair) return coordinatesOf(pair[1] ?? '', pair[2] ?? '');
  return placeOfMapLink(text);
}

function placeOfMapLink(text: string): ParsedPlace | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  if (!OPEN_STREET_MAP_HOSTS.has(url.hostname)) return null;
  const view = MAP_HASH.exec(url.hash);
  const zoom = view ? { zoom: clampZoom(Number(view[1])) } : {};
  const markerLatitude = url.searchParams.get('mlat');
  const markerLongitude = url.searchParams.get('mlon');
  if (markerLatitude !== null || markerLongitude !== null) {
    const marker = coordinatesOf(markerLatitude ?? '', markerLongitude ?? '');
    return marker && { ...marker, ...zoom };
  }
  if (!view) return null;
  const centre = coordinatesOf(view[2] ?? '', view[3] ?? '');
  return centre && { ...centre, ...zoom };
}

/** A place as the coordinates field shows it (what `parsePlace` reads back): `52.3702, 4.8952`. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${roundDegrees(latitude)}, ${roundDegrees(longitude)}`;
}

/**
 * The frame the embedded map is drawn for, in CSS pixels (16:9, the content column's width): its
 * bounding box is worked out for this size at the zoom, so a frame of this size shows that zoom and
 * a smaller one (a phone) the same area.
 */
const FRAME = { width: 800, height: 450 };
/** Web Mercator's limit: OpenStreetMap draws nothing nearer the poles. */
const MERCATOR_LIMIT = 85.051129;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

/**
 * The area a map of `zoom` around the place shows in the frame: west, south, east, north, in
 * degrees (Web Mercator: 256 pixels are the whole world at zoom 0, twice as many at each step).
 */
export function boundingBox(place: Coordinates, zoom: number): [number, number, number, number] {
  const worldPixels = 256 * 2 ** zoom;
  const halfWidth = (FRAME.width / 2 / worldPixels) * 360;
  const y = Math.log(Math.tan(Math.PI / 4 + toRadians(clamp(place.latitude, MERCATOR_LIMIT)) / 2));
  const halfHeight = (FRAME.height / 2 / worldPixels) * 2 * Math.PI;
  const latitudeAt = (mercatorY: number) => toDegrees(2 * Math.atan(Math.exp(mercatorY)) - Math.PI / 2);
  return [
    roundDegrees(clamp(place.longitude - halfWidth, 180)),
    roundDegrees(clamp(latitudeAt(y - halfHeight), MERCATOR_LIMIT)),
    roundDegrees(clamp(place.longitude + halfWidth, 180)),
    roundDegrees(clamp(latitudeAt(y + halfHeight), MERCATOR_LIMIT)),
  ];
}

const OPEN_STREET_MAP = 'https://www.openstreetmap.org';

/** The map to embed (after consent): OpenStreetMap's embed page with the area and a marker on the place. */
export function openStreetMapEmbedUrl(place: Coordinates, zoom: number): string {
  const query = new URLSearchParams({
    bbox: boundingBox(place, zoom).join(','),
    layer: 'mapnik',
    marker: `${roundDegrees(place.latitude)},${roundDegrees(place.longitude)}`,
  });
  return `${OPEN_STREET_MAP}/export/embed.html?${query}`;
}

/** The place on OpenStreetMap's own site, with its marker: the plain link every visitor gets. */
export function openStreetMapUrl(place: Coordinates, zoom: number): string {
  const latitude = roundDegrees(place.latitude);
  const longitude = roundDegrees(place.longitude);
  return `${OPEN_STREET_MAP}/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
