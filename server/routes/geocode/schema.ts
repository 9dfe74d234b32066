import { z } from 'zod';
import { MAX_PLACE_CANDIDATES, MAX_PLACE_LABEL_LENGTH } from '../../domains/geocoding/index.ts';

export const geocodeQuerySchema = z.object({
  q: z.string().trim().min(2).max(200).describe('An address or the name of a place; or coordinates'),
});

export const geocodeResultsSchema = z
  .object({
    results: z
      .array(
        z.object({
          label: z.string().max(MAX_PLACE_LABEL_LENGTH).describe('The place as the geocoder names it'),
          latitude: z.number().min(-90).max(90),
          longitude: z.number().min(-180).max(180),
        }),
      )
      .max(MAX_PLACE_CANDIDATES),
  })
  .meta({ id: 'GeocodeResults' });
