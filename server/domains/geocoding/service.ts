import { coordinatesOf } from '../../../common/geo.ts';
import type { Locale } from '../../../common/localized-text.ts';

/** A place an address search found: its name as the geocoder writes it, and where it is. */
export type PlaceCandidate = { label: string; latitude: number; longitude: number };

/** A geocoder: an address (or a place's name) in, the places it may be out, best first. */
export type Geocoder = {
  search(input: { q: string; language: Locale }): Promise<PlaceCandidate[]>;
};

export class GeocoderError extends Error {}

/** The most places one search answers: enough to choose from, few enough to read. */
export const MAX_PLACE_CANDIDATES = 5;
export const MAX_PLACE_LABEL_LENGTH = 300;
/** A geocoder's answer read at most this far: five places are a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** Answers kept per node (Nominatim's usage policy asks to cache), for an hour. */
const CACHE_ENTRIES = 200;
const CACHE_MS = 60 * 60 * 1000;

/**
 * A Nominatim-compatible geocoder (OpenStreetMap's, or one run beside the site) at its search URL:
 * `?q=…&format=jsonv2&limit=5`, with a User-Agent that names the site, as its usage policy asks.
 * Whatever it answers is read defensively: a place outside the one rule of common/geo.ts or
 * without a name is left out, names are plain text (control characters out, cut to 300
 * characters). An answer that is late, not 2xx, too large or not a list is a GeocoderError.
 */
export function nominatim(options: { url: string; timeoutMs: number; userAgent: string }): Geocoder {
  const cache = new Map<string, { until: number; places: PlaceCandidate[] }>();
  return {
    async search({ q, language }) {
      const key = `${language}\n${q.toLowerCase()}`;
      const kept = cache.get(key);
      if (kept && kept.until > Date.now()) return kept.places;
      const url = new URL(options.url);
      url.searchParams.set('q', q);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', String(MAX_PLACE_CANDIDATES));
      url.searchParams.set('accept-language', language);
      let answer: string;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': options.userAgent },
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new GeocoderError(`geocoder answered ${response.status}`);
        }
        answer = await cappedText(response, MAX_ANSWER_BYTES);
      } catch (error) {
        if (error instanceof GeocoderError) throw error;
        throw new GeocoderError(`geocoder unreachable: ${(error as Error).message}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(answer);
      } catch {
        throw new GeocoderError('geocoder answered something else than JSON');
      }
      if (!Array.isArray(body)) throw new GeocoderError('geocoder answered something else than a list');
      const places = body.flatMap(candidateOf).slice(0, MAX_PLACE_CANDIDATES);
      cache.delete(key);
      cache.set(key, { until: Date.now() + CACHE_MS, places });
      // The oldest entry goes first (a Map keeps the order of insertion).
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      return places;
    },
  };
}

/** The body as text, refused (GeocoderError) once it passes `limit` bytes. */
async function cappedText(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new GeocoderError(`geocoder answered more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Control and format characters (those that turn text around too) out of a name: it is shown as text. */
const UNSHOWN = /[\p{Cc}\p{Cf}]+/gu;

function candidateOf(entry: unknown): PlaceCandidate[] {
  if (entry === null || typeof entry !== 'object') return [];
  const { lat, lon, display_name: name } = entry as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'number' ? String(value) : value);
  const latitude = text(lat);
  const longitude = text(lon);
  if (typeof latitude !== 'string' || typeof longitude !== 'string' || typeof name !== 'string') return [];
  const place = coordinatesOf(latitude, longitude);
  const label = name.replace(UNSHOWN, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_PLACE_LABEL_LENGTH);
  return place && label !== '' ? [{ label, ...place }] : [];
}
