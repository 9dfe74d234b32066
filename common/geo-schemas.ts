import { z } from 'zod';
import { DEFAULT_ZOOM, isLatitude, isLongitude, MAX_ZOOM, MIN_ZOOM, roundDegrees } from './geo.ts';

/*
 * The schemas of a place (./geo.ts): a latitude, a longitude (each kept to six decimals) and a zoom.
 * A field that takes a place uses these and nothing of its own.
 */

/** A latitude from -90 to 90 degrees, rounded to six decimals. */
export const latitudeSchema = z.number().refine(isLatitude, 'validation.latitude').overwrite(roundDegrees);

/** A longitude from -180 to 180 degrees, rounded to six decimals. */
export const longitudeSchema = z.number().refine(isLongitude, 'validation.longitude').overwrite(roundDegrees);

/** How far in a map shows: a whole number from 1 (the world) to 19 (a building). */
export const zoomSchema = z.number().int().min(MIN_ZOOM).max(MAX_ZOOM).default(DEFAULT_ZOOM);
