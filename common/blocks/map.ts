import { z } from 'zod';
import { latitudeSchema, longitudeSchema, zoomSchema } from '../geo-schemas.ts';
import { defineBlockType } from './define.ts';

export const MAX_MAP_TITLE_LENGTH = 200;
export const MAX_MAP_ADDRESS_LENGTH = 500;

/**
 * A map of one place (OpenStreetMap). The place's name (`title`: the frame's and the link's name,
 * and what the search index reads) and its address (plain text, line breaks kept) are per language;
 * where it is and how far in the map shows are options, the same in every language. The place
 * follows the one rule of common/geo.ts; none (null, null) while the editor has not chosen one yet,
 * and then the block shows nothing. Both or neither: half a place is no place.
 */
export const mapBlock = defineBlockType({
  content: z.object({
    title: z.string().min(1).max(MAX_MAP_TITLE_LENGTH),
    address: z.string().max(MAX_MAP_ADDRESS_LENGTH).default(''),
  }),
  options: z
    .object({
      latitude: latitudeSchema.nullable().default(null),
      longitude: longitudeSchema.nullable().default(null),
      zoom: zoomSchema,
    })
    .superRefine((options, context) => {
      if ((options.latitude === null) === (options.longitude === null)) return;
      const missing = options.latitude === null ? 'latitude' : 'longitude';
      context.addIssue({ code: 'custom', path: [missing], message: 'validation.required' });
    }),
  isLocalized: true,
  newContent: () => ({ title: '', address: '' }),
});

/**
 * What visitors get: the place's name and address (trimmed), where it is and the zoom, the map to
 * embed once they consent to functional cookies, and the plain link to OpenStreetMap that every
 * visitor gets, with JavaScript or without.
 */
export type MapBlockData = {
  title: string;
  address: string;
  latitude: number;
  longitude: number;
  zoom: number;
  embedUrl: string;
  url: string;
};
