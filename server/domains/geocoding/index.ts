import { formatCoordinates, parsePlace } from '../../../common/geo.ts';
import { AppError } from '../../errors.ts';
import { authorize } from '../../policies/index.ts';
import type { Ctx } from '../context.ts';
import { type Geocoder, GeocoderError, type PlaceCandidate } from './service.ts';

export {
  type Geocoder,
  GeocoderError,
  MAX_PLACE_CANDIDATES,
  MAX_PLACE_LABEL_LENGTH,
  nominatim,
  type PlaceCandidate,
} from './service.ts';

/**
 * The map block's address search (issue 31), for those who place blocks: coordinates or a link of
 * OpenStreetMap are read by the one rule of common/geo.ts and answered as they are, without asking
 * anyone; anything else goes to the site's geocoder in the caller's language. No geocoder (GEOCODER_URL
 * off): 404 `geocoder_off`; one that does not answer in time or answers nonsense: 424
 * `geocoder_unavailable`. Either way the editor types the coordinates instead.
 */
export async function findPlaces(
  ctx: Ctx,
  geocoder: Geocoder | null,
  input: { q: string },
): Promise<{ results: PlaceCandidate[] }> {
  authorize(ctx.actor, 'block.findPlace');
  const place = parsePlace(input.q);
  if (place) {
    const { latitude, longitude } = place;
    return { results: [{ label: formatCoordinates(place), latitude, longitude }] };
  }
  if (!geocoder) throw new AppError('geocoder_off');
  try {
    return { results: await geocoder.search({ q: input.q, language: ctx.locale }) };
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    // Another's service not answering is no fault here (a warning); the editor types coordinates.
    ctx.log.warn({ err: error }, error.message);
    throw new AppError('geocoder_unavailable', error.message);
  }
}
