import { openStreetMapEmbedUrl, openStreetMapUrl } from '../../../../common/geo.ts';
import type { ServerBlockType } from './define.ts';

/**
 * A map without a place (the editor has not chosen one yet) shows nothing; edit mode shows its
 * placeholder. The options passed their schema (prepare.ts), so the place follows the one rule of
 * common/geo.ts and the addresses made from it are OpenStreetMap's.
 */
export const map: ServerBlockType<'map'> = {
  prepare: ({ content, options }) => {
    const { latitude, longitude, zoom } = options;
    if (latitude === null || longitude === null) return null;
    const place = { latitude, longitude };
    return {
      title: content.title.trim(),
      address: content.address.trim(),
      latitude,
      longitude,
      zoom,
      embedUrl: openStreetMapEmbedUrl(place, zoom),
      url: openStreetMapUrl(place, zoom),
    };
  },
};
